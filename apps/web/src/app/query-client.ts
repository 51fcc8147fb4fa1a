import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { Session } from '../shared/lib/api-contract';
import { reportMutationError } from '../shared/lib/mutation-errors';
import { queryKeys } from '../shared/lib/query-keys';
import { shouldRetryMutation, shouldRetryQuery, signsOut } from '../shared/lib/retry-policy';
import { refreshAfterAuthChange } from '../shared/auth/session';

/**
 * The app's query client. Reads are retried up to 3 times on network errors, 429 and 5xx (never on a 4xx); writes
 * only when safe to repeat (lib/retry-policy.ts). A 401 on any call signs the person out: the session is fetched
 * again (now without a user) and every answer of the previous user dropped; the customer and back-office screens
 * then send to their login.
 */
export function createQueryClient(): QueryClient {
  let signingOut = false;
  const onError = (error: unknown) => {
    const session = client.getQueryData<Session>(queryKeys.session);
    if (signingOut || !signsOut(error, !!session?.user, import.meta.env.PROD)) return;
    signingOut = true;
    void refreshAfterAuthChange(client).finally(() => {
      signingOut = false;
    });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    // Failed writes are also told to listeners (a 423 on an order reloads it with the lock message).
    mutationCache: new MutationCache({
      onError: (error) => {
        onError(error);
        reportMutationError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetryQuery, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: shouldRetryMutation },
    },
  });
  return client;
}
