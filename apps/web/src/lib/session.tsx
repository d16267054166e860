/**
 * The session store (docs/product.md#statuses-and-their-badges): who is signed in, whether the
 * start-up check is
 * still running, and the login, signup and logout actions.
 */
import type { LoginRequest, SignupRequest, User } from '@gatehouse/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from 'wouter';

import { AppError, toAppError } from './errors';
import {
  clearStoredSession,
  onSessionExpired,
  readStoredToken,
  readStoredUser,
  storeSession,
  storeUser,
} from './session-storage';
import { useTRPCClient } from './trpc';

interface SessionState {
  /** The signed-in user, or null. */
  user: User | null;
  /** On until the start-up refresh from auth.me has finished. */
  isLoading: boolean;
  /**
   * Failed sign-in attempts on the account since its previous sign-in, as the sign-in
   * answered (docs/security.md#password-guessing); 0 once the user has dismissed the notice.
   */
  failedSignIns: number;
}

/** What screens get from `useSession()`. */
export interface Session extends SessionState {
  /** Signs in; throws an AppError ('Login failed' when the server gives no text). */
  login: (input: LoginRequest) => Promise<User>;
  /** Creates an account and signs in; throws an AppError ('Signup failed' when the server gives no text). */
  signup: (input: SignupRequest) => Promise<User>;
  /** Signs out on the server and, whatever the result, locally; then goes to /login. */
  logout: () => Promise<void>;
  /** Hides the failed sign-ins notice. */
  dismissFailedSignIns: () => void;
  /**
   * Replaces the signed-in user (kept on the device too): the user menu's community switch
   * (docs/api.md#communities), where the role and house are those of the new community.
   */
  replaceUser: (user: User) => void;
}

const SessionContext = createContext<Session | null>(null);

/** The state at start: a stored user and token are used at once, pending the refresh. */
function initialState(): SessionState {
  const token = readStoredToken();
  const user = readStoredUser();
  // An API token (`gh_…`, docs/api.md#api-tokens; API_TOKEN_PREFIX, not imported to keep /login
  // small) is never a web session: the server refuses it auth.me, and offline the stored
  // user must not go on with it either.
  if (token?.startsWith('gh_')) {
    clearStoredSession();
    return { user: null, isLoading: false, failedSignIns: 0 };
  }
  if (token && user) return { user, isLoading: true, failedSignIns: 0 };
  // A token without a user (or the reverse) is not a session.
  if (token || user) clearStoredSession();
  return { user: null, isLoading: false, failedSignIns: 0 };
}

/** Provides the session to the app; needs the tRPC and TanStack Query providers above it. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [location, navigate] = useLocation();
  const [state, setState] = useState<SessionState>(initialState);
  const [needsRefresh] = useState(state.isLoading);

  // docs/product.md#statuses-and-their-badges: refresh the stored user from auth.me; a failed
  // refresh is logged and
  // ends the session. Except when it got no answer (none at all, or none in time:
  // docs/gate.md#installing-the-app, the installed app opens with no network): the stored user goes
  // on, and the server
  // still ends the session with its first 401 once it can be reached.
  useEffect(() => {
    if (!needsRefresh) return;
    let cancelled = false;
    client.auth.me
      .query()
      .then(({ user }) => {
        if (cancelled) return;
        storeUser(user);
        setState({ user, isLoading: false, failedSignIns: 0 });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.error('Failed to refresh the session', error);
        if ([0, 408].includes(toAppError(error).status)) {
          setState((current) => ({ ...current, isLoading: false }));
          return;
        }
        clearStoredSession();
        setState({ user: null, isLoading: false, failedSignIns: 0 });
      });
    return () => {
      cancelled = true;
    };
  }, [client, needsRefresh]);

  // docs/product.md#how-the-app-shows-errors: a 401 (the transport already cleared the storage)
  // ends the session and goes to /login.
  useEffect(
    () =>
      onSessionExpired(() => {
        setState({ user: null, isLoading: false, failedSignIns: 0 });
        if (location !== '/login') navigate('/login', { replace: true });
        queryClient.clear();
      }),
    [location, navigate, queryClient],
  );

  const startSession = useCallback(
    (token: string, user: User, failedSignIns = 0) => {
      storeSession(token, user);
      queryClient.clear();
      setState({ user, isLoading: false, failedSignIns });
      return user;
    },
    [queryClient],
  );

  const login = useCallback(
    async (input: LoginRequest) => {
      try {
        const { token, user, failedSignIns } = await client.auth.login.mutate(input);
        return startSession(token, user, failedSignIns ?? 0);
      } catch (error) {
        const { message, status } = toAppError(error, 'Login failed');
        throw new AppError(message, status);
      }
    },
    [client, startSession],
  );

  const signup = useCallback(
    async (input: SignupRequest) => {
      try {
        const { token, user } = await client.auth.signup.mutate(input);
        return startSession(token, user);
      } catch (error) {
        const { message, status } = toAppError(error, 'Signup failed');
        throw new AppError(message, status);
      }
    },
    [client, startSession],
  );

  const logout = useCallback(async () => {
    try {
      await client.auth.logout.mutate();
    } catch (error) {
      // docs/product.md#how-the-app-shows-errors: a failed logout is logged and ignored.
      console.error('Logout failed', error);
    } finally {
      clearStoredSession();
      setState({ user: null, isLoading: false, failedSignIns: 0 });
      navigate('/login', { replace: true });
      queryClient.clear();
    }
  }, [client, navigate, queryClient]);

  const dismissFailedSignIns = useCallback(() => setState((current) => ({ ...current, failedSignIns: 0 })), []);

  const replaceUser = useCallback((user: User) => {
    storeUser(user);
    setState((current) => ({ ...current, user }));
  }, []);

  const session = useMemo<Session>(
    () => ({ ...state, login, signup, logout, dismissFailedSignIns, replaceUser }),
    [state, login, signup, logout, dismissFailedSignIns, replaceUser],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The current session. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** The signed-in user, for screens behind the session guard. */
export function useCurrentUser(): User {
  const { user } = useSession();
  if (!user)
    throw new Error('useCurrentUser needs a signed-in user (render it behind <RequireSession>)');
  return user;
}
