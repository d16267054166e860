/** /visitors: My Invitations (resident) or All Visitors (product-spec §2). */
import { PAGE_SIZES, SEARCH_DEBOUNCE_MS } from '@gatehouse/shared';
import { useQuery } from '@tanstack/react-query';
import { Plus, UsersRound } from 'lucide-react';
import { useMemo, useState } from 'react';

import { ButtonLink } from '../../components/Button';
import { EmptyState } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { PageHeader } from '../../components/PageHeader';
import { SearchField } from '../../components/SearchField';
import { PageSpinner } from '../../components/Spinner';
import { toAppError } from '../../lib/errors';
import { useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useDocumentTitle } from '../../lib/use-document-title';
import { matchesVisitorSearch } from './visitor-search';
import { VisitorCard } from './VisitorSummary';

/**
 * Residents see the invitations they host; guards and admins see every visitor. The
 * search runs in the browser over the loaded page, 300 ms after the last keystroke.
 */
export function VisitorListPage() {
  const user = useCurrentUser();
  const trpc = useTRPC();
  const isResident = user.role === 'resident';
  const title = isResident ? 'My Invitations' : 'All Visitors';
  useDocumentTitle(title);

  const input = { limit: PAGE_SIZES.visitors };
  const mine = useQuery(trpc.visitors.myInvitations.queryOptions(input, { enabled: isResident }));
  const all = useQuery(trpc.visitors.list.queryOptions(input, { enabled: !isResident }));
  const query = isResident ? mine : all;

  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const visitors = useMemo(
    () =>
      (query.data?.items ?? []).filter((visitor) => matchesVisitorSearch(visitor, debouncedSearch)),
    [query.data, debouncedSearch],
  );

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
        <ErrorBox message={toAppError(query.error).message} onRetry={() => void query.refetch()} />
      ) : visitors.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white">
          <EmptyState
            icon={<UsersRound aria-hidden="true" className="size-6" />}
            title="No visitors found"
            hint={debouncedSearch ? 'Try another name or phone number.' : undefined}
          />
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={title}>
          {visitors.map((visitor) => (
            <li key={visitor.id}>
              <VisitorCard visitor={visitor} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
