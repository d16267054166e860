/** TanStack Query defaults for the app. */
import { QueryClient } from '@tanstack/react-query';

import { toAppError } from './errors';

/** Statuses worth one more try: a dropped connection or a database briefly unavailable. */
const RETRYABLE_STATUSES = new Set([0, 502, 503, 504]);

/** A query client whose queries retry only transient failures, once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (failureCount, error) =>
          failureCount < 1 && RETRYABLE_STATUSES.has(toAppError(error).status),
      },
      mutations: { retry: false },
    },
  });
}
