import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import type { ApiResponse } from '../../../shared/lib/api-contract';
/** GET /api/orders/{order_id}/payment: state of the order's latest payment and, if any, how to pay it. */
export type OrderPayment = ApiResponse<'/api/orders/{orderId}/payment', 'get'>;

const FINAL_FAILURES = new Set(['failed', 'canceled', 'expired']);

/** True when the latest payment ended without money (the customer may pay again). */
export function paymentEnded(p: OrderPayment | undefined): boolean {
  return Boolean(p && !p.paid && p.payment_status && FINAL_FAILURES.has(p.payment_status));
}

/**
 * Polls the order's payment every `everyMs` while it is open (not paid, not failed): the result of an asynchronous
 * method (MB WAY, Multibanco, a transfer) arrives whenever the provider or an agent says so.
 */
export function useOrderPayment(orderId: string, everyMs: number) {
  return useQuery({
    queryKey: ['orders', orderId, 'payment', 'watch'],
    queryFn: ({ signal }) => api.GET('/api/orders/{orderId}/payment', { params: { path: { orderId } }, signal }),
    refetchInterval: (q) => (q.state.error || q.state.data?.paid || paymentEnded(q.state.data) ? false : everyMs),
    retry: false,
    staleTime: 0,
  });
}
