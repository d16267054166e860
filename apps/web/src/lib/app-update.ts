/**
 * A new version of the app waiting to be used (docs/gate.md#installing-the-app): set by the service
 * worker's
 * registration (lib/service-worker.ts) when a new worker has installed while this page runs
 * an older one; read by the shell's UpdatePrompt. The new version is never forced: it is
 * used when the user chooses Reload. (A plain store, not a nanostore: sharing nanostores
 * with the shell would split /login's scripts into more files.)
 */
import { useSyncExternalStore } from 'react';

/** Activates the waiting version and reloads the page into it. */
export type ApplyUpdate = () => Promise<void>;

let waiting: ApplyUpdate | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the shell that a new version is waiting, reached by `apply` (null: none any more). */
export function offerUpdate(apply: ApplyUpdate | null): void {
  waiting = apply;
  for (const listener of listeners) listener();
}

/** The way to the waiting version, or null while there is none. */
export function waitingUpdate(): ApplyUpdate | null {
  return waiting;
}

/** The waiting version's Reload, re-rendering when one is offered. */
export function useWaitingUpdate(): ApplyUpdate | null {
  return useSyncExternalStore(subscribe, waitingUpdate, () => null);
}
