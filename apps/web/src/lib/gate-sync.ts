/**
 * Keeps the gate tablet ready for the network to drop (offline-gate §2, §3): the gate pack
 * refreshed every 60 s and on every live event (a delta since the last cursor), with it the
 * Inside now roll call (operations §4; a move queued offline changes the stored copy too),
 * and the queue of moves made offline sent, in order, when the link returns.
 *
 * Replay, one entry at a time from the front of the queue, each with the key and instant it
 * was made with:
 * - accepted (2xx): removed;
 * - no answer, a time-out, a 5xx, 429, or "in progress": stop, keep the order, try again
 *   later with the same key (the server answers a repeat with the first response, so an
 *   entry that did arrive is not done twice);
 * - refused (another 4xx): put on the server's Needs review list with the server's words,
 *   then removed; 401 ends the session and keeps the queue for the next sign-in.
 *
 * Started by the signed-in shell for guards and admins (`useGateSync`).
 */
import type { Role } from '@gatehouse/shared';
import { useCallback, useEffect, useRef } from 'react';

import { connectionState, onConnectionRestored } from './connection';
import { createReview, fetchInside, fetchPack, GateApiError, sendGateMove } from './gate-api';
import { chosenGate } from './gate-choice';
import {
  clearGateData,
  clearPack,
  enqueueMove,
  gateSnapshot,
  gateGeneration,
  hasGateStorage,
  loadGateSnapshot,
  mergePack,
  noteInsideMove,
  readPack,
  readQueue,
  removeMove,
  storeInside,
  storeSettings,
  type QueuedMove,
  type StoredSettings,
} from './gate-store';
import { useVisitorEvents } from './live-updates';
import { useCurrentUser, useSession } from './session';
import { useTRPCClient } from './trpc';

/** How often the pack is refreshed while signed in (offline-gate §2). */
export const PACK_REFRESH_MS = 60_000;
/** Live events come in bursts (a check-in is two events at two screens): one refresh for a burst. */
const LIVE_REFRESH_DELAY_MS = 1_000;
/** First wait before another replay after a failure, doubled each time up to the maximum. */
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 60_000;

/** The server's words while a first request with the same key still runs (offline-gate §3). */
const IN_PROGRESS_MESSAGE = 'A request with this Idempotency-Key is in progress';

type SettingsLoader = () => Promise<StoredSettings>;

/** What happened to a replayed entry, for the screens to refresh what they show. */
export type ReplayOutcome = 'sent' | 'refused';
const replayListeners = new Set<(outcome: ReplayOutcome, move: QueuedMove) => void>();

/** Calls `listener` after each entry is sent or handed to Needs review; returns the unsubscribe. */
export function onGateReplay(listener: (outcome: ReplayOutcome, move: QueuedMove) => void): () => void {
  replayListeners.add(listener);
  return () => replayListeners.delete(listener);
}

// ---- The pack ---------------------------------------------------------------------------

let packRun: Promise<void> | null = null;
let packAgain = false;

/**
 * Brings the pack up to date: a delta since the stored cursor, or the whole pack when there
 * is none (or the server no longer knows the cursor). Calls made while one runs are merged
 * into one more run after it. Rejects when the server cannot be reached.
 */
export function syncPack(loadSettings?: SettingsLoader): Promise<void> {
  if (!hasGateStorage()) return Promise.resolve();
  if (packRun) {
    packAgain = true;
    return packRun;
  }
  packRun = (async () => {
    try {
      do {
        packAgain = false;
        await syncPackOnce(loadSettings);
      } while (packAgain);
    } finally {
      packRun = null;
    }
  })();
  return packRun;
}

async function syncPackOnce(loadSettings?: SettingsLoader) {
  const since = gateGeneration();
  const cursor = (await readPack())?.cursor || null;
  let answer;
  let full = !cursor;
  try {
    answer = await fetchPack(cursor);
  } catch (error) {
    // A cursor the server cannot read any more (4xx other than the session's): start again whole.
    if (!(cursor && error instanceof GateApiError && error.status >= 400 && error.status < 500 && error.status !== 401)) throw error;
    answer = await fetchPack(null);
    full = true;
  }
  await mergePack(answer, { full, since });
  // Inside now (operations §4) rides along, for the roll call offline; its failure leaves the last copy.
  await fetchInside()
    .then((items) => storeInside(items, { since }))
    .catch(() => {});
  if (loadSettings) {
    const settings = await loadSettings().catch(() => null);
    if (settings) await storeSettings({ timeZone: settings.timeZone, earlyCheckinMinutes: settings.earlyCheckinMinutes }, since);
  }
}

