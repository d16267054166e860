/** /visitors: My Invitations (resident) or All Visitors (product-spec §2). */
import { PAGE_SIZES, SEARCH_DEBOUNCE_MS } from '@gatehouse/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Plus, UsersRound } from 'lucide-react';
import { useState } from 'react';

import { Button, ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { PageHeader } from '../../components/PageHeader';
import { SearchField } from '../../components/SearchField';
import { PageSpinner } from '../../components/Spinner';
import { failureText } from '../../lib/failures';
import { count, i18n, params, useMessages } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/session';
import { useTRPCClient } from '../../lib/trpc';
import { useTRPC } from '../../lib/trpc-react';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ExportCsvButton } from '../exports/ExportCsvButton';
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
  searchPlaceholder: 'Search by name or phone',
  loading: 'Loading visitors',
  nobodyWaiting: 'Nobody is waiting for you',
  noVisitors: 'No visitors found',
  tryAnother: 'Try another name or phone number.',
  showing: params<{ shown: string }>(
    count({ one: 'Showing {shown} of {count} visitor', other: 'Showing {shown} of {count} visitors' }),
  ),
  showMore: 'Show more',
});

/**
 * Residents see the invitations they host; guards and admins see every visitor. The
 * server searches (name or phone, `q`) 300 ms after the last keystroke, and the list
 * loads 50 at a time: "Show more" brings the next page (performance issue). Rows are
 * visitor summaries, without the pass.
 */
export function VisitorListPage() {
  const t = useMessages(messages);
  const user = useCurrentUser();
  const isResident = user.role === 'resident';
  const title = isResident ? t.myInvitations : t.allVisitors;
  useDocumentTitle(title);

  const trpc = useTRPC();
  const client = useTRPCClient();
  const [search, setSearch] = useState('');
  // "Waiting for you" (live-gate §2): the walk-ins pending a decision, for residents and admins.
  const [waiting, setWaiting] = useState(false);
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS).trim();
  const input = {
    limit: PAGE_SIZES.visitors,
    ...(debouncedSearch ? { q: debouncedSearch } : {}),
    ...(waiting ? { status: 'pending' as const } : {}),
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
              {/* operations §4: the visitors as CSV, with this screen's status filter (a resident: their house's). */}
              <ExportCsvButton
                path="/api/visitors/export.csv"
                filters={{ status: waiting ? 'pending' : undefined }}
                fallbackName="visitors.csv"
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
          <Button variant={waiting ? 'secondary' : 'primary'} aria-pressed={!waiting} onClick={() => setWaiting(false)}>
            {isResident ? t.myInvitations : t.all}
          </Button>
          <Button variant={waiting ? 'primary' : 'secondary'} aria-pressed={waiting} onClick={() => setWaiting(true)}>
            {t.waitingForYou}
          </Button>
        </div>
      )}

      <SearchField
        label={t.searchLabel}
        placeholder={t.searchPlaceholder}
        value={search}
        onChange={setSearch}
        className="mb-6 max-w-md"
      />

      {query.isPending ? (
        <PageSpinner label={t.loading} />
      ) : query.isError ? (
        <ErrorBox message={failureText(query.error)} onRetry={() => void query.refetch()} />
      ) : visitors.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white">
          <EmptyState
            icon={<UsersRound aria-hidden="true" className="size-6" />}
            title={waiting ? t.nobodyWaiting : t.noVisitors}
            hint={debouncedSearch ? t.tryAnother : undefined}
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
