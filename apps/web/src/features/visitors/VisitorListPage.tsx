/** /visitors: My Invitations (resident) or All Visitors (docs/product.md#screens-and-routes). */
import { PAGE_SIZES, SEARCH_DEBOUNCE_MS, VISITOR_STATUSES, type VisitorListRequest, type VisitorStatus } from '@gatehouse/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Plus, UsersRound } from 'lucide-react';
import { useEffect, useState } from 'react';

import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { PageHeader } from '../../components/PageHeader';
import { SearchField } from '../../components/SearchField';
import { PageSpinner } from '../../components/Spinner';
import { failureText } from '../../lib/failures';
import { formatDate, todayIsoDate } from '../../lib/format';
import { count, i18n, params, useMessages } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/session';
import { useCommunityTimeZone } from '../../lib/time-zone';
import { useTRPCClient } from '../../lib/trpc';
import { useTRPC } from '../../lib/trpc-react';
import { anyText, exportRangeOf, isDateFilter, isIdFilter, oneOf, useUrlFilters } from '../../lib/url-filters';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ExportCsvButton } from '../exports/ExportCsvButton';
import { VisitorListFilters } from './VisitorListFilters';
import { VisitorCard } from './VisitorSummary';

const messages = i18n('VisitorListPage', {
  myInvitations: 'My Invitations',
  allVisitors: 'All Visitors',
  residentSubtitle: 'Invitations you have sent and their passes.',
  subtitle: 'Every visitor invited to the community.',
  newInvitation: 'New Invitation',
  show: 'Show',
  all: 'All',
  waitingForYou: 'Waiting for you',
  searchLabel: 'Search visitors',
  searchPlaceholder: 'Name, phone, plate or house (A-101)',
  loading: 'Loading visitors',
  nobodyWaiting: 'Nobody is waiting for you',
  noVisitors: 'No visitors found',
  tryAnother: 'Try other filters, or another name, phone, plate or house.',
  showing: params<{ shown: string }>(
    count({ one: 'Showing {shown} of {count} visitor', other: 'Showing {shown} of {count} visitors' }),
  ),
  showMore: 'Show more',
  exportRange: params('Visits from {from} to {to}'),
});

/** The list's filters as the address names them (`?status=approved&from=2026-11-01&q=A-101`). */
const FILTERS = {
  view: oneOf(['waiting']),
  status: oneOf(VISITOR_STATUSES),
  from: isDateFilter,
  to: isDateFilter,
  house: isIdFilter,
  gate: isIdFilter,
  q: anyText,
};

/**
 * Residents see the invitations they host; guards and admins see every visitor. Nearest
 * visit first (the server's order). Filters (status, visit dates; house and gate for admins)
 * and the search (name, phone, plate or house, 300 ms after the last keystroke) are the
 * server's, kept in the address so that reload and Back keep them; the list loads 50 at a
 * time, "Show more" bringing the next page. Rows are visitor summaries, without the pass.
 * Export CSV exports what the list shows: the same filters, over its dates (or, with none,
 * the last 30 days and the upcoming visits: 366 days in all, the most an export takes).
 */
