/**
 * The one path of every move made at the gate: the quick scan, Scan QR, the list's Check Out,
 * a walk-in's Check In Visitor, a recurring pass. A move is never lost and never waits on a
 * spinner for the network:
 *
 * - it gets an Idempotency-Key and the instant it happened (by the server's clock,
 *   lib/server-clock.ts) and the gate this tablet stands at, and is written to the device's
 *   queue (IndexedDB, lib/gate-store.ts) before the screen may say it is done;
 * - online, with nothing older waiting, it is sent at once over the typed tRPC client, alone
 *   with its key (lib/trpc.ts): an answer within `MOVE_ANSWER_BUDGET_MS` is shown (done, or the
 *   server's refusal, which the guard reads on screen); no answer in time, or none at all,
 *   and the screen says it is saved on this tablet while the request goes on;
 * - offline, or behind older entries, it waits in the queue, said saved at once;
 * - the queue is sent in order when the link returns (`replayQueue`), each entry with the
 *   key and instant it was made with, so the server does each exactly once, also after a
 *   reload, a closed tab or a restarted tablet. Replay, from the front of the queue:
 *   accepted (2xx): removed; no answer, a time-out, a 5xx, 429 or "in progress": stop, keep
 *   the order, try again later with the same key; refused (another 4xx): put on the
 *   server's Needs review list with the server's words (the person did pass the gate),
 *   then removed; 401 ends the session and keeps the queue for the next sign-in.
 */
import { isErrorCode, ZErrorDetails, type GateRef } from '@gatehouse/shared';
import { useCallback } from 'react';

import { connectionState } from './connection';
import { refusalOf, toAppError } from './errors';
import { chosenGate } from './gate-choice';
import { enqueueMove, gateGeneration, hasGateStorage, loadedGateSnapshot, noteInsideMove, readQueue, removeMove, type GateAction, type QueuedMove } from './gate-store';
import { serverNow } from './server-clock';
import { useTRPCClient, type AppTRPCClient } from './trpc';

/** How long a screen waits for the server's answer before saying the move is saved on this tablet (ms). */
export const MOVE_ANSWER_BUDGET_MS = 1_000;

/** First wait before another replay after a failure, doubled each time up to the maximum (ms). */
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 60_000;

/** The server's words while a first request with the same key still runs. */
const IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is in progress';

/** Who or what moves: a visitor, or a recurring pass (by the pass's id), as the screen names them. */
export interface GateMoveSubject {
  id: string;
  name: string;
  houseNumber: string;
}

/** A move asked for at the gate. */
export interface GateMoveRequest {
  action: GateAction;
  subject: GateMoveSubject;
  /** An admin's check-in of a blocklisted visitor, with notes (docs/operations.md#blocklist). */
  override?: { notes: string };
}

/** What the server answers a move: the visitor, or the recurring pass with its entries. */
export type GateMoveAnswer = Awaited<ReturnType<AppTRPCClient['visitors']['checkIn']['mutate']>>;

/** How a move ended, as far as the screen is concerned (always within about a second). */
export type GateMoveOutcome =
  /** The server did it; its answer. */
  | { kind: 'done'; answer: GateMoveAnswer }
  /** Written on this tablet: sent when the link allows (a later refusal lands in Needs review). */
  | { kind: 'saved'; move: QueuedMove }
  /** The server refused it, or it could not be kept: `error` says why; nothing is kept. */
  | { kind: 'refused'; error: unknown };

type SendResult = { ok: true; answer: GateMoveAnswer } | { ok: false; error: unknown };

/** The client the replay sends with (set by the gate sync and by every screen that moves). */
let gateClient: AppTRPCClient | null = null;

/** Gives the queue's replay the app's tRPC client. */
export function setGateClient(client: AppTRPCClient): void {
  gateClient = client;
}

/** Moves sent at once and not settled yet, by key: the replay waits for them instead of sending them again. */
const inFlight = new Map<string, Promise<unknown>>();

/** What happened to a replayed entry, for the screens to refresh what they show. */
export type ReplayOutcome = 'sent' | 'refused';
const replayListeners = new Set<(outcome: ReplayOutcome, move: QueuedMove) => void>();

/** Calls `listener` after each queued entry is sent or handed to Needs review; returns the unsubscribe. */
export function onGateReplay(listener: (outcome: ReplayOutcome, move: QueuedMove) => void): () => void {
  replayListeners.add(listener);
  return () => replayListeners.delete(listener);
}

/** The server's own words of a failure (untranslated: Needs review keeps them as sent). */
function serverWords(error: unknown): string {
  return error instanceof Error && error.message ? error.message : toAppError(error).message;
}

