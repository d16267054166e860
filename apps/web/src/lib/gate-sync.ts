/**
 * Keeps the gate tablet ready for the network to drop (docs/gate.md#the-gate-pack,
 * docs/gate.md#recording-moves-offline): the gate pack
 * refreshed every 60 s and on every live event (a delta since the last cursor), with it the
 * Inside now roll call (docs/operations.md#reports-exports-and-inside-now; a move queued offline
 * changes the stored copy too),
 * and the queue of moves (lib/gate-moves.ts) sent, in order, when the link returns. Over the
 * app's typed tRPC client.
 *
 * Started by the signed-in shell for guards and admins (`useGateSync`).
 */
import type { Role } from '@gatehouse/shared';
import { useCallback, useEffect, useRef } from 'react';

import { connectionState, onConnectionRestored } from './connection';
import { toAppError } from './errors';
import { cancelReplayRetry, onGateReplay, replayQueue, setGateClient } from './gate-moves';
import {
  clearGateData,
  clearPack,
  gateSnapshot,
  gateGeneration,
  hasGateStorage,
  loadGateSnapshot,
  mergePack,
  readPack,
  storeInside,
  storeSettings,
  type StoredSettings,
} from './gate-store';
import { useVisitorEvents } from './live-updates';
import { useCurrentUser, useSession } from './session';
import { useTRPCClient, type AppTRPCClient } from './trpc';

/** How often the pack is refreshed while signed in (docs/gate.md#the-gate-pack). */
export const PACK_REFRESH_MS = 60_000;
/** Live events come in bursts (a check-in is two events at two screens): one refresh for a burst. */
const LIVE_REFRESH_DELAY_MS = 1_000;

type SettingsLoader = () => Promise<StoredSettings>;

// ---- The pack ---------------------------------------------------------------------------

let packRun: Promise<void> | null = null;
let packAgain = false;

/**
 * Brings the pack up to date: a delta since the stored cursor, or the whole pack when there
 * is none (or the server no longer knows the cursor, or the stored pack's codes are not
 * salted: kept before they were). Calls made while one runs are merged into one more run
 * after it. Rejects when the server cannot be reached.
 */
export function syncPack(client: AppTRPCClient, loadSettings?: SettingsLoader): Promise<void> {
  if (!hasGateStorage()) return Promise.resolve();
  if (packRun) {
    packAgain = true;
    return packRun;
  }
  packRun = (async () => {
    try {
      do {
        packAgain = false;
        await syncPackOnce(client, loadSettings);
      } while (packAgain);
    } finally {
      packRun = null;
    }
  })();
  return packRun;
}

async function syncPackOnce(client: AppTRPCClient, loadSettings?: SettingsLoader) {
  const since = gateGeneration();
  const stored = await readPack();
  const cursor = (stored?.codeHash && stored.cursor) || null;
  let answer;
  let full = !cursor;
  try {
    answer = await client.gate.pack.query(cursor ? { since: cursor } : {});
  } catch (error) {
    const { status } = toAppError(error);
    // A cursor the server cannot read any more (4xx other than the session's): start again whole.
    if (!(cursor && status >= 400 && status < 500 && status !== 401)) throw error;
    answer = await client.gate.pack.query({});
    full = true;
  }
  await mergePack(answer, { full, since });
  // Inside now (docs/operations.md#reports-exports-and-inside-now) rides along, for the roll call
  // offline; its failure leaves the last copy.
  await client.gate.inside
    .query({})
    .then((inside) => storeInside(inside.items, { since }))
    .catch(() => {});
  if (loadSettings) {
    const settings = await loadSettings().catch(() => null);
    if (settings) {
      const { timeZone, earlyCheckinMinutes, overstayGraceMinutes } = settings;
      await storeSettings({ timeZone, earlyCheckinMinutes, ...(overstayGraceMinutes !== undefined ? { overstayGraceMinutes } : {}) }, since);
    }
  }
}

/** How long a logout waits for the queue to be sent before it is dropped (ms). */
const LOGOUT_FLUSH_MS = 5_000;

/**
 * At logout (docs/gate.md#logging-out-of-a-gate-tablet): one last try to send what waits, if the
 * server can be
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
  cancelReplayRetry();
  await clearGateData();
}

// ---- Started by the shell ---------------------------------------------------------------

/**
 * Whether `role` works at the gate and keeps a pack (docs/gate.md#the-gate-pack: guards and
 * admins).
 */
export function keepsGatePack(role: Role): boolean {
  return role === 'guard' || role === 'admin';
}

/**
 * Starts the pack refresh and the replay for a gate user (load what is stored, sync now,
 * every 60 s, on every return of the link). Returns the stop.
 */
export function startGateSync(client: AppTRPCClient, loadSettings: SettingsLoader): () => void {
  if (!hasGateStorage()) return () => {};
  setGateClient(client);
  // Stopped (a logout, another user): the start's pending read must not refresh any more.
  let stopped = false;
  const refresh = () => {
    if (stopped || connectionState() !== 'online') return;
    void syncPack(client, loadSettings).catch(() => {
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
    cancelReplayRetry();
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
    return startGateSync(client, () => client.visitors.settings.query());
  }, [gate, client]);

  const liveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(liveTimer.current), []);
  useVisitorEvents(() => {
    if (!gate || !hasGateStorage()) return;
    clearTimeout(liveTimer.current);
    liveTimer.current = setTimeout(() => {
      if (connectionState() === 'online') void syncPack(client, () => client.visitors.settings.query()).catch(() => {});
    }, LIVE_REFRESH_DELAY_MS);
  });
}

/**
 * Log Out for the signed-in screens (the user menu, the profile): what the gate tablet keeps
 * goes first (docs/gate.md#logging-out-of-a-gate-tablet), then the session. Here rather than in the
 * session store, so
 * that /login's scripts do not carry the gate's code.
 */
export function useLogout(): () => Promise<void> {
  const { logout } = useSession();
  return useCallback(async () => {
    await endGateSession().catch((error: unknown) => console.error('Could not clear the gate data', error));
    await logout();
  }, [logout]);
}

/** Kept here for the screens that listen for replays (the queue itself lives in lib/gate-moves.ts). */
export { onGateReplay, type ReplayOutcome } from './gate-moves';
