/**
 * The session as kept in localStorage (docs/api.md#objects, docs/product.md#constants-and-formats:
 * keys auth_token and current_user),
 * plus a tiny signal for "the server said 401", so the transport can end the session
 * without knowing about React.
 */
import { STORAGE_KEYS, type User } from '@gatehouse/shared';

import { LAST_COMMUNITY_KEY, readActiveCommunity, TAB_COMMUNITY_KEY } from './community';

/** The stored bearer token, or null. */
export function readStoredToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
}

/**
 * The headers of every call to the server: the bearer token when one is stored, and the tab's
 * community (docs/api.md#communities) when one is chosen.
 */
export function authHeaders(token: string | null = readStoredToken()): Record<string, string> {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const communityId = readActiveCommunity();
  if (communityId) headers['X-Community-Id'] = communityId;
  return headers;
}

/** The stored user, or null when absent or unreadable. */
export function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && 'id' in parsed && 'role' in parsed
      ? (parsed as User)
      : null;
  } catch {
    return null;
  }
}

/**
 * Stores the token and the user after login or signup (docs/product.md#statuses-and-their-badges).
 */
export function storeSession(token: string, user: User): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** Replaces the stored user after a refresh from auth.me. */
export function storeUser(user: User): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

/** Removes both keys and the chosen community (logout, failed refresh, 401). */
export function clearStoredSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.user);
  localStorage.removeItem(LAST_COMMUNITY_KEY);
  sessionStorage.removeItem(TAB_COMMUNITY_KEY);
}

type Listener = () => void;
const expiryListeners = new Set<Listener>();

/** Subscribes to session expiry (a 401 from the server); returns the unsubscribe function. */
export function onSessionExpired(listener: Listener): () => void {
  expiryListeners.add(listener);
  return () => {
    expiryListeners.delete(listener);
  };
}

/**
 * Ends the stored session at once and tells the session store
 * (docs/product.md#how-the-app-shows-errors: 401).
 */
export function expireStoredSession(): void {
  clearStoredSession();
  expiryListeners.forEach((listener) => listener());
}
