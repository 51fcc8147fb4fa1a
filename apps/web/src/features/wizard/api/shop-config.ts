import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

export function useShopConfig() {
  return useQuery({
    queryKey: ['shop-config'] as const,
    queryFn: ({ signal }) => api.GET('/api/config', { signal }),
    staleTime: 10 * 60_000,
  });
}