// ---- The queue --------------------------------------------------------------------------

let replayRun: Promise<void> | null = null;
let replayAgain = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = RETRY_FIRST_MS;

/** Whether a failed replay is worth trying again later with the same key (rather than a refusal). */
function isRetryable(error: GateApiError): boolean {
  if ([0, 408, 429].includes(error.status) || error.status >= 500) return true;
  return error.status === 409 && (error.message === IN_PROGRESS_MESSAGE || /IDEMPOTENCY/i.test(error.code ?? ''));
}

function scheduleRetry() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void replayQueue();
  }, retryDelay);
  retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
}

/** Runs `task` alone among this browser's tabs where Web Locks exist (two tabs, one replay at a time). */
function exclusively(task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  return locks ? locks.request('gatehouse-gate-replay', task).then(() => undefined) : task();
}

/**
 * Sends the queue in order (see the file's comment). Does nothing while the device is
 * offline; a call while a replay runs makes it look at the queue once more when done.
 */
export function replayQueue(): Promise<void> {
  if (!hasGateStorage() || connectionState() === 'offline') return Promise.resolve();
  if (replayRun) {
    replayAgain = true;
    return replayRun;
  }
  clearTimeout(retryTimer);
  retryTimer = undefined;
  replayRun = (async () => {
    try {
      do {
        replayAgain = false;
        await exclusively(replayOnce);
      } while (replayAgain && !retryTimer);
    } finally {
      replayRun = null;
    }
  })();
  return replayRun;
}

async function replayOnce(): Promise<void> {
  const since = gateGeneration();
  for (;;) {
    // A logout in between: the queue is gone, and so is the session.
    if (since !== gateGeneration()) return;
    const [move] = await readQueue();
    if (!move) {
      retryDelay = RETRY_FIRST_MS;
      return;
    }
    try {
      await sendGateMove(move);
      await removeMove(move.key);
      replayListeners.forEach((listener) => listener('sent', move));
      continue;
    } catch (error) {
      if (!(error instanceof GateApiError)) throw error;
      if (error.status === 401) return;
      if (isRetryable(error)) return scheduleRetry();
      // Refused: the person did pass the gate; a person decides what to record (offline-gate §3).
      try {
        // The move's id names a visitor or a recurring pass: the review names either.
        await createReview({
          visitorId: move.visitorId,
          action: move.action,
          occurredAt: move.occurredAt,
          message: error.message,
          idempotencyKey: move.key,
        });
      } catch (reviewError) {
        if (!(reviewError instanceof GateApiError)) throw reviewError;
        if (reviewError.status === 401) return;
        if (isRetryable(reviewError)) return scheduleRetry();
        // The list refuses it too: keeping it would block every entry behind it.
        console.error('An entry refused on replay could not be put on Needs review', move, reviewError);
      }
      await removeMove(move.key);
      replayListeners.forEach((listener) => listener('refused', move));
    }
  }
}

/**
 * Records a check-in or check-out made while the server cannot be reached: queued with a new
 * Idempotency-Key and the instant it happened, sent as soon as the link allows.
 */
export async function queueGateMove(move: Omit<QueuedMove, 'key' | 'occurredAt'>, now: Date = new Date()): Promise<QueuedMove> {
  // operations §2: the move keeps the gate this tablet stands at now, whenever it is sent.
  const gate = move.gate ?? chosenGate() ?? undefined;
  const queued: QueuedMove = { ...move, ...(gate ? { gate } : {}), key: crypto.randomUUID(), occurredAt: now.toISOString() };
  await enqueueMove(queued);
  await noteInsideMove(queued).catch(() => {});
  if (connectionState() === 'online') void replayQueue();
  return queued;
}

/** How long a logout waits for the queue to be sent before it is dropped (ms). */
const LOGOUT_FLUSH_MS = 5_000;

