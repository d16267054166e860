/** The top of a screen: its one h1, a subtitle and actions. */
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Shown next to the title, outside the heading (e.g. a count badge). */
  badge?: ReactNode;
  actions?: ReactNode;
  /** A back link above the title. */
  back?: ReactNode;
  /** Classes of the wrapper (its bottom margin, say). */
  className?: string;
}

/** The page title block. */
export function PageHeader({
  title,
  subtitle,
  badge,
  actions,
  back,
  className = 'mb-6',
}: PageHeaderProps) {
  return (
    <div className={className}>
      {back && <div className="mb-3">{back}</div>}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 tabIndex={-1} className="min-w-0 text-2xl font-bold tracking-tight [overflow-wrap:anywhere] text-slate-900 focus:outline-none sm:text-3xl">
              {title}
            </h1>
            {badge}
          </div>
          {subtitle && <p className="mt-1 text-sm text-slate-600 sm:text-base">{subtitle}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
    </div>
  );
}
