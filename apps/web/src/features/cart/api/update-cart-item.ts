import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

import { queryKeys } from '../../../shared/lib/query-keys';

/** PATCH /api/cart/items/{id} (updatequoteitem): the quantity as typed; the server checks it and re-prices. */
export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; version: number; qty: string }) =>
      api.PATCH('/api/cart/items/{id}', {
        params: { path: { id: input.id } },
        body: { version: input.version, qty: input.qty },
      }),
    onSuccess: (cart) => queryClient.setQueryData(queryKeys.cart, cart),
    // A change made elsewhere (another tab): show the cart as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.cart }),
  });
}

/** POST /api/cart/quote-link: a link for someone else to pay this cart; DELETE revokes every link given. */
export function useQuoteLink() {
  return useMutation({ mutationFn: () => api.POST('/api/cart/quote-link') });
}

export function useRevokeQuoteLinks() {
  return useMutation({ mutationFn: () => api.DELETE('/api/cart/quote-link') });
}
