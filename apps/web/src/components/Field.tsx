/**
 * Labelled form controls: every input has a `<label>` (htmlFor/id), its error is an
 * alert tied to it by aria-describedby, and an optional hint sits under it.
 */
import clsx from 'clsx';
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
} from 'react';

import { translateValidation } from '../lib/i18n';

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** A short note after the label, outside it, e.g. "Optional". */
  aside?: string;
  className?: string | undefined;
  children: ReactNode;
}

function FieldFrame({ id, label, error, hint, aside, className, children }: FieldFrameProps) {
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {aside && <span className="text-xs text-slate-500">{aside}</span>}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-600">
          {translateValidation(error)}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-sm text-slate-500">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

/** The control styles, red when in error. */
export function controlClasses(hasError: boolean, extra?: string): string {
  return clsx(
    'block w-full min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm',
    'placeholder:text-slate-400 disabled:bg-slate-50 disabled:text-slate-500',
    'focus:outline-none focus:ring-2 focus:ring-offset-0',
    hasError
      ? 'border-red-400 focus:border-red-500 focus:ring-red-500/30'
      : 'border-slate-300 focus:border-brand-600 focus:ring-brand-600/25',
    extra,
  );
}

function describedBy(id: string, error: string | undefined, hint: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  aside?: string;
  /** Classes of the wrapper. */
  className?: string;
  /** Classes of the input itself. */
  inputClassName?: string;
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled `<input>`. */
export function TextField({
  label,
  error,
  hint,
  aside,
  className,
  inputClassName,
  id,
  ref,
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <FieldFrame
      id={inputId}
      label={label}
      error={error}
      hint={hint}
      className={className}
      {...(aside ? { aside } : {})}
    >
      <input
        id={inputId}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={controlClasses(Boolean(error), inputClassName)}
        {...inputProps}
      />
    </FieldFrame>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  id?: string;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
}

/** A labelled `<select>`. */
export function SelectField({
  label,
  error,
  hint,
  className,
  id,
  ref,
  children,
  ...selectProps
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <FieldFrame id={selectId} label={label} error={error} hint={hint} className={className}>
      <select
        id={selectId}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, error, hint)}
        className={controlClasses(Boolean(error), 'pr-8')}
        {...selectProps}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  hint?: ReactNode;
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled checkbox with an optional hint under the label; the whole row is clickable. */
export function CheckboxField({
  label,
  hint,
  className,
  id,
  ref,
  ...inputProps
}: CheckboxFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={clsx('flex items-start gap-3', className)}>
      <input
        id={inputId}
        ref={ref}
        type="checkbox"
        aria-describedby={hint ? `${inputId}-hint` : undefined}
        className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-brand-700 disabled:opacity-60"
        {...inputProps}
      />
      <div className="flex min-h-6 flex-col">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint && (
          <p id={`${inputId}-hint`} className="text-sm text-slate-500">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