/**
 * At logout (offline-gate §4): one last try to send what waits, if the server can be
 * reached (a few seconds at most, before the session ends), then the pack, the queue and
 * the settings are forgotten.
 */
export async function endGateSession(): Promise<void> {
  if (hasGateStorage() && gateSnapshot().waiting > 0 && connectionState() === 'online') {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      replayQueue().catch(() => {}),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, LOGOUT_FLUSH_MS);
      }),
    ]);
    clearTimeout(timer);
  }
  clearTimeout(retryTimer);
  retryTimer = undefined;
  await clearGateData();
}

// ---- Started by the shell ---------------------------------------------------------------

/** Whether `role` works at the gate and keeps a pack (offline-gate §2: guards and admins). */
export function keepsGatePack(role: Role): boolean {
  return role === 'guard' || role === 'admin';
}

/**
 * Starts the pack refresh and the replay for a gate user (load what is stored, sync now,
 * every 60 s, on every return of the link). Returns the stop.
 */
export function startGateSync(loadSettings: SettingsLoader): () => void {
  if (!hasGateStorage()) return () => {};
  // Stopped (a logout, another user): the start's pending read must not refresh any more.
  let stopped = false;
  const refresh = () => {
    if (stopped || connectionState() !== 'online') return;
    void syncPack(loadSettings).catch(() => {
      // Unreachable: the connection store knows, and the next tick tries again.
    });
  };
  // At start the pack is refreshed when due (every 60 s): a page opened again within a
  // minute of the last sync does not fetch it, so the guard's first scan does not wait
  // behind it.
  let due: ReturnType<typeof setTimeout> | undefined;
  void loadGateSnapshot().then(() => {
    if (stopped) return;
    void replayQueue();
    const { syncedAt } = gateSnapshot();
    const wait = syncedAt === null ? 0 : syncedAt + PACK_REFRESH_MS - Date.now();
    if (wait <= 0) refresh();
    else due = setTimeout(refresh, wait);
  });
  const timer = setInterval(() => {
    refresh();
    void replayQueue();
  }, PACK_REFRESH_MS);
  const stopRestored = onConnectionRestored(() => {
    // The queue first: the pack then reads what it changed.
    void replayQueue().finally(refresh);
  });
  // After the queue drains, the pack learns the server's view of what was sent.
  let drained: ReturnType<typeof setTimeout> | undefined;
  const stopReplay = onGateReplay(() => {
    clearTimeout(drained);
    drained = setTimeout(refresh, LIVE_REFRESH_DELAY_MS);
  });
  return () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(due);
    clearTimeout(drained);
    clearTimeout(retryTimer);
    retryTimer = undefined;
    stopRestored();
    stopReplay();
  };
}

/**
 * The shell's hook: for guards and admins, keeps the pack and replays the queue while
 * signed in, and refreshes the pack after live events; for anyone else, drops a pack a
 * gate user left on this device (the queue stays for the gate user's next sign-in).
 */
export function useGateSync(): void {
  const gate = keepsGatePack(useCurrentUser().role);
  const client = useTRPCClient();
  useEffect(() => {
    if (!hasGateStorage()) return;
    if (!gate) {
      void clearPack();
      return;
    }
    return startGateSync(() => client.visitors.settings.query());
  }, [gate, client]);

  const liveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(liveTimer.current), []);
  useVisitorEvents(() => {
    if (!gate || !hasGateStorage()) return;
    clearTimeout(liveTimer.current);
    liveTimer.current = setTimeout(() => {
      if (connectionState() === 'online') void syncPack(() => client.visitors.settings.query()).catch(() => {});
    }, LIVE_REFRESH_DELAY_MS);
  });
}

/**
 * Log Out for the signed-in screens (the user menu, the profile): what the gate tablet keeps
 * goes first (offline-gate §4), then the session. Here rather than in the session store, so
 * that /login's scripts do not carry the gate's code.
 */
export function useLogout(): () => Promise<void> {
  const { logout } = useSession();
  return useCallback(async () => {
    await endGateSession().catch((error: unknown) => console.error('Could not clear the gate data', error));
    await logout();
  }, [logout]);
}
