import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import type { ApiResponse } from '../../../shared/lib/api-contract';

/** GET /api/config: shop settings (the spec's client configuration). */
type ShopConfig = ApiResponse<'/api/config', 'get'>;

export function useShopConfig() {
  return useQuery({
    queryKey: ['shop-config'] as const,
    queryFn: ({ signal }) => api.GET('/api/config', { signal }),
    staleTime: 10 * 60_000,
  });
}
