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
import { useCurrentUser } from '../../lib/session';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useDocumentTitle } from '../../lib/use-document-title';
import { VisitorCard } from './VisitorSummary';

/**
 * Residents see the invitations they host; guards and admins see every visitor. The
 * server searches (name or phone, `q`) 300 ms after the last keystroke, and the list
 * loads 50 at a time: "Show more" brings the next page (performance issue). Rows are
 * visitor summaries, without the pass.
 */
export function VisitorListPage() {
  const user = useCurrentUser();
  const isResident = user.role === 'resident';
  const title = isResident ? 'My Invitations' : 'All Visitors';
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
          isResident
            ? 'Invitations you have sent and their passes.'
            : 'Every visitor invited to the community.'
        }
        actions={
          user.role !== 'guard' && (
            <ButtonLink
              href="/visitors/create"
              icon={<Plus aria-hidden="true" className="size-4" />}
            >
              New Invitation
            </ButtonLink>
          )
        }
      />

      {user.role !== 'guard' && (
        <div className="mb-4 flex gap-2" role="group" aria-label="Show">
          <Button variant={waiting ? 'secondary' : 'primary'} aria-pressed={!waiting} onClick={() => setWaiting(false)}>
            {isResident ? 'My Invitations' : 'All'}
          </Button>
          <Button variant={waiting ? 'primary' : 'secondary'} aria-pressed={waiting} onClick={() => setWaiting(true)}>
            Waiting for you
          </Button>
        </div>
      )}

      <SearchField
        label="Search visitors"
        placeholder="Search by name or phone"
        value={search}
        onChange={setSearch}
        className="mb-6 max-w-md"
      />

      {query.isPending ? (
        <PageSpinner label="Loading visitors" />
      ) : query.isError ? (
        <ErrorBox message={failureText(query.error)} onRetry={() => void query.refetch()} />
      ) : visitors.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white">
          <EmptyState
            icon={<UsersRound aria-hidden="true" className="size-6" />}
            title={waiting ? 'Nobody is waiting for you' : 'No visitors found'}
            hint={debouncedSearch ? 'Try another name or phone number.' : undefined}
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
              Showing {visitors.length} of {total} {total === 1 ? 'visitor' : 'visitors'}
            </p>
            {query.hasNextPage && (
              <Button variant="secondary" size="lg" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                Show more
              </Button>
            )}
          </div>
        </>
      )}
    </>
  );
}
