/** /houses: the houses grid with search (product-spec §2). */
import { PAGE_SIZES, SEARCH_DEBOUNCE_MS, type House } from '@gatehouse/shared';
import { useQuery } from '@tanstack/react-query';
import { Building2, MapPin, Plus, Search, UserRound } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';

import { ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { controlClasses } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { toAppError } from '../../lib/errors';
import { useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Whether `house` matches `query` by house number or block. */
export function matchesHouseSearch(
  house: Pick<House, 'houseNumber' | 'block'>,
  query: string,
): boolean {
  const needle = query.trim().toLowerCase();
  return (
    !needle ||
    house.houseNumber.toLowerCase().includes(needle) ||
    house.block.toLowerCase().includes(needle)
  );
}

/** The houses grid; Add House is for admins only (product-spec §6). */
export function HouseListPage() {
  useDocumentTitle('Houses');
  const user = useCurrentUser();
  const trpc = useTRPC();
  const houses = useQuery(trpc.houses.list.queryOptions({ limit: PAGE_SIZES.houses }));
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const shown = useMemo(
    () => (houses.data?.items ?? []).filter((house) => matchesHouseSearch(house, debouncedSearch)),
    [houses.data, debouncedSearch],
  );

  return (
    <>
      <PageHeader
        title="Houses"
        subtitle="Every house in the community."
        actions={
          user.role === 'admin' && (
            <ButtonLink href="/houses/create" icon={<Plus aria-hidden="true" className="size-4" />}>
              Add House
            </ButtonLink>
          )
        }
      />
      <div className="relative mb-6 max-w-md">
        <label htmlFor="house-search" className="sr-only">
          Search houses
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          id="house-search"
          type="search"
          placeholder="Search by house number or block"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className={controlClasses(false, 'pl-9')}
        />
      </div>
      {houses.isPending ? (
        <PageSpinner label="Loading houses" />
      ) : houses.isError ? (
        <ErrorBox
          message={toAppError(houses.error).message}
          onRetry={() => void houses.refetch()}
        />
      ) : shown.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white">
          <EmptyState
            icon={<Building2 aria-hidden="true" className="size-6" />}
            title="No houses found"
          />
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Houses">
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
                  <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                    Block {house.block}
                  </span>
                </div>
                <p className="flex items-center gap-2 text-sm text-slate-600">
                  <MapPin aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
                  {house.street}
                </p>
                <p className="flex items-center gap-2 text-sm text-slate-600">
                  <UserRound aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
                  {house.owner?.name ?? 'No owner'}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
