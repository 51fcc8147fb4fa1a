import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import type { ApiAnswers, ApiResponse } from '../../../shared/lib/api-contract';
import { queryKeys } from '../../../shared/lib/query-keys';

/** GET /api/me/orders/{order}/items/{item}/answers: an order line's product and answers (404 if not the customer's). */
export type ItemAnswers = ApiResponse<'/api/me/orders/{orderId}/items/{itemId}/answers', 'get'>;

const path = (orderId: string, itemId: string) =>
  `/api/me/orders/${encodeURIComponent(orderId)}/items/${encodeURIComponent(itemId)}/answers`;

export function useItemAnswers(orderId: string, itemId: string) {
  return useQuery({
    queryKey: [...queryKeys.myOrders, 'answers', orderId, itemId],
    queryFn: ({ signal }) => api.get<ItemAnswers>(path(orderId, itemId), signal),
    staleTime: 0,
  });
}

/** PUT the corrected answers: the server re-evaluates them; 422 carries `errors`, 409 says why it refuses. */
export function useSaveItemAnswers(orderId: string, itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: ApiAnswers | Record<string, unknown>) =>
      api.put<ItemAnswers>(path(orderId, itemId), { answers }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.myOrders }),
  });
}
