/**
 * The tab's active community (docs/api.md#communities): kept per browser tab in sessionStorage, so
 * that two tabs may work in two communities at once; the last one chosen in any tab (localStorage)
 * is where a new tab starts. While none is chosen no header is sent and the server acts in the
 * session's default community.
 */
import { useSyncExternalStore } from 'react';

/** sessionStorage: this tab's community id. */
export const TAB_COMMUNITY_KEY = 'gatehouse.community';
/** localStorage: the community last chosen in any tab, a new tab's start. */
export const LAST_COMMUNITY_KEY = 'gatehouse.lastCommunity';
/** The request header naming the community (docs/api.md#communities). */
export const COMMUNITY_HEADER = 'X-Community-Id';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key) || null;
  } catch {
    return null;
  }
}

/**
 * This tab's community id, or null. A tab with none of its own takes the last chosen one and
 * keeps it, so that a later choice in another tab does not move it.
 */
export function readActiveCommunity(): string | null {
  const own = read(() => sessionStorage, TAB_COMMUNITY_KEY);
  if (own) return own;
  const last = read(() => localStorage, LAST_COMMUNITY_KEY);
  if (last) {
    try {
      sessionStorage.setItem(TAB_COMMUNITY_KEY, last);
    } catch {
      // Without sessionStorage the last choice is read each time.
    }
  }
  return last;
}

/** Makes `communityId` this tab's community and a new tab's start. */
export function chooseCommunity(communityId: string): void {
  try {
    sessionStorage.setItem(TAB_COMMUNITY_KEY, communityId);
    localStorage.setItem(LAST_COMMUNITY_KEY, communityId);
  } catch {
    // Storage refused (private mode): the choice holds only as the server's default.
  }
  notify();
}

/** Forgets the tab's and the last chosen community (sign-out). */
export function clearChosenCommunity(): void {
  try {
    sessionStorage.removeItem(TAB_COMMUNITY_KEY);
    localStorage.removeItem(LAST_COMMUNITY_KEY);
  } catch {
    // Nothing stored.
  }
  notify();
}

/** `{X-Community-Id}` when the tab has a community, else nothing. */
export function communityHeader(): Record<string, string> {
  const id = readActiveCommunity();
  return id ? { [COMMUNITY_HEADER]: id } : {};
}

/** The tab's community id for React (re-renders when it is chosen or cleared). */
export function useActiveCommunity(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readActiveCommunity,
    () => null,
  );
}
