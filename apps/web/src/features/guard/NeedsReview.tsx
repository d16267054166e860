/**
 * Needs review (docs/gate.md#recording-moves-offline): entries made offline that the server refused
 * when they
 * were sent (the pass was cancelled meanwhile, the visitor already checked in at another
 * gate…). The person did pass the gate, so nothing is dropped: each stays listed, with the
 * server's words, until someone dismisses it; an admin can record the entry with a note.
 * Shown on the guard dashboard (guards and admins) and on the admin's dashboard; nothing
 * when the list is empty. Each names the visitor, linked to their page, or the recurring
 * pass's holder (docs/operations.md#frequent-visitors), linked to the pass for those who may open
 * passes. The
 * server's refusal is shown in the reader's language: worded from its code and details
 * (the values it names: a status, a date and times…) when the gate filed them, else by its
 * English words.
 */
import { MAX_LENGTH, type GateReview as ServerGateReview } from '@gatehouse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ClipboardCheck, X } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';

import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Dialog } from '../../components/Dialog';
import { ErrorBox } from '../../components/ErrorBox';
import { controlClasses } from '../../components/Field';
import { failureText } from '../../lib/failures';
import { formatInstant } from '../../lib/format';
import { useConnectionState } from '../../lib/connection';
import { onGateReplay } from '../../lib/gate-sync';
import { i18n, params, translateServerError, useMessages } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/session';
import { useTRPCClient } from '../../lib/trpc';
import { useTRPC } from '../../lib/trpc-react';
import { useCommunityTimeZone } from '../../lib/time-zone';
import { useToast } from '../../lib/toasts';
import { recurringKindLabel } from '../passes/pass-labels';
import { HOST_ROLES } from '../shell/roles';

const messages = i18n('NeedsReview', {
  title: 'Needs review',
  description: 'Entries made offline that the server refused when they were sent. The person did pass the gate: dismiss each one once it is settled.',
  list: 'Entries needing review',
  checkIn: 'Check-in',
  checkOut: 'Check-out',
  unknownVisitor: 'Unknown visitor',
  when: params('{action}: {time}'),
  serverSaid: 'Server’s answer',
  dismiss: 'Dismiss',
  dismissOf: params('Dismiss the review of {name}'),
  record: 'Record entry',
  recordOf: params('Record the entry of {name}'),
  dismissed: 'Review dismissed',
  dismissFailed: 'Failed to dismiss the review',
});

const dialogMessages = i18n('RecordEntryDialog', {
  title: 'Record entry',
  description: params('{name} did pass the gate ({action}: {time}). Your note is kept with the record.'),
  note: 'Note',
  noteHint: 'What happened at the gate: who let the person through, and why.',
  noteRequired: 'Please enter a note',
  cancel: 'Cancel',
  save: 'Record entry',
  saving: 'Saving…',
  recorded: 'Entry recorded',
  failed: 'Failed to record the entry',
});

/** The list refreshes itself, as the gate tablet stays on the dashboard. */
const REVIEWS_REFRESH_MS = 30_000;

/** One open review: the person, the move, and the server's refusal with its code and details. */
interface GateReview {
  id: string;
  /** The visitor the entry was about (a visitor's page), else null. */
  visitorId: string | null;
  /** The recurring pass the entry was about (its holder named; a pass's page), else null. */
  passId: string | null;
  visitorName: string | null;
  action: 'check-in' | 'check-out';
  occurredAt: string;
  /** The server's English words when it refused the entry. */
  message: string;
  /** The refusal's stable code (`INVALID_TRANSITION`…), when the gate filed it. */
  code: string | null;
  /** The refusal's details (`{reason, …values}`), when the gate filed them. */
  details: unknown;
}

