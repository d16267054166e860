/** TanStack Query defaults for the app. */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

import { onConnectionRestored, reportServerAnswered, reportServerUnreachable } from './connection';
import { isConnectionFailure, toAppError } from './errors';

/** Statuses worth one more try: a dropped connection or a database briefly unavailable. */
const RETRYABLE_STATUSES = new Set([0, 502, 503, 504]);

/** Every request's outcome tells whether the server can be reached (the shell's banner). */
const reportOutcome = {
  onSuccess: () => reportServerAnswered(),
  onError: (error: unknown) => (isConnectionFailure(error) ? reportServerUnreachable() : reportServerAnswered()),
};

/**
 * A query client whose queries retry only transient failures, once, and which refetches
 * what is on screen when the server can be reached again (usable-by-everyone issue, item 6).
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    queryCache: new QueryCache(reportOutcome),
    mutationCache: new MutationCache(reportOutcome),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (failureCount, error) =>
          failureCount < 1 && RETRYABLE_STATUSES.has(toAppError(error).status),
      },
      mutations: { retry: false },
    },
  });
  onConnectionRestored(() => void client.invalidateQueries());
  return client;
}
