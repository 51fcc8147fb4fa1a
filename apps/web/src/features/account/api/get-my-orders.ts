import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { queryKeys } from '../../../shared/lib/query-keys';

export const ORDERS_PER_PAGE = 10;

/** The order list's filters, as the API takes them (empty ones are left out). */
export interface OrderFilters {
  status?: 'pending' | 'processing' | 'incidence' | 'ready';
  from?: string;
  to?: string;
  q?: string;
}

/** GET /api/me/orders: the customer's orders, newest first, 10 per page, optionally filtered. */
export function useMyOrders(page: number, filters: OrderFilters = {}) {
  return useQuery({
    queryKey: [...queryKeys.myOrders, 'list', page, filters],
    queryFn: ({ signal }) =>
      api.GET('/api/me/orders', { params: { query: { page, per_page: ORDERS_PER_PAGE, ...filters } }, signal }),
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
