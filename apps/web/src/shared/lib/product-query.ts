import { api } from './api-client';

/**
 * GET /api/stores/{store}/products/{urlKey}: the product with its page texts and questions (404 if not sold here).
 * Shared by the product page and the wizard, so "Solicitar" opens the first step without loading the product again.
 */
export function productQuery(storeId: number, urlKey: string | undefined) {
  return {
    queryKey: ['catalog', storeId, 'product', urlKey] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      api.GET('/api/stores/{storeId}/products/{urlKey}', {
        params: { path: { storeId, urlKey: urlKey ?? '' } },
        signal,
      }),
    staleTime: 5 * 60_000,
  };
}
