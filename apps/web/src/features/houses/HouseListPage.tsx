/** /houses: the houses grid with search (docs/product.md#screens-and-routes). */
import { MAX_LENGTH, PAGE_SIZES, SEARCH_DEBOUNCE_MS } from '@gatehouse/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Building2, MapPin, Plus, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';

import { ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { PageHeader } from '../../components/PageHeader';
import { SearchField } from '../../components/SearchField';
import { PageSpinner } from '../../components/Spinner';
import { failureText } from '../../lib/failures';
import { i18n, params, useMessages } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc-react';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('HouseListPage', {
  title: 'Houses',
  subtitle: 'Every house in the community.',
  addHouse: 'Add House',
  searchLabel: 'Search houses',
  searchPlaceholder: 'Search by house number or block',
  loading: 'Loading houses',
  noHouses: 'No houses found',
  tryAnother: 'Try another house number or block.',
  addFirst: 'Add the first house of the community.',
  yourHouse: 'Your house',
  block: params('Block {block}'),
  owner: 'Owner:',
  noOwner: 'No owner',
});

/**
 * The houses grid (docs/product.md#screens-and-routes). The search by house number or block goes to
 * the
 * server as `q` (docs/api.md#lists-and-pagination) 300 ms after the last keystroke
 * (docs/product.md#constants-and-formats);
 * the previous results stay on screen while the new ones load. Add House is for admins
 * only (docs/product.md#roles-and-what-they-see); each card opens the house.
 */
export function HouseListPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const user = useCurrentUser();
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search, SEARCH_DEBOUNCE_MS).trim();
  const houses = useQuery(
    trpc.houses.list.queryOptions(
      { limit: PAGE_SIZES.houses, ...(query ? { q: query } : {}) },
      { placeholderData: keepPreviousData },
    ),
  );
  const shown = houses.data?.items ?? [];
  const ownHouseId = user.houseId?.id;

  return (
    <>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          user.role === 'admin' && (
            <ButtonLink href="/houses/create" icon={<Plus aria-hidden="true" className="size-4" />}>
              {t.addHouse}
            </ButtonLink>
          )
        }
      />
      <SearchField
        label={t.searchLabel}
        placeholder={t.searchPlaceholder}
        value={search}
        onChange={setSearch}
        maxLength={MAX_LENGTH.q}
        busy={houses.isFetching && houses.isPlaceholderData}
        className="mb-6 max-w-md"
      />
      {houses.isPending ? (
        <PageSpinner label={t.loading} />
      ) : houses.isError ? (
        <ErrorBox
          message={failureText(houses.error)}
          onRetry={() => void houses.refetch()}
        />
      ) : shown.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white">
          <EmptyState
            icon={<Building2 aria-hidden="true" className="size-6" />}
            title={t.noHouses}
            hint={
              query
                ? t.tryAnother
                : user.role === 'admin'
                  ? t.addFirst
                  : undefined
            }
          />
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t.title}>
          {shown.map((house) => (
            <li key={house.id}>
              <Link
                href={`/houses/${house.id}`}
                className="group flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow-md"
              >
                <div className="flex items-start justify-between gap-3">
                  <h2 className="text-lg font-semibold text-slate-900 group-hover:text-brand-800">
                    {house.houseNumber}
                  </h2>
                  <div className="flex flex-wrap justify-end gap-1.5">
                    {house.id === ownHouseId && (
                      <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-600/30 ring-inset">
                        {t.yourHouse}
                      </span>
                    )}
                    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                      {t.block({ block: house.block })}
                    </span>
                  </div>
                </div>
                <p className="flex items-center gap-2 text-sm text-slate-600">
                  <MapPin aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
                  {house.street}
                </p>
                <p className="flex items-center gap-2 text-sm text-slate-600">
                  <UserRound aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
                  <span className="sr-only">{t.owner}</span>
                  {house.owner?.name ?? t.noOwner}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
