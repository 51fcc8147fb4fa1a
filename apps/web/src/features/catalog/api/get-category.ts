import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import type { Category } from '../../../shared/lib/api-contract';

/** GET /api/stores/{store}/categories/{urlKey}: one category with its products (404 when the store lists none). */
export function useCategory(storeId: number, urlKey: string | undefined) {
  return useQuery({
    queryKey: ['catalog', storeId, 'category', urlKey],
    queryFn: ({ signal }) =>
      api.get<Category>(`/api/stores/${storeId}/categories/${encodeURIComponent(urlKey ?? '')}`, signal),
    enabled: !!urlKey,
    staleTime: 5 * 60_000,
  });
}