export function VisitorListPage() {
  const t = useMessages(messages);
  const user = useCurrentUser();
  const isResident = user.role === 'resident';
  const isAdmin = user.role === 'admin';
  const title = isResident ? t.myInvitations : t.allVisitors;
  useDocumentTitle(title);

  const trpc = useTRPC();
  const client = useTRPCClient();
  const timeZone = useCommunityTimeZone();
  const [filters, setFilters] = useUrlFilters(FILTERS);
  // "Waiting for you" (docs/gate.md#walk-ins): the walk-ins pending a decision, for residents and
  // admins.
  const waiting = user.role !== 'guard' && filters.view === 'waiting';
  const status = waiting ? 'pending' : (filters.status as VisitorStatus | undefined);
  const house = isAdmin ? filters.house : undefined;
  const gate = isAdmin ? filters.gate : undefined;

  // The search box types freely; the address (and the server) get the text once typing pauses.
  const [search, setSearch] = useState(filters.q ?? '');
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS).trim();
  useEffect(() => {
    if (debouncedSearch !== (filters.q ?? '')) setFilters({ q: debouncedSearch }, { replace: true });
    // Only a settled search writes the address; Back restores the box from it below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);
  useEffect(() => {
    if ((filters.q ?? '') !== debouncedSearch) setSearch(filters.q ?? '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filters.q]);
  const q = filters.q?.trim() || undefined;

  const input: VisitorListRequest = {
    limit: PAGE_SIZES.visitors,
    ...(q ? { q } : {}),
    ...(status ? { status } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(house ? { houseId: house } : {}),
    ...(gate ? { gateId: gate } : {}),
  };
  const hosted = isResident && !waiting;
  const procedure = hosted ? trpc.visitors.myInvitationSummaries : trpc.visitors.listSummaries;
  const query = useInfiniteQuery({
    queryKey: procedure.queryKey(input),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => {
      const page = { ...input, ...(pageParam > 0 ? { offset: pageParam } : {}) };
      return hosted ? client.visitors.myInvitationSummaries.query(page) : client.visitors.listSummaries.query(page);
    },
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? loaded : undefined;
    },
    placeholderData: (previous) => previous,
  });
  const visitors = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  const filtered = Boolean(q || filters.status || filters.from || filters.to || house || gate);
  const exportRange = exportRangeOf({ from: filters.from, to: filters.to }, todayIsoDate(new Date(), timeZone));

  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          isResident ? t.residentSubtitle : t.subtitle
        }
        actions={
          user.role !== 'guard' && (
            <>
              {/* What the list shows, as CSV (a resident: their own list, or their house's walk-ins). */}
              <ExportCsvButton
                path="/api/visitors/export.csv"
                filters={{
                  status,
                  from: exportRange.from,
                  to: exportRange.to,
                  houseId: house,
                  gateId: gate,
                  q,
                  mine: hosted ? 'true' : undefined,
                }}
                description={t.exportRange({ from: formatDate(exportRange.from), to: formatDate(exportRange.to) })}
                fallbackName={`visitors-${exportRange.from}-to-${exportRange.to}.csv`}
              />
              <ButtonLink
                href="/visitors/create"
                icon={<Plus aria-hidden="true" className="size-4" />}
              >
                {t.newInvitation}
              </ButtonLink>
            </>
          )
        }
      />

      {user.role !== 'guard' && (
        <div className="mb-4 flex gap-2" role="group" aria-label={t.show}>
          <Button variant={waiting ? 'secondary' : 'primary'} aria-pressed={!waiting} onClick={() => setFilters({ view: undefined })}>
            {isResident ? t.myInvitations : t.all}
          </Button>
          <Button variant={waiting ? 'primary' : 'secondary'} aria-pressed={waiting} onClick={() => setFilters({ view: 'waiting' })}>
            {t.waitingForYou}
          </Button>
        </div>
      )}

      <div className="mb-6 flex flex-col gap-4">
        <SearchField
          label={t.searchLabel}
          placeholder={t.searchPlaceholder}
          value={search}
          onChange={setSearch}
          className="max-w-md"
        />
        <VisitorListFilters
          values={{ status: filters.status, from: filters.from, to: filters.to, house, gate }}
          onChange={(change) => setFilters(change)}
          onClear={() => {
            setSearch('');
            setFilters({ status: undefined, from: undefined, to: undefined, house: undefined, gate: undefined, q: undefined });
          }}
          withPlaces={isAdmin}
          withStatus={!waiting}
          canClear={filtered}
        />
      </div>

      {query.isPending ? (
        <PageSpinner label={t.loading} />
      ) : query.isError ? (
        <ErrorBox message={failureText(query.error)} onRetry={() => void query.refetch()} />
      ) : visitors.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white">
          <EmptyState
            icon={<UsersRound aria-hidden="true" className="size-6" />}
            title={waiting && !filtered ? t.nobodyWaiting : t.noVisitors}
            hint={filtered ? t.tryAnother : undefined}
          />
        </div>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={title}>
            {visitors.map((visitor) => (
              <li key={visitor.id}>
                <VisitorCard visitor={visitor} />
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-col items-center gap-3">
            <p className="text-sm text-slate-600" role="status">
              {t.showing({ shown: String(visitors.length) })(total)}
            </p>
            {query.hasNextPage && (
              <Button variant="secondary" size="lg" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {t.showMore}
              </Button>
            )}
          </div>
        </>
      )}
    </>
  );
}
