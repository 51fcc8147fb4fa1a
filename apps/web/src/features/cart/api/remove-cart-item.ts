import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { queryKeys } from '../../../shared/lib/query-keys';

/** DELETE /api/cart/items/{id}: answers the updated cart. */
export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lineId: number) => api.DELETE('/api/cart/items/{id}', { params: { path: { id: lineId } } }),
    onSuccess: (cart) => queryClient.setQueryData(queryKeys.cart, cart),
  });
}
