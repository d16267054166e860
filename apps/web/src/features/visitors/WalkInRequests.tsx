/**
 * A resident's walk-in requests (docs/gate.md#walk-ins): every walk-in waiting at the gate for
 * their
 * house opens at once as a dialog over whatever screen is open (focus moved into it, so it
 * is announced), with the photo, name, purpose and Approve / Deny. Deny asks `Deny {name}?`
 * with an optional reason, which the guard's waiting card shows. Closing the dialog without
 * deciding leaves a line at the top of the page to open it again; a new request opens it
 * again by itself. The first decision of any resident of the house wins; the others'
 * requests close by themselves (the live update refreshes the list).
 */
import { DECISION_REASON_MAX, type VisitorSummary } from '@gatehouse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, DoorOpen, UserRound, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
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
  dialogHint: 'Approve to let them in, or deny. The guard sees your answer at once.',
  denyQuestion: params('Deny {name}?'),
  denyReason: 'Reason for the guard',
  denyReasonHint: 'Optional. The guard reads it to the visitor.',
  denyReasonPlaceholder: 'Not expecting anyone today',
  goBack: 'Go Back',
  later: 'Decide Later',
  show: 'Open',
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

/**
 * One waiting walk-in with Approve / Deny (a resident of its house, or an admin). Deny first
 * asks `Deny {name}?` with an optional reason (at most 200 characters), then sends it.
 * `focusFirst`: the dialog moves focus to this request's name when it opens (the first request).
 */
export function WalkInRequest({ visitor, focusFirst = false }: { visitor: VisitorSummary; focusFirst?: boolean }) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const timeZone = useCommunityTimeZone();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const reasonId = useId();
  const [error, setError] = useState<string | null>(null);
  const [denying, setDenying] = useState(false);
  const [reason, setReason] = useState('');
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  // The question has just replaced the buttons (and the focused Deny): the reason comes next.
  useEffect(() => {
    if (denying) reasonRef.current?.focus();
  }, [denying]);
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
          <p
            className="text-lg font-semibold break-words text-slate-900 focus:outline-none"
            {...(focusFirst ? { 'data-autofocus': true, tabIndex: -1 } : {})}
          >
            {visitor.name}
          </p>
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
      {denying ? (
        <form
          className="flex flex-col gap-3 sm:w-72"
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            reject.mutate({ id: visitor.id, ...(reason.trim() ? { reason: reason.trim() } : {}) });
          }}
        >
          <p className="text-base font-semibold text-slate-900">{t.denyQuestion({ name: visitor.name })}</p>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={reasonId} className="text-sm font-medium text-slate-800">
              {t.denyReason}
            </label>
            <textarea
              id={reasonId}
              rows={2}
              maxLength={DECISION_REASON_MAX}
              ref={reasonRef}
              value={reason}
              placeholder={t.denyReasonPlaceholder}
              aria-describedby={`${reasonId}-hint`}
              onChange={(event) => setReason(event.target.value)}
              className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/25 focus:outline-none sm:text-sm"
            />
            <p id={`${reasonId}-hint`} className="text-sm text-slate-500">
              {t.denyReasonHint}
            </p>
          </div>
          <div className="flex gap-3">
            <Button size="lg" variant="secondary" className="flex-1" disabled={busy} onClick={() => setDenying(false)}>
              {t.goBack}
            </Button>
            <Button
              type="submit"
              size="lg"
              variant="danger"
              className="flex-1"
              loading={reject.isPending}
              disabled={busy}
              aria-label={t.denyLabel({ name: visitor.name })}
              icon={<X aria-hidden="true" className="size-5" />}
            >
              {t.deny}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex gap-3">
          <Button
            size="lg"
            variant="danger"
            className="flex-1 sm:flex-none"
            disabled={busy}
            aria-label={t.denyLabel({ name: visitor.name })}
            icon={<X aria-hidden="true" className="size-5" />}
            onClick={() => {
              setError(null);
              setDenying(true);
            }}
          >
            {t.deny}
          </Button>
          <Button
            size="lg"
            className="flex-1 sm:flex-none"
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
      )}
    </li>
  );
}

/**
 * The pending walk-ins of the resident's house, as a dialog over every screen; nothing when
 * none wait. Closed without a decision, it stays closed until another request arrives (a
 * line above the page opens it again).
 */
export function WalkInRequests() {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const pending = useQuery({
    ...trpc.visitors.listSummaries.queryOptions({ status: 'pending', limit: 10 }),
    refetchInterval: REQUESTS_REFRESH_MS,
  });
  const requests = pending.data?.items ?? [];
  // The requests the resident put off (closed the dialog on): a new one opens it again.
  const [putOff, setPutOff] = useState<ReadonlySet<string>>(new Set());
  const open = requests.some((visitor) => !putOff.has(visitor.id));
  const names = requests.map((visitor) => visitor.name).join(', ');
  return (
    // Above the page's own h1, so not a heading: a labelled region (headings stay in order).
    <section aria-label={t.requests} className={requests.length === 0 || open ? 'sr-only' : 'mb-6'}>
      {/* Announced when a request arrives or closes. */}
      <p className="sr-only" role="status">
        {requests.length > 0 ? t.waitingForYou({ names }) : ''}
      </p>
      {requests.length > 0 && !open && (
        <div className="flex items-center gap-3 rounded-2xl border-2 border-amber-300 bg-amber-50 px-4 py-3">
          <DoorOpen aria-hidden="true" className="size-5 shrink-0 text-amber-800" />
          <p className="min-w-0 flex-1 font-semibold text-amber-900">{t.waiting(requests.length)}</p>
          <Button size="md" onClick={() => setPutOff(new Set())}>
            {t.show}
          </Button>
        </div>
      )}
      {open && (
        <Dialog title={t.waiting(requests.length)} description={t.dialogHint} onClose={() => setPutOff(new Set(requests.map((visitor) => visitor.id)))}>
          <ul className="flex flex-col gap-3" aria-label={t.requests}>
            {requests.map((visitor, index) => (
              <WalkInRequest key={visitor.id} visitor={visitor} focusFirst={index === 0} />
            ))}
          </ul>
          <div className="mt-4 flex justify-end">
            <Button variant="ghost" onClick={() => setPutOff(new Set(requests.map((visitor) => visitor.id)))}>
              {t.later}
            </Button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
