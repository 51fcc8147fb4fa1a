import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { productQuery } from '../../../shared/lib/product-query';

/** The product query (shared with the catalogue's product page), also used by a redirect that loads its target. */
export { productQuery };

/** The store's product list query (the generic `/tienda/product/...{productId}` routes look url_keys up in it). */
export function productListQuery(storeId: number) {
  return {
    queryKey: ['catalog', storeId, 'products'] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      api.GET('/api/stores/{storeId}/products', { params: { path: { storeId } }, signal }),
    staleTime: 5 * 60_000,
  };
}

/** GET /api/stores/{store}/products/{urlKey}: the product with its questions and page layout (404 if not sold here). */
export function useProduct(storeId: number, urlKey: string | undefined) {
  return useQuery({ ...productQuery(storeId, urlKey), enabled: !!urlKey });
}

/** For `/tienda/product/stepN/{productId}`: finds the product's url_key in the store's product list. */
export function useUrlKeyOfProduct(storeId: number, productId: string | undefined) {
  return useQuery({
    ...productListQuery(storeId),
    select: (data) => data.items.find((p) => String(p.product_id) === productId)?.url_key ?? null,
    enabled: !!productId,
  });
}
