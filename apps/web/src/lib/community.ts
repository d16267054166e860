/**
 * The tab's active community (docs/api.md#communities): kept per browser tab in sessionStorage, so
 * that two tabs may work in two communities at once; the last one chosen in any tab (localStorage)
 * is where a new tab starts. While none is chosen no header is sent and the server acts in the
 * session's default community.
 */

/** sessionStorage: this tab's community id. */
export const TAB_COMMUNITY_KEY = 'gatehouse.community';
/** localStorage: the community last chosen in any tab, a new tab's start. */
export const LAST_COMMUNITY_KEY = 'gatehouse.lastCommunity';

/**
 * This tab's community id, or null. A tab with none of its own takes the last chosen one and
 * keeps it, so that a later choice in another tab does not move it. (Choosing one is the
 * user menu's: features/shell/active-community.ts.)
 */
export function readActiveCommunity(): string | null {
  try {
    const id = sessionStorage.getItem(TAB_COMMUNITY_KEY) || localStorage.getItem(LAST_COMMUNITY_KEY);
    if (id) sessionStorage.setItem(TAB_COMMUNITY_KEY, id);
    return id;
  } catch {
    // Storage refused (private mode): the session's default community.
    return null;
  }
}
