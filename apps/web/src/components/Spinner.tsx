/** Loading indicators. */
import clsx from 'clsx';

import { i18n, useMessages } from '../lib/i18n';

const messages = i18n('Spinner', { loading: 'Loading' });

interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Text for screen readers. */
  label?: string;
  /** Inside a button that already says what happens: hidden from assistive technology. */
  decorative?: boolean;
  className?: string;
}

const SIZES = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' } as const;

/** A spinning ring; announced as "Loading" (or `label`) unless decorative. */
export function Spinner({ size = 'md', label, decorative = false, className }: SpinnerProps) {
  const t = useMessages(messages);
  const ring = (
    <span
      aria-hidden="true"
      className={clsx(
        'inline-block animate-spin rounded-full border-current border-r-transparent',
        SIZES[size],
        className,
      )}
    />
  );
  if (decorative) return ring;
  return (
    <span role="status" className="inline-flex items-center">
      {ring}
      <span className="sr-only">{label ?? t.loading}</span>
    </span>
  );
}

/**
 * A spinner centred in the page, while a screen or the session loads
 * (docs/product.md#screens-and-routes).
 */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-brand-700">
      <Spinner size="lg" label={label} />
    </div>
  );
}
