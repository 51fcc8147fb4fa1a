import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, withQuery } from '../../../shared/lib/api-client';
import type { CustomerOrder, ListResponse, WithdrawalDone } from '../../../shared/lib/api-contract';
import { queryKeys } from '../../../shared/lib/query-keys';

export const ORDERS_PER_PAGE = 10;

/** GET /api/me/orders: the customer's orders, newest first, 10 per page. */
export function useMyOrders(page: number) {
  return useQuery({
    queryKey: [...queryKeys.myOrders, 'list', page],
    queryFn: ({ signal }) =>
      api.get<ListResponse<CustomerOrder>>(withQuery('/api/me/orders', { page, per_page: ORDERS_PER_PAGE }), signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/me/orders/{order_id}: one order with its lines, answers and documents (404 if not the customer's). */
export function useMyOrder(orderId: string) {
  return useQuery({
    queryKey: [...queryKeys.myOrders, 'detail', orderId],
    queryFn: ({ signal }) => api.get<CustomerOrder>(`/api/me/orders/${encodeURIComponent(orderId)}`, signal),
  });
}

/** POST /api/me/orders/{order_id}/withdraw: the customer withdraws (cancelled and refunded); the order is read again. */
export function useWithdrawOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<WithdrawalDone>(`/api/me/orders/${encodeURIComponent(orderId)}/withdraw`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.myOrders }),
  });
}
