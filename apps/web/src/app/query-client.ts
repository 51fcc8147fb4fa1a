import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/lib/api-client';

/** Client errors (4xx) are answers, not glitches: never retried. Network and 5xx failures get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