/**
 * Whether `error` is the link's rather than the server's verdict, worth sending again later
 * with the same key: no answer (0), none in time (408), too many requests (429), a 5xx, or
 * the same key still in progress.
 */
export function isRetryableFailure(error: unknown): boolean {
  const { status } = toAppError(error);
  if ([0, 408, 429].includes(status) || status >= 500) return true;
  return status === 409 && serverWords(error) === IN_PROGRESS_MESSAGE;
}

/** Sends `move` as made: its key, its instant, its gate (and an admin's override). Rejects as the server refuses. */
export function sendMove(client: AppTRPCClient, move: QueuedMove): Promise<GateMoveAnswer> {
  const input = {
    visitorId: move.visitorId,
    occurredAt: move.occurredAt,
    ...(move.gate ? { gateId: move.gate.id } : {}),
    ...(move.override ? { override: true, notes: move.override.notes } : {}),
  };
  const options = { context: { idempotencyKey: move.key } };
  return move.action === 'check-in' ? client.visitors.checkIn.mutate(input, options) : client.visitors.checkOut.mutate(input, options);
}

/** Builds the queue entry of `request`, made now at this tablet's gate. */
function newMove(request: GateMoveRequest, now: Date, gate: GateRef | null): QueuedMove {
  return {
    key: crypto.randomUUID(),
    action: request.action,
    visitorId: request.subject.id,
    occurredAt: now.toISOString(),
    name: request.subject.name,
    houseNumber: request.subject.houseNumber,
    ...(gate ? { gate } : {}),
    ...(request.override ? { override: request.override } : {}),
  };
}

/** Moves being made, by action and subject: a second read of the same pass joins the first. */
const making = new Map<string, Promise<GateMoveOutcome>>();

/**
 * Makes a move at the gate (see the file's comment) and says, within about
 * `budgetMs`, how it ended for the screen. Never rejects.
 *
 * The same move asked for again (a scanner's double read, a second tap) is one move: while
 * the first is being made the second gets the first's outcome, and while the first waits
 * in the queue the second is said saved as that entry; it never goes to the server twice
 * (which would refuse it and send it to Needs review).
 */
export function performGateMove(
  client: AppTRPCClient,
  request: GateMoveRequest,
  options: { now?: Date; budgetMs?: number } = {},
): Promise<GateMoveOutcome> {
  const same = `${request.action}:${request.subject.id}`;
  const current = making.get(same);
  if (current) return current;
  const outcome = makeGateMove(client, request, options).finally(() => making.delete(same));
  making.set(same, outcome);
  return outcome;
}

async function makeGateMove(
  client: AppTRPCClient,
  request: GateMoveRequest,
  options: { now?: Date; budgetMs?: number },
): Promise<GateMoveOutcome> {
  setGateClient(client);
  const move = newMove(request, options.now ?? serverNow(), chosenGate());
  if (!hasGateStorage()) {
    // A browser without IndexedDB keeps nothing: the server's answer, or the failure, as it is.
    try {
      return { kind: 'done', answer: await sendMove(client, move) };
    } catch (error) {
      return { kind: 'refused', error };
    }
  }
  // Entries from before a reload count too: a new move goes behind them.
  const { waiting } = await loadedGateSnapshot();
  if (waiting > 0) {
    // The same move as the last one waiting here for this visitor (made offline, or before a
    // reload) is that entry; after a different move (in, out, in again) it is a new one.
    const last = (await readQueue().catch((): QueuedMove[] => [])).findLast((entry) => entry.visitorId === request.subject.id);
    if (last?.action === request.action) return saved(last);
  }
  const written = enqueueMove(move);
  const direct = connectionState() === 'online' && waiting === 0 && !replayRun;
  if (!direct) return (await written.then(() => true, () => false)) ? saved(move) : notKept(move);

  const sending: Promise<SendResult> = sendMove(client, move).then(
    (answer) => ({ ok: true, answer }),
    (error: unknown) => ({ ok: false, error }),
  );
  // Decided once, synchronously, by whichever comes first: the answer or the budget.
  let saidSaved = false;
  const answered = new Promise<SendResult | null>((resolve) => {
    const timer = setTimeout(() => {
      saidSaved = true;
      resolve(null);
    }, options.budgetMs ?? MOVE_ANSWER_BUDGET_MS);
    void sending.then((result) => {
      if (saidSaved) return;
      clearTimeout(timer);
      // No answer at all: it waits on this tablet, said saved.
      if (!result.ok && isRetryableFailure(result.error)) saidSaved = true;
      resolve(result);
    });
  });
  const settled = sending
    .then(async (result) => {
      await written.catch(() => {});
      if (result.ok) await removeMove(move.key);
      // A refusal the screen showed is done with; one after "saved" is the replay's to hand
      // to Needs review (sent again under its key, the server answers the same refusal).
      else if (!saidSaved && !isRetryableFailure(result.error)) await removeMove(move.key);
      if (saidSaved) void replayQueue();
    })
    .catch(() => {})
    .finally(() => inFlight.delete(move.key));
  inFlight.set(move.key, settled);

  const first = await answered;
  if (first?.ok) return { kind: 'done', answer: first.answer };
  if (first && !saidSaved) return { kind: 'refused', error: first.error };
  return (await written.then(() => true, () => false)) ? saved(move) : notKept(move);
}

