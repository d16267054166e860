/** react-hook-form helpers shared by the forms. */
import { zodResolver } from '@hookform/resolvers/zod';
import type { ChangeEvent } from 'react';
import {
  type Resolver,
  useForm,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';

/**
 * `register`, plus: editing a field clears its error (docs/product.md#forms-and-their-messages).
 * Forms validate on
 * submit only, so an error stays until the field is edited or the form is sent again.
 */
export function registerClearingErrors<TValues extends FieldValues, TContext, TTransformed>(
  form: UseFormReturn<TValues, TContext, TTransformed>,
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

/**
 * `useForm` as every form here uses it: validated on submit only, then again on each
 * submit (docs/product.md#forms-and-their-messages). Gives the form, its `field`
 * (registerClearingErrors) and the
 * current `errors`.
 */
export function useSubmitValidatedForm<
  TValues extends FieldValues = FieldValues,
  TContext = unknown,
  TTransformed = TValues,
>(options: Omit<UseFormProps<TValues, TContext, TTransformed>, 'mode' | 'reValidateMode'>) {
  const form = useForm<TValues, TContext, TTransformed>({
    ...options,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  return { form, field: registerClearingErrors(form), errors: form.formState.errors };
}

/**
 * Upper-cases the plate as it is typed, keeping the caret where it was
 * (docs/product.md#forms-and-their-messages: invitation and vehicle plates).
 */
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

/**
 * A zod resolver whose schema (and zod with it) loads on the form's first validation, not
 * with the page: /login's first load carries only what it needs (docs/performance.md#the-targets).
 * The
 * same shared schema decides; `load` is e.g. `() => import('@gatehouse/shared/schemas/auth')
 * .then((module) => module.ZLoginRequest)`.
 */
export function lazyZodResolver<TValues extends FieldValues>(
  load: () => Promise<Parameters<typeof zodResolver>[0]>,
): Resolver<TValues> {
  let resolver: Resolver<TValues> | undefined;
  return async (values, context, options) => {
    resolver ??= zodResolver(await load()) as unknown as Resolver<TValues>;
    return resolver(values, context, options);
  };
}

/**
 * After a refused submit, once its errors are on screen: moves focus to the form's first
 * error in reading order (the first invalid control, or an alert such as the server's
 * refusal) and scrolls it to the middle of the screen, clear of the sticky top bar. The
 * error itself is announced by its alert. `container` is the form element.
 */
export function focusFirstError(container: HTMLElement | null): void {
  // The errors render with the next paint.
  requestAnimationFrame(() => {
    const target = container?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    if (!target) return;
    if (!target.matches('input, select, textarea, button, [tabindex]')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
    target.scrollIntoView?.({ block: 'center' });
  });
}
