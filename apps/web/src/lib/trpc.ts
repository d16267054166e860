/**
 * The transport of docs/api.md#the-rest-paths, docs/product.md#how-the-app-shows-errors: tRPC over
 * HTTP batching to /trpc, a bearer
 * token on every request when one is stored, a 30 s time-out, and the 401 rule.
 */
import type { AppRouter } from '@gatehouse/api';
import { REQUEST_TIMEOUT_MS } from '@gatehouse/shared';
import { createTRPCClient, httpBatchLink, httpLink, splitLink, type TRPCClient, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createContext, createElement, useContext, type ReactNode } from 'react';

import { AppError, DEFAULT_ERROR_MESSAGE, toAppError } from './errors';
import { noteServerDate } from './server-clock';
import { authHeaders, expireStoredSession, readStoredToken } from './session-storage';

export type AppTRPCClient = TRPCClient<AppRouter>;

const TRPCClientContext = createContext<AppTRPCClient | null>(null);

/**
 * Gives the app's tRPC client to `useTRPCClient()`. The TanStack Query bindings
 * (`useTRPC`, lib/trpc-react.tsx) are provided by the signed-in shell and the sign-up page,
 * so that /login does not load them (docs/performance.md#the-targets, target 5).
 */
export function TRPCClientProvider({ client, children }: { client: AppTRPCClient; children: ReactNode }) {
  return createElement(TRPCClientContext.Provider, { value: client }, children);
}

/** The app's tRPC client (plain calls: `client.auth.login.mutate(…)`); throws outside TRPCClientProvider. */
export function useTRPCClient(): AppTRPCClient {
  const client = useContext(TRPCClientContext);
  if (!client) throw new Error('useTRPCClient needs a TRPCClientProvider above it');
  return client;
}

type FetchFunction = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

const BODYLESS_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A fetch that gives up after `timeoutMs` (docs/product.md#how-the-app-shows-errors,
 * docs/product.md#constants-and-formats):
 * - time-out: AppError 'Request timeout', status 408;
 * - any other network failure: its message or 'Network error', status 0;
 * - an error answer that is not JSON (a proxy page, say): 'An error occurred' with its status.
 * A request cancelled by its caller (TanStack Query dropping a query) stays an AbortError.
 * The body is read inside the time limit, so a stalled body also times out.
 */
export function createTimedFetch(timeoutMs: number = REQUEST_TIMEOUT_MS): FetchFunction {
  return async (input, init) => {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const callerSignal = init?.signal ?? null;
    const forwardAbort = () => controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) forwardAbort();
    else callerSignal?.addEventListener('abort', forwardAbort, { once: true });

    try {
      // Looked up at call time, so test doubles and service workers that patch fetch apply.
      const response = await globalThis.fetch(input, { ...init, signal: controller.signal });
      const body = await response.text();
      noteServerDate(response.headers.get('date'));
      const isJson = (response.headers.get('content-type') ?? '').includes('json');
      if (!response.ok && !isJson) throw new AppError(DEFAULT_ERROR_MESSAGE, response.status);
      return new Response(BODYLESS_STATUSES.has(response.status) ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (timedOut) throw new AppError('Request timeout', 408);
      if (callerSignal?.aborted) throw error;
      const message = error instanceof Error && error.message ? error.message : 'Network error';
      throw new AppError(message, 0);
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forwardAbort);
    }
  };
}

/**
 * Ends the session on a 401 from any procedure except auth.login, where 401 only means
 * a wrong email or password (docs/product.md#how-the-app-shows-errors).
 */
export function unauthorizedLink(onUnauthorized: () => void): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) =>
        next(op).subscribe({
          next: (value) => observer.next(value),
          error: (error) => {
            if (op.path !== 'auth.login' && toAppError(error).status === 401) onUnauthorized();
            observer.error(error);
          },
          complete: () => observer.complete(),
        }),
      );
}

/**
 * Who is told of every call's outcome (`null`: the server answered; else the error): the
 * connection store, once the signed-in shell listens (lib/connection.ts `watchQueryClient`),
 * so that calls made outside TanStack Query (the gate's sync and queue) count too. Kept as a
 * hook here so that /login's scripts do not carry the connection store.
 */
let callOutcomeListener: ((error: unknown) => void) | null = null;

/** Sets (or, with null, clears) the listener of every call's outcome. */
export function listenToCallOutcomes(listener: ((error: unknown) => void) | null): void {
  callOutcomeListener = listener;
}

function outcomeLink(): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) =>
        next(op).subscribe({
          next: (value) => {
            callOutcomeListener?.(null);
            observer.next(value);
          },
          error: (error) => {
            callOutcomeListener?.(error);
            observer.error(error);
          },
          complete: () => observer.complete(),
        }),
      );
}

/** The per-call options of a gate move: sent alone, under its own Idempotency-Key. */
export interface KeyedCallContext extends Record<string, unknown> {
  idempotencyKey: string;
}

/** What the transport needs from its host; the defaults are the browser's. */
export interface TransportOptions {
  /** Endpoint of the tRPC handler (same origin in production, proxied by Vite in development). */
  url?: string;
  /** The bearer token to send, or null. */
  getToken?: () => string | null;
  /** Called after a 401; the default clears the stored session and signals the session store. */
  onUnauthorized?: () => void;
  /** Request time-out in milliseconds (docs/product.md#constants-and-formats: 30000). */
  timeoutMs?: number;
}

/**
 * Builds the tRPC client of the web app. A call made with `context: {idempotencyKey}` (a gate
 * move, lib/gate-moves.ts) goes alone with that `Idempotency-Key` header, so that the server
 * does it once however often the tablet sends it; every other call is batched.
 */
export function createTransportClient(options: TransportOptions = {}): AppTRPCClient {
  const getToken = options.getToken ?? readStoredToken;
  const url = options.url ?? '/trpc';
  const fetch = createTimedFetch(options.timeoutMs);
  // The bearer token and the tab's community (docs/api.md#communities), read at each call.
  const authorization = (): Record<string, string> => authHeaders(getToken());
  return createTRPCClient<AppRouter>({
    links: [
      unauthorizedLink(options.onUnauthorized ?? expireStoredSession),
      outcomeLink(),
      splitLink({
        condition: (op) => typeof op.context.idempotencyKey === 'string',
        true: httpLink({
          url,
          headers: ({ op }) => ({ ...authorization(), 'Idempotency-Key': String(op.context.idempotencyKey) }),
          fetch,
        }),
        false: httpBatchLink({
          url,
          // Keeps batched GET URLs within what proxies accept; longer batches are split.
          maxURLLength: 2_000,
          // The server refuses batches of more than 10 calls (docs/security.md#flooding).
          maxItems: 10,
          headers: authorization,
          fetch,
        }),
      }),
    ],
  });
}
