/**
 * Choosing the tab's community (docs/api.md#communities) and following it in the signed-in
 * screens, kept out of lib/community.ts so that /login's scripts do not carry them.
 */
import { useSyncExternalStore } from 'react';

import { LAST_COMMUNITY_KEY, readActiveCommunity, TAB_COMMUNITY_KEY } from '../../lib/community';

const listeners = new Set<() => void>();

/** Makes `communityId` this tab's community and a new tab's start. */
export function chooseCommunity(communityId: string): void {
  try {
    sessionStorage.setItem(TAB_COMMUNITY_KEY, communityId);
    localStorage.setItem(LAST_COMMUNITY_KEY, communityId);
  } catch {
    // Storage refused (private mode): the choice holds only as the session's default.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The tab's community id (re-renders when one is chosen), or null. */
export function useActiveCommunity(): string | null {
  return useSyncExternalStore(subscribe, readActiveCommunity, () => null);
}
