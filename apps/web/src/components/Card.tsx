/** A white panel, optionally with a titled header. */
import clsx from 'clsx';
import type { ReactNode } from 'react';

interface CardProps {
  /** Heading text of the card (an h2 unless `headingLevel` says otherwise). */
  title?: ReactNode;
  headingLevel?: 2 | 3;
  /** Short text under the title. */
  description?: ReactNode;
  /** Actions on the right of the header. */
  actions?: ReactNode;
  className?: string;
  /** Padding of the body; off for lists that run edge to edge. */
  padded?: boolean;
  children?: ReactNode;
}

/** A section card. */
export function Card({
  title,
  headingLevel = 2,
  description,
  actions,
  className,
  padded = true,
  children,
}: CardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={clsx('rounded-2xl border border-slate-200 bg-white shadow-sm', className)}>
      {(title || actions) && (
        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4">
          <div className="min-w-0">
            {title && <Heading className="text-base font-semibold text-slate-900">{title}</Heading>}
            {description && <p className="mt-0.5 text-sm text-slate-500">{description}</p>}
          </div>
          {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
        </header>
      )}
      <div className={clsx(padded && 'p-5')}>{children}</div>
    </section>
  );
}

/** A friendly empty list: an icon, a title and a hint. */
export function EmptyState({
  icon,
  title,
  hint,
}: {
  icon?: ReactNode;
  title: string;
  hint?: string;
}) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 px-6 py-12 text-center">
      {icon && <div className="mb-1 rounded-full bg-slate-100 p-3 text-slate-500">{icon}</div>}
      <p className="text-base font-semibold text-slate-800">{title}</p>
      {hint && <p className="max-w-sm text-sm text-slate-500">{hint}</p>}
    </div>
  );
}
