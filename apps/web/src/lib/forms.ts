/** react-hook-form helpers shared by the forms. */
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
