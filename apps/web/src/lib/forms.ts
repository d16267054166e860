/** react-hook-form helpers shared by the forms. */
import type { ChangeEvent } from 'react';
import type { FieldPath, FieldValues, RegisterOptions, UseFormReturn } from 'react-hook-form';

/**
 * `register`, plus: editing a field clears its error (product-spec §5). Forms validate on
 * submit only, so an error stays until the field is edited or the form is sent again.
 */
export function registerClearingErrors<TValues extends FieldValues, TTransformed>(
  form: UseFormReturn<TValues, unknown, TTransformed>,
) {
  return <TName extends FieldPath<TValues>>(
    name: TName,
    options?: RegisterOptions<TValues, TName>,
  ) =>
    form.register(name, {
      ...options,
      onChange: (event: unknown) => {
        if (form.getFieldState(name).error) form.clearErrors(name);
        return options?.onChange?.(event);
      },
    });
}

/** Upper-cases the plate as it is typed, keeping the caret where it was (product-spec §5: invitation and vehicle plates). */
export function upperCaseInput(event: ChangeEvent<HTMLInputElement>) {
  const input = event.target;
  const { selectionStart, selectionEnd } = input;
  const upper = input.value.toUpperCase();
  if (upper !== input.value) {
    input.value = upper;
    if (selectionStart !== null && selectionEnd !== null)
      input.setSelectionRange(selectionStart, selectionEnd);
  }
}
