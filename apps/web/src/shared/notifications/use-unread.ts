import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

export const unreadKey = ['me', 'notifications', 'unread'] as const;

/** How many notifications the signed-in customer has not read (the header's badge); checked every minute. */
export function useUnreadNotifications(enabled: boolean) {
  return useQuery({
    queryKey: unreadKey,
    enabled,
    refetchInterval: 60_000,
    queryFn: ({ signal }) =>
      api.GET('/api/me/notifications', { params: { query: { per_page: 1 } }, signal }).then((list) => list.unread),
  });
}
