import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import type { Cart } from '../lib/api-contract';
import { queryKeys } from '../lib/query-keys';

/** GET /api/cart: the session's cart (read by the header, the cart page and checkout). */
export function useCart() {
  return useQuery({
    queryKey: queryKeys.cart,
    queryFn: ({ signal }) => api.GET('/api/cart', { signal }),
    staleTime: 10_000,
  });
}

export function cartCount(cart: Cart | undefined): number {
  return cart?.items.reduce((sum, line) => sum + (line.qty || 1), 0) ?? 0;
}
