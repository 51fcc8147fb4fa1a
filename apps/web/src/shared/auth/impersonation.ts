import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { useUser } from './session';

/**
 * Whether an admin is looking at the shop as this customer ("log in as the customer"), and until when. The server
 * refuses every change then (IMPERSONATION_READ_ONLY); the shop's banner and the controls that would change something
 * (add to cart, upload a document) read this to say so before the customer's admin tries.
 */
export function useImpersonation() {
  const user = useUser();
  const status = useQuery({
    queryKey: ['impersonation', user?.id ?? 0],
    queryFn: ({ signal }) => api.GET('/api/me/impersonation', { signal }),
    enabled: user?.role === 'customer',
    staleTime: 60_000,
  });
  return user?.role === 'customer' ? (status.data?.impersonation ?? null) : null;
}
