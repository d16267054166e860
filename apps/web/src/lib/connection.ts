/**
 * Whether the server can be reached (docs/product.md#when-the-network-fails): the browser's own
 * online/offline signal, and every request's outcome. A request that gets no answer marks
 * the server unreachable; from then on `/api/health` is asked every few seconds (and at
 * once on Retry) until it answers, when the app is told to refetch what it shows. The
 * shell's banner reads this state; screens read it to word their failures.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

import { toAppError } from './errors';
import { listenToCallOutcomes } from './trpc';

/** `offline`: the device has no network; `unreachable`: it has, but the server does not answer. */
export type ConnectionState = 'online' | 'offline' | 'unreachable';

/** How often an unreachable server is asked again (ms). */
export const PROBE_INTERVAL_MS = 5_000;
/** How long one probe waits for `/api/health` (ms). */
const PROBE_TIMEOUT_MS = 5_000;

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

let serverUnreachable = false;
let state: ConnectionState = browserOffline() ? 'offline' : 'online';
let probeTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const recoveryListeners = new Set<() => void>();

function update() {
  const next: ConnectionState = browserOffline() ? 'offline' : serverUnreachable ? 'unreachable' : 'online';
  if (next === state) return;
  const recovered = state !== 'online' && next === 'online';
  state = next;
  for (const listener of listeners) listener();
  if (recovered) for (const listener of recoveryListeners) listener();
}

function scheduleProbe() {
  clearTimeout(probeTimer);
  if (!serverUnreachable) return;
  probeTimer = setTimeout(() => void probeServer(), PROBE_INTERVAL_MS);
}

/** Asks `/api/health` now; true when it answered (and the server is then marked reachable). */
export async function probeServer(): Promise<boolean> {
  clearTimeout(probeTimer);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  try {
    const response = await globalThis.fetch('/api/health', { cache: 'no-store', signal: controller.signal });
    if (response.ok) {
      reportServerAnswered();
      return true;
    }
  } catch {
    // Still unreachable.
  } finally {
    clearTimeout(timer);
  }
  scheduleProbe();
  return false;
}

/** A request got no answer (network failure, time-out, a gateway's 502-504): the server is unreachable until a probe or a request gets through. */
export function reportServerUnreachable(): void {
  if (!serverUnreachable) {
    serverUnreachable = true;
    update();
  }
  if (probeTimer === undefined) scheduleProbe();
}

/** A request got an answer (any answer from the server itself). */
export function reportServerAnswered(): void {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  if (!serverUnreachable) return;
  serverUnreachable = false;
  update();
}

/** Calls `listener` whenever the connection comes back (to refetch); returns the unsubscribe. */
export function onConnectionRestored(listener: () => void): () => void {
  recoveryListeners.add(listener);
  return () => recoveryListeners.delete(listener);
}

/**
 * Reads every query's and mutation's outcome from `client` (an answer, or none), and
 * refetches what is on screen when the server can be reached again. Started by the
 * signed-in shell (the sign-in page's code stays small); returns the stop.
 */
export function watchQueryClient(client: QueryClient): () => void {
  const report = (action: { type: string; error?: unknown }) => {
    if (action.type === 'success') reportServerAnswered();
    // No answer at all (0) or none in time (408): a 5xx is the server (or its gateway) answering.
    else if (action.type === 'error') ([0, 408].includes(toAppError(action.error).status) ? reportServerUnreachable : reportServerAnswered)();
  };
  // Every call of the tRPC client, the gate's own included, read the same way.
  listenToCallOutcomes((error) => {
    if (error === null) return reportServerAnswered();
    ([0, 408].includes(toAppError(error).status) ? reportServerUnreachable : reportServerAnswered)();
  });
  const stops = [
    () => listenToCallOutcomes(null),
    client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated') report(event.action);
    }),
    client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated') report(event.action);
    }),
    onConnectionRestored(() => void client.invalidateQueries()),
  ];
  return () => stops.forEach((stop) => stop());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    update();
    // Back on the network: see whether the server is there too.
    if (serverUnreachable) void probeServer();
  });
  window.addEventListener('offline', update);
}

/** The connection state now (outside React). */
export function connectionState(): ConnectionState {
  return state;
}

/** The connection state, re-rendering when it changes. */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribe, () => state, () => 'online');
}

/** Test support: forget what was reported (each test starts online). */
export function resetConnectionState(): void {
  clearTimeout(probeTimer);
  probeTimer = undefined;
  serverUnreachable = false;
  state = browserOffline() ? 'offline' : 'online';
  for (const listener of listeners) listener();
}
