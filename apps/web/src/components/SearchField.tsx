/**
 * The search box of the list screens (docs/product.md#screens-and-routes: searches debounce 300 ms
 * in the screen).
 */
import clsx from 'clsx';
import { Search } from 'lucide-react';
import { useId } from 'react';

import { i18n, useMessages } from '../lib/i18n';
import { controlClasses } from './Field';
import { Spinner } from './Spinner';

const messages = i18n('SearchField', { searching: 'Searching' });

interface SearchFieldProps {
  /** The accessible name (a visually hidden label). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** The server's bound on search text (docs/api.md#input-limits: 100). */
  maxLength?: number;
  /** Shows a small spinner while the results for the current text load. */
  busy?: boolean;
  className?: string;
}

/** A labelled search input with a magnifier icon. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  maxLength,
  busy = false,
  className,
}: SearchFieldProps) {
  const t = useMessages(messages);
  const id = useId();
  return (
    <div className={clsx('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        id={id}
        type="search"
        placeholder={placeholder}
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        className={controlClasses(false, 'pl-9')}
      />
      {busy && (
        <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-brand-700">
          <Spinner size="sm" label={t.searching} />
        </span>
      )}
    </div>
  );
}