/**
 * The move is on this tablet: the roll call kept offline shows it
 * (docs/operations.md#reports-exports-and-inside-now).
 */
async function saved(move: QueuedMove): Promise<GateMoveOutcome> {
  await noteInsideMove(move).catch(() => {});
  if (connectionState() === 'online') void replayQueue();
  return { kind: 'saved', move };
}

/** The device would not keep it (storage full or refused): said so, never "saved". */
function notKept(move: QueuedMove): GateMoveOutcome {
  void removeMove(move.key).catch(() => {});
  return { kind: 'refused', error: new Error('This tablet could not save the entry. Try again.') };
}

/** The hook the gate screens use: `move(request)` with the app's client. */
export function useGateMove(): (request: GateMoveRequest) => Promise<GateMoveOutcome> {
  const client = useTRPCClient();
  return useCallback((request: GateMoveRequest) => performGateMove(client, request), [client]);
}

// ---- The replay ---------------------------------------------------------------------------

let replayRun: Promise<void> | null = null;
let replayAgain = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = RETRY_FIRST_MS;

function scheduleRetry() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void replayQueue();
  }, retryDelay);
  retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
}

/** Stops a scheduled retry (logout, the sync stopped). */
export function cancelReplayRetry(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
}

/** Runs `task` alone among this browser's tabs where Web Locks exist (two tabs, one replay at a time). */
function exclusively(task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  return locks ? locks.request('gatehouse-gate-replay', task).then(() => undefined) : task();
}

/**
 * Sends the queue in order (see the file's comment). Does nothing while the device is
 * offline or before a screen or the gate sync gave the client; a call while a replay runs
 * makes it look at the queue once more when done.
 */
export function replayQueue(): Promise<void> {
  if (!hasGateStorage() || connectionState() === 'offline' || !gateClient) return Promise.resolve();
  if (replayRun) {
    replayAgain = true;
    return replayRun;
  }
  cancelReplayRetry();
  const client = gateClient;
  replayRun = (async () => {
    try {
      do {
        replayAgain = false;
        await exclusively(() => replayOnce(client));
      } while (replayAgain && !retryTimer);
    } finally {
      replayRun = null;
    }
  })();
  return replayRun;
}

async function replayOnce(client: AppTRPCClient): Promise<void> {
  const since = gateGeneration();
  for (;;) {
    // A logout in between: the queue is gone, and so is the session.
    if (since !== gateGeneration()) return;
    const [move] = await readQueue();
    if (!move) {
      retryDelay = RETRY_FIRST_MS;
      return;
    }
    // Sent at once by a screen and not settled yet: its own request decides.
    const pending = inFlight.get(move.key);
    if (pending) {
      await pending;
      continue;
    }
    try {
      await sendMove(client, move);
      await removeMove(move.key);
      replayListeners.forEach((listener) => listener('sent', move));
      continue;
    } catch (error) {
      const { status } = toAppError(error);
      if (status === 401) return;
      if (isRetryableFailure(error)) return scheduleRetry();
      // Refused: the person did pass the gate; a person decides what to record.
      try {
        // The refusal's code and values too: Needs review words it in each reader's language.
        const { code, details } = refusalOf(error);
        const values = ZErrorDetails.safeParse(details);
        await client.gate.createReview.mutate(
          {
            visitorId: move.visitorId,
            action: move.action,
            occurredAt: move.occurredAt,
            message: serverWords(error),
            idempotencyKey: move.key,
            ...(code && isErrorCode(code) ? { code } : {}),
            ...(details && values.success ? { details: values.data } : {}),
          },
          { context: { idempotencyKey: `review-${move.key}` } },
        );
      } catch (reviewError) {
        if (toAppError(reviewError).status === 401) return;
        if (isRetryableFailure(reviewError)) return scheduleRetry();
        // The list refuses it too: keeping it would block every entry behind it.
        console.error('An entry refused on replay could not be put on Needs review', move, reviewError);
      }
      await removeMove(move.key);
      replayListeners.forEach((listener) => listener('refused', move));
    }
  }
}
