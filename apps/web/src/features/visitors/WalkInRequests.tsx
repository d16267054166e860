/**
 * A resident's walk-in requests (live-gate §2): every walk-in waiting at the gate for their
 * house shows at once, wherever they are in the app, with the photo, name, purpose and
 * Approve / Deny. The first decision of any resident of the house wins; the others'
 * requests close by themselves (the live update refreshes the list).
 */
import type { VisitorSummary } from '@gatehouse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, DoorOpen, UserRound, X } from 'lucide-react';
import { useState } from 'react';

import { Button } from '../../components/Button';
import { failureText } from '../../lib/failures';
import { formatInstant } from '../../lib/format';
import { count, i18n, params, useMessages } from '../../lib/i18n';
import { useVisitorPhoto } from '../../lib/photos';
import { useToast } from '../../lib/toasts';
import { useTRPC } from '../../lib/trpc-react';
import { useCommunityTimeZone } from '../../lib/time-zone';

const messages = i18n('WalkInRequests', {
  photoAlt: params('{name} at the gate'),
  mayComeIn: params('{name} may come in'),
  turnedAway: params('{name} was turned away'),
  noPurpose: 'No purpose given',
  atGateSince: params('{purpose} · at the gate since {time}'),
  denyLabel: params('Deny {name}'),
  deny: 'Deny',
  approveLabel: params('Approve {name}'),
  approve: 'Approve',
  requests: 'Walk-in requests',
  waiting: count({ one: 'A visitor is waiting at the gate', other: '{count} visitors are waiting at the gate' }),
  waitingForYou: params('Walk-in waiting for you: {names}'),
});

/** How often the requests are re-read without a live update (a fallback), ms. */
const REQUESTS_REFRESH_MS = 30_000;

/** The photo of a walk-in, or a placeholder; `label` names it for screen readers. */
export function VisitorPhoto({ visitor, className }: { visitor: Pick<VisitorSummary, 'id' | 'name' | 'hasPhoto'>; className?: string }) {
  const t = useMessages(messages);
  const url = useVisitorPhoto(visitor.id, visitor.hasPhoto);
  return url ? (
    <img src={url} alt={t.photoAlt({ name: visitor.name })} className={className ?? 'size-20 shrink-0 rounded-xl object-cover'} />
  ) : (
    <div className={className ?? 'flex size-20 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-400'}>
      <UserRound aria-hidden="true" className="size-8" />
    </div>
  );
}

/** One waiting walk-in with Approve / Deny (a resident of its house, or an admin). */
export function WalkInRequest({ visitor }: { visitor: VisitorSummary }) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const timeZone = useCommunityTimeZone();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.visitors.pathKey() });
  const approve = useMutation(
    trpc.visitors.approve.mutationOptions({
      onSuccess: async () => {
        showToast(t.mayComeIn({ name: visitor.name }));
        await refresh();
      },
      onError: (failure) => {
        setError(failureText(failure));
        void refresh();
      },
    }),
  );
  const reject = useMutation(
    trpc.visitors.reject.mutationOptions({
      onSuccess: async () => {
        showToast(t.turnedAway({ name: visitor.name }), 'info');
        await refresh();
      },
      onError: (failure) => {
        setError(failureText(failure));
        void refresh();
      },
    }),
  );
  const busy = approve.isPending || reject.isPending;
  return (
    <li className="flex flex-col gap-4 rounded-2xl border-2 border-amber-300 bg-white p-4 shadow-md sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <VisitorPhoto visitor={visitor} />
        <div className="min-w-0">
          <p className="text-lg font-semibold text-slate-900">{visitor.name}</p>
          <p className="text-sm text-slate-600">
            {t.atGateSince({
              purpose: visitor.purpose ?? t.noPurpose,
              time: formatInstant(visitor.createdAt, timeZone),
            })}
          </p>
          <p className="text-sm text-slate-600">{visitor.phone}</p>
          {error && (
            <p role="alert" className="mt-1 text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </div>
      </div>
      <div className="flex gap-3">
        <Button
          size="lg"
          variant="danger"
          loading={reject.isPending}
          disabled={busy}
          aria-label={t.denyLabel({ name: visitor.name })}
          icon={<X aria-hidden="true" className="size-5" />}
          onClick={() => {
            setError(null);
            reject.mutate({ id: visitor.id });
          }}
        >
          {t.deny}
        </Button>
        <Button
          size="lg"
          loading={approve.isPending}
          disabled={busy}
          aria-label={t.approveLabel({ name: visitor.name })}
          icon={<Check aria-hidden="true" className="size-5" />}
          onClick={() => {
            setError(null);
            approve.mutate({ id: visitor.id });
          }}
        >
          {t.approve}
        </Button>
      </div>
    </li>
  );
}

/** The pending walk-ins of the resident's house, above every screen; nothing when none wait. */
export function WalkInRequests() {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const pending = useQuery({
    ...trpc.visitors.listSummaries.queryOptions({ status: 'pending', limit: 10 }),
    refetchInterval: REQUESTS_REFRESH_MS,
  });
  const requests = pending.data?.items ?? [];
  return (
    // Above the page's own h1, so not a heading: a labelled region (headings stay in order).
    <section aria-label={t.requests} className={requests.length === 0 ? 'sr-only' : 'mb-6'}>
      {requests.length > 0 && (
        <p className="mb-3 flex items-center gap-2 text-lg font-semibold text-amber-900">
          <DoorOpen aria-hidden="true" className="size-5" />
          {t.waiting(requests.length)}
        </p>
      )}
      {/* Announced when a request arrives or closes. */}
      <p className="sr-only" role="status">
        {requests.length > 0 ? t.waitingForYou({ names: requests.map((visitor) => visitor.name).join(', ') }) : ''}
      </p>
      {requests.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label={t.requests}>
          {requests.map((visitor) => (
            <WalkInRequest key={visitor.id} visitor={visitor} />
          ))}
        </ul>
      )}
    </section>
  );
}
