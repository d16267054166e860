/** A row of a card's details list whose term is an icon. */
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** `<dt>` an icon, named for screen readers by `term`; `<dd>` the value. Inside a `<dl>`. */
export function IconFact({
  icon: Icon,
  term,
  className,
  children,
}: {
  icon: LucideIcon;
  term: string;
  /** Classes of the `<dd>`. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-2">
      <dt>
        <Icon aria-hidden="true" className="size-4 text-slate-400" />
        <span className="sr-only">{term}</span>
      </dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
