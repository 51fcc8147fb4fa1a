import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import type { Product, ProductSummary } from '../../../shared/lib/api-types';

/** GET /api/stores/{store}/products/{urlKey}: the product with its questions and page layout (404 if not sold here). */
export function useProduct(storeId: number, urlKey: string | undefined) {
  return useQuery({
    queryKey: ['catalog', storeId, 'product', urlKey],
    queryFn: ({ signal }) => api.get<Product>(`/api/stores/${storeId}/products/${encodeURIComponent(urlKey ?? '')}`, signal),
    enabled: !!urlKey,
    staleTime: 5 * 60_000,
  });
}

/** For `/tienda/product/stepN/{productId}`: finds the product's url_key in the store's product list. */
export function useUrlKeyOfProduct(storeId: number, productId: string | undefined) {
  return useQuery({
    queryKey: ['catalog', storeId, 'products'],
    queryFn: ({ signal }) => api.get<{ items: ProductSummary[] }>(`/api/stores/${storeId}/products`, signal),
    select: (data) => data.items.find((p) => String(p.product_id) === productId)?.url_key ?? null,
    staleTime: 5 * 60_000,
    enabled: !!productId,
  });
}
