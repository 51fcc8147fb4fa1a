import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

/** GET /api/config: shop settings (the spec's client configuration). */
export interface ShopConfig {
  /** The last nota simple form may be reused within this many seconds; -1 always, 0 never. */
  nota_simple_reuse_seconds: number;
}

export function useShopConfig() {
  return useQuery({
    queryKey: ['shop-config'] as const,
    queryFn: ({ signal }) => api.get<ShopConfig>('/api/config', signal),
    staleTime: 10 * 60_000,
  });
}