/** The moves of the English status refusals (`Visitor cannot be checked in: …`), as details name them. */
const LEGACY_MOVES: Record<string, string> = {
  approved: 'approve',
  rejected: 'reject',
  cancelled: 'cancel',
  'checked in': 'check-in',
  'checked out': 'check-out',
  expired: 'expire',
  paused: 'pause',
  resumed: 'resume',
  changed: 'update',
  edited: 'edit',
  completed: 'complete',
  failed: 'fail',
  dismissed: 'dismiss',
  recorded: 'record',
};
const LEGACY_SUBJECTS: Record<string, string> = { Visitor: 'visitor-status', Pass: 'pass-status', Payment: 'payment-status', Review: 'review-status' };
const LEGACY_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `9:00 AM` → `09:00`. */
function legacyTime(hours: string, minutes: string, half: string): string {
  const hour = (Number(hours) % 12) + (half === 'PM' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${minutes}`;
}

/**
 * The details of a review filed without them (before the server gave them, or by a tablet
 * still on an older release), read back from the server's English words for the refusals
 * a replayed move gets: a status (`Visitor cannot be checked in: status is cancelled`) or
 * the visit window (`This invitation is valid on Nov 22, 2026 from 9:00 AM to 5:00 PM`).
 * Null for any other words (they are translated as they are).
 */
function legacyDetails(message: string): Record<string, string> | null {
  const status = /^(Visitor|Pass|Payment|Review) cannot be ([a-z ]+): status is ([a-z-]+)$/.exec(message);
  if (status && LEGACY_MOVES[status[2]!]) {
    return { reason: LEGACY_SUBJECTS[status[1]!]!, move: LEGACY_MOVES[status[2]!]!, status: status[3]! };
  }
  const window = /^This invitation is valid on ([A-Z][a-z]{2}) (\d{1,2}), (\d{4}) from (\d{1,2}):(\d{2}) (AM|PM) to (\d{1,2}):(\d{2}) (AM|PM)$/.exec(message);
  const month = window ? LEGACY_MONTHS.indexOf(window[1]!) + 1 : 0;
  if (!window || month === 0) return null;
  return {
    reason: 'visit-window',
    date: `${window[3]}-${String(month).padStart(2, '0')}-${window[2]!.padStart(2, '0')}`,
    from: legacyTime(window[4]!, window[5]!, window[6]!),
    to: legacyTime(window[7]!, window[8]!, window[9]!),
  };
}

/** One review as the screen shows it, from the server's review JSON. */
function toReview(raw: ServerGateReview): GateReview {
  const isPass = raw.target === 'pass';
  return {
    id: raw.id,
    visitorId: isPass ? null : (raw.visitor?.id ?? null),
    passId: isPass ? (raw.visitor?.id ?? null) : null,
    visitorName: raw.visitor?.name ?? null,
    action: raw.action,
    occurredAt: raw.occurredAt,
    message: raw.message,
    code: raw.code,
    details: raw.details ?? legacyDetails(raw.message),
  };
}

function actionLabel(t: ReturnType<typeof messages.get>, review: GateReview) {
  return review.action === 'check-out' ? t.checkOut : t.checkIn;
}

/** The Needs review card, or nothing while there is nothing to review. */
export function NeedsReview({ headingLevel = 2, className = 'mb-6' }: { headingLevel?: 2 | 3; className?: string }) {
  const t = useMessages(messages);
  const user = useCurrentUser();
  const timeZone = useCommunityTimeZone();
  const queryClient = useQueryClient();
  const client = useTRPCClient();
  const { showToast } = useToast();
  const [error, setError] = useState<string | null>(null);
  const [recording, setRecording] = useState<GateReview | null>(null);
  const trpc = useTRPC();
  // With no network, not asked: offline the list would only say that the server cannot be reached.
  const connection = useConnectionState();
  const reviews = useQuery({
    ...trpc.gate.listReviews.queryOptions({ limit: 100 }),
    select: (page) => page.items.map(toReview),
    refetchInterval: REVIEWS_REFRESH_MS,
    enabled: connection !== 'offline',
  });

  // An entry just refused on replay lands here at once.
  useEffect(() => onGateReplay(() => void queryClient.invalidateQueries({ queryKey: trpc.gate.listReviews.pathKey() })), [queryClient, trpc]);

  const dismiss = useMutation({
    mutationFn: (review: GateReview) => client.gate.dismissReview.mutate({ id: review.id }),
    onSuccess: async () => {
      showToast(t.dismissed);
      await queryClient.invalidateQueries({ queryKey: trpc.gate.listReviews.pathKey() });
    },
    onError: (failure) => setError(failureText(failure, t.dismissFailed)),
  });

  const open = reviews.data ?? [];
  if (open.length === 0) return null;
  // One level under the card's own heading.
  const Heading = headingLevel === 2 ? 'h3' : 'h4';
  const nameOf = (review: GateReview) => review.visitorName ?? t.unknownVisitor;
  // The pass's page is a host's screen (App.tsx): a guard sees the holder's name only.
  const hrefOf = (review: GateReview) =>
    review.passId ? (HOST_ROLES.includes(user.role) ? `/passes/${review.passId}` : null) : review.visitorId ? `/visitors/${review.visitorId}` : null;

  return (
    <Card
      className={`border-amber-300 ${className}`}
      padded={false}
      headingLevel={headingLevel}
      title={
        <span className="inline-flex items-center gap-2">
          <AlertTriangle aria-hidden="true" className="size-5 text-amber-700" />
          {t.title}
          <span className="inline-flex min-w-7 items-center justify-center rounded-full bg-amber-100 px-2 py-0.5 text-sm font-bold text-amber-900">
            {open.length}
          </span>
        </span>
      }
      description={t.description}
    >
      {error && <ErrorBox message={error} onDismiss={() => setError(null)} headingLevel={headingLevel === 2 ? 3 : 2} className="m-4" />}
      <ul className="divide-y divide-slate-100" aria-label={t.list}>
        {open.map((review) => (
          <li key={review.id} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center">
            <div className="min-w-0 flex-1">
              <Heading className="text-lg font-semibold break-words text-slate-900">
                <ReviewName name={nameOf(review)} href={hrefOf(review)} />
              </Heading>
              {review.passId && <p className="text-sm font-medium text-slate-600">{recurringKindLabel()}</p>}
              <p className="text-sm font-medium text-slate-700">
                {t.when({ action: actionLabel(t, review), time: formatInstant(review.occurredAt, timeZone) })}
              </p>
              <p className="mt-1 text-sm text-slate-700">
                <span className="font-semibold">{t.serverSaid}: </span>
                {translateServerError(review.code ?? undefined, review.message, review.details)}
              </p>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              {user.role === 'admin' && (
                <Button
                  size="lg"
                  onClick={() => setRecording(review)}
                  aria-label={t.recordOf({ name: nameOf(review) })}
                  icon={<ClipboardCheck aria-hidden="true" className="size-5" />}
                >
                  {t.record}
                </Button>
              )}
              <Button
                size="lg"
                variant="secondary"
                loading={dismiss.isPending && dismiss.variables?.id === review.id}
                onClick={() => {
                  setError(null);
                  dismiss.mutate(review);
                }}
                aria-label={t.dismissOf({ name: nameOf(review) })}
                icon={<X aria-hidden="true" className="size-5" />}
              >
                {t.dismiss}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {recording && (
        <RecordEntryDialog
          review={recording}
          name={nameOf(recording)}
          action={actionLabel(t, recording)}
          time={formatInstant(recording.occurredAt, timeZone)}
          onClose={() => setRecording(null)}
        />
      )}
    </Card>
  );
}

/** The person's name, a link to their visitor or pass page where there is one to open. */
function ReviewName({ name, href }: { name: string; href: string | null }) {
  if (!href) return <>{name}</>;
  return (
    <Link href={href} className="inline-flex min-h-11 items-center hover:text-brand-800 hover:underline">
      {name}
    </Link>
  );
}

/** Admin: records that the person did pass, with a note (required), and closes the review. */
function RecordEntryDialog({
  review,
  name,
  action,
  time,
  onClose,
}: {
  review: GateReview;
  name: string;
  action: string;
  time: string;
  onClose: () => void;
}) {
  const t = useMessages(dialogMessages);
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { showToast } = useToast();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const record = useMutation({
    mutationFn: (text: string) => client.gate.recordReview.mutate({ id: review.id, note: text }),
    onSuccess: async () => {
      showToast(t.recorded);
      await queryClient.invalidateQueries({ queryKey: trpc.gate.listReviews.pathKey() });
      onClose();
    },
    onError: (failure) => setServerError(failureText(failure, t.failed)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const text = note.trim();
    if (!text) {
      setNoteError(t.noteRequired);
      return;
    }
    record.mutate(text);
  };

  return (
    <Dialog title={t.title} description={t.description({ name, action, time })} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {serverError && <ErrorBox message={serverError} onDismiss={() => setServerError(null)} headingLevel={3} />}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={noteId} className="text-sm font-medium text-slate-800">
            {t.note}
          </label>
          <textarea
            id={noteId}
            value={note}
            rows={4}
            maxLength={MAX_LENGTH.notes}
            onChange={(event) => {
              setNote(event.target.value);
              setNoteError(null);
            }}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError ? `${noteId}-error` : `${noteId}-hint`}
            className={controlClasses(Boolean(noteError), 'min-h-24')}
          />
          {noteError ? (
            <p id={`${noteId}-error`} role="alert" className="text-sm font-medium text-red-600">
              {noteError}
            </p>
          ) : (
            <p id={`${noteId}-hint`} className="text-sm text-slate-500">
              {t.noteHint}
            </p>
          )}
        </div>
        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
          <Button variant="secondary" size="lg" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" size="lg" loading={record.isPending}>
            {record.isPending ? t.saving : t.save}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
