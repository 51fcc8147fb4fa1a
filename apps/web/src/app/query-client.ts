import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/lib/api-client';
import { reportMutationError } from '../shared/lib/mutation-errors';

/** Client errors (4xx) are answers, not glitches: never retried. Network and 5xx failures get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Failed writes are also told to listeners (a 423 on an order reloads it with the lock message).
    mutationCache: new MutationCache({ onError: (error) => reportMutationError(error) }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
