/**
 * Live updates (docs/gate.md#live-updates): one server-sent event stream per tab, opened by the
 * signed-in
 * shell. Every visitor event refreshes the visitor queries on screen (lists, counts, the
 * one open) and the notification bell, at most every 300 ms; a `reset` (the server could not say what was missed)
 * refreshes everything; an admin's `blocklist.refused` (docs/operations.md#blocklist) refreshes the
 * notifications (the dashboard's blocklist alerts). Screens that hold a visitor outside the query cache (the scan
 * result) listen with `useVisitorEvents`.
 *
 * The stream has its own tRPC client, loaded with the shell and not with /login: the
 * `eventsource` package, whose `fetch` option sends the bearer token in a header (the
 * browser's EventSource cannot, and tokens never go in URLs). tRPC resumes after a drop
 * with the last event id, so nothing in the last 15 minutes is missed.
 */
import type { AppRouter } from '@gatehouse/api';
import type { Visitor } from '@gatehouse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpSubscriptionLink } from '@trpc/client';
import { EventSource } from 'eventsource';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

import { authHeaders, expireStoredSession } from './session-storage';
import { unauthorizedLink } from './trpc';
import { useTRPC } from './trpc-react';

/** A visitor event as screens receive it. */
export interface VisitorEvent {
  type: 'visitor.created' | 'visitor.updated';
  visitor: Visitor;
}

type Listener = (event: VisitorEvent) => void;

/** Whether the stream is open: `connecting`, `live`, or `offline` (retrying). */
export type LiveState = 'connecting' | 'live' | 'offline';

interface LiveUpdatesApi {
  state: LiveState;
  subscribe: (listener: Listener) => () => void;
}

const LiveUpdatesContext = createContext<LiveUpdatesApi>({ state: 'offline', subscribe: () => () => {} });

/** How often, at most, a burst of events refreshes the visitor queries (ms). */
const REFRESH_THROTTLE_MS = 300;

function createStreamClient() {
  return createTRPCClient<AppRouter>({
    links: [
      unauthorizedLink(expireStoredSession),
      httpSubscriptionLink({
        url: '/trpc',
        EventSource,
        eventSourceOptions: () => ({
          fetch: (input, init) => globalThis.fetch(input, { ...init, headers: { ...init.headers, ...authHeaders() } }),
        }),
      }),
    ],
  });
}

/** Opens the stream while mounted (the signed-in shell) and hands events to the screens. */
export function LiveUpdatesProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const listeners = useRef(new Set<Listener>());
  const [state, setState] = useState<LiveState>('connecting');
  const [api] = useState<Omit<LiveUpdatesApi, 'state'>>(() => ({
    subscribe: (listener) => {
      listeners.current.add(listener);
      return () => listeners.current.delete(listener);
    },
  }));

  useEffect(() => {
    const client = createStreamClient();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: trpc.visitors.pathKey() });
        // Who is inside (the gate screen, Inside now) changes with every check-in and check-out.
        void queryClient.invalidateQueries({ queryKey: trpc.gate.inside.pathKey() });
        // A walk-in, a check-in or a check-out may have notified this user
        // (docs/gate.md#notifications).
        void queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() });
      }, REFRESH_THROTTLE_MS);
    };
    const subscription = client.visitors.events.subscribe(
      {},
      {
        onStarted: () => setState('live'),
        onConnectionStateChange: (change) => setState(change.state === 'pending' ? 'live' : change.state === 'connecting' ? 'connecting' : 'offline'),
        onData: (item) => {
          const data = 'data' in item ? item.data : item;
          if (data.type === 'reset') {
            void queryClient.invalidateQueries();
            return;
          }
          if (data.type === 'blocklist.refused') {
            // docs/operations.md#blocklist (admins): the gate just refused a blocklisted visitor or
            // pass.
            void queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() });
            return;
          }
          refresh();
          const event = data as VisitorEvent;
          listeners.current.forEach((listener) => listener(event));
        },
        onError: () => setState('offline'),
      },
    );
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, [queryClient, trpc]);

  return <LiveUpdatesContext.Provider value={{ ...api, state }}>{children}</LiveUpdatesContext.Provider>;
}

/** Calls `listener` with every visitor event while the calling screen is mounted. */
export function useVisitorEvents(listener: Listener): void {
  const { subscribe } = useContext(LiveUpdatesContext);
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribe((event) => latest.current(event)), [subscribe]);
}

/** Whether live updates are flowing (for a discreet indicator). */
export function useLiveState(): LiveState {
  return useContext(LiveUpdatesContext).state;
}
