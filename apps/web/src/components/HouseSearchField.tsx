/**
 * A house picker with search, for the gate (docs/gate.md#walk-ins: a community may have thousands
 * of houses): a search field (number, block or street, sent 300 ms after the last
 * keystroke) and the matching houses as large radio buttons.
 */
import { SEARCH_DEBOUNCE_MS } from '@gatehouse/shared';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useId, useState } from 'react';

import { failureText } from '../lib/failures';
import { houseLabel } from '../lib/format';
import { i18n, params, translateValidation, useMessages } from '../lib/i18n';
import { useTRPC } from '../lib/trpc-react';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { SearchField } from './SearchField';

const messages = i18n('HouseSearchField', {
  house: 'House',
  findLabel: 'Find the house',
  findPlaceholder: 'House number or block',
  noMatch: params('No house matches “{search}”.'),
  houses: 'Houses',
});

/** How many matching houses are offered at once. */
const MATCHES = 12;

interface HouseSearchFieldProps {
  /** The chosen house's id, or ''. */
  value: string;
  onChange: (houseId: string) => void;
  error?: string | undefined;
  className?: string;
}

export function HouseSearchField({ value, onChange, error, className }: HouseSearchFieldProps) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const id = useId();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search, SEARCH_DEBOUNCE_MS).trim();
  const houses = useQuery({
    ...trpc.houses.list.queryOptions({ limit: MATCHES, ...(q ? { q } : {}) }),
    placeholderData: (previous) => previous,
  });
  const items = houses.data?.items ?? [];
  return (
    <fieldset className={className} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{t.house}</legend>
      <SearchField label={t.findLabel} placeholder={t.findPlaceholder} value={search} onChange={setSearch} className="mb-3" />
      {houses.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {failureText(houses.error)}
        </p>
      ) : items.length === 0 && !houses.isPending ? (
        <p className="text-sm text-slate-600">{t.noMatch({ search: q })}</p>
      ) : (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3" role="radiogroup" aria-label={t.houses}>
          {items.map((house) => {
            const checked = value === house.id;
            return (
              <label
                key={house.id}
                className={clsx(
                  'flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm',
                  checked ? 'border-brand-600 bg-brand-50 font-semibold text-brand-900' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-house`}
                  value={house.id}
                  checked={checked}
                  onChange={() => onChange(house.id)}
                  className="size-5 accent-brand-700"
                />
                <span>
                  {houseLabel(house)}
                  <span className="block text-xs font-normal text-slate-500">{house.street}</span>
                </span>
              </label>
            );
          })}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-red-600">
          {translateValidation(error)}
        </p>
      )}
    </fieldset>
  );
}
