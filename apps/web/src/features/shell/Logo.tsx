/** The Gatehouse mark and name. */
import { House } from 'lucide-react';

/** The logo: a house mark and the product name. */
export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className={
          size === 'lg'
            ? 'grid size-12 place-items-center rounded-2xl bg-brand-700 text-white shadow-sm'
            : 'grid size-9 place-items-center rounded-xl bg-brand-700 text-white shadow-sm'
        }
      >
        <House className={size === 'lg' ? 'size-6' : 'size-5'} strokeWidth={2.25} />
      </span>
      <span
        className={
          size === 'lg' ? 'text-2xl font-bold tracking-tight' : 'text-lg font-bold tracking-tight'
        }
      >
        Gatehouse
      </span>
    </span>
  );
}
