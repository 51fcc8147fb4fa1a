import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import type { ApiAnswers, ApiResponse } from '../../../shared/lib/api-contract';
import { queryKeys } from '../../../shared/lib/query-keys';

/** GET /api/me/orders/{order}/items/{item}/answers: an order line's product and answers (404 if not the customer's). */
export type ItemAnswers = ApiResponse<'/api/me/orders/{orderId}/items/{itemId}/answers', 'get'>;

export function useItemAnswers(orderId: string, itemId: string) {
  return useQuery({
    queryKey: [...queryKeys.myOrders, 'answers', orderId, itemId],
    queryFn: ({ signal }) =>
      api.GET('/api/me/orders/{orderId}/items/{itemId}/answers', { params: { path: { orderId, itemId } }, signal }),
    staleTime: 0,
  });
}

/** PUT the corrected answers: the server re-evaluates them; 422 carries `errors`, 409 says why it refuses. */
export function useSaveItemAnswers(orderId: string, itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: ApiAnswers | Record<string, unknown>) =>
      api.PUT('/api/me/orders/{orderId}/items/{itemId}/answers', {
        params: { path: { orderId, itemId } },
        body: { answers: answers as ApiAnswers },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.myOrders }),
  });
}
