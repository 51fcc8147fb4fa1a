import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { queryKeys } from '../../../shared/lib/query-keys';

export const ORDERS_PER_PAGE = 10;

/** GET /api/me/orders: the customer's orders, newest first, 10 per page. */
export function useMyOrders(page: number) {
  return useQuery({
    queryKey: [...queryKeys.myOrders, 'list', page],
    queryFn: ({ signal }) =>
      api.GET('/api/me/orders', { params: { query: { page, per_page: ORDERS_PER_PAGE } }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/me/orders/{order_id}: one order with its lines, answers and documents (404 if not the customer's). */
export function useMyOrder(orderId: string) {
  return useQuery({
    queryKey: [...queryKeys.myOrders, 'detail', orderId],
    queryFn: ({ signal }) => api.GET('/api/me/orders/{orderId}', { params: { path: { orderId } }, signal }),
  });
}

/** POST /api/me/orders/{order_id}/withdraw: the customer withdraws (cancelled and refunded); the order is read again. */
export function useWithdrawOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.POST('/api/me/orders/{orderId}/withdraw', { params: { path: { orderId } } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.myOrders }),
  });
}
