import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { queryKeys } from '../../../shared/lib/query-keys';

/** GET /api/me: the logged-in user; 401 UNAUTHENTICATED otherwise. */
export function useMe() {
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => api.GET('/api/me', { signal }),
    staleTime: 60_000,
  });
}
