/** Buttons and button-styled links: the app's one set of action styles. */
import clsx from 'clsx';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'wouter';

import { Spinner } from './Spinner';

/** `danger-ghost`: a quiet destructive action in a list row (Remove, Deactivate, Fail). */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'danger-ghost';
/** md is 44 px high; lg is 56 px, for the gate tablet and primary page actions. */
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900',
  secondary:
    'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 active:bg-slate-100',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800',
  ghost: 'text-slate-700 hover:bg-slate-100 active:bg-slate-200',
  'danger-ghost': 'text-red-700 hover:bg-red-50 active:bg-red-100',
};

const SIZE_CLASSES: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-4 text-sm',
  lg: 'min-h-14 px-6 text-base',
};

/** The class list of a button of `variant` and `size`, for links that look like buttons. */
export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  extra?: string,
): string {
  return clsx(
    'inline-flex select-none items-center justify-center gap-2 rounded-lg font-semibold transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    'disabled:cursor-not-allowed disabled:opacity-60',
    VARIANT_CLASSES[variant],
    SIZE_CLASSES[size],
    extra,
  );
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button while an action runs. */
  loading?: boolean;
  /** An icon before the text. */
  icon?: ReactNode;
}

/** A real `<button>` (type="button" unless told otherwise). */
export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  icon,
  className,
  children,
  disabled,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner size="sm" decorative /> : icon}
      {children}
    </button>
  );
}

interface ButtonLinkProps {
  href: string;
  /** The link's accessible name when its text alone is ambiguous (e.g. "Open" in a list). */
  'aria-label'?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A wouter `<Link>` (a real `<a>`) styled as a button. */
export function ButtonLink({
  href,
  variant = 'primary',
  size = 'md',
  icon,
  className,
  children,
  'aria-label': ariaLabel,
}: ButtonLinkProps) {
  return (
    <Link href={href} aria-label={ariaLabel} className={buttonClasses(variant, size, className)}>
      {icon}
      {children}
    </Link>
  );
}
