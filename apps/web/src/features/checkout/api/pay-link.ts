import { useMutation, useQuery } from '@tanstack/react-query';
import type { LinkPaymentInput } from '../components/link-payment';
import { api } from '../../../shared/lib/api-client';
import type { ApiResponse, PaymentMethodCode } from '../../../shared/lib/api-contract';

/** POST /api/pay-links/{order_id}: what a pay link pays and whether it is paid (no sign-in: the key is the permission). */
export type PayLinkStatus = ApiResponse<'/api/pay-links/{orderId}', 'post'>;

const STORAGE = 'ventanilla.payLink.';

/**
 * The key of the pay link of an order: from the link's `#k=` fragment (kept for this tab, so the page still works
 * when the payment provider sends the browser back without it), or from an earlier visit in this tab.
 */
export function payLinkKey(orderId: string, hash: string): string | null {
  const fromHash = /^#k=([0-9]{10}\.[A-Za-z0-9_-]{43})$/.exec(hash)?.[1] ?? null;
  try {
    if (fromHash) sessionStorage.setItem(STORAGE + orderId, fromHash);
    return fromHash ?? sessionStorage.getItem(STORAGE + orderId);
  } catch {
    return fromHash;
  }
}

/** Polls the link's order while a payment is open (an asynchronous method's result arrives later). */
export function usePayLinkStatus(orderId: string, key: string) {
  return useQuery({
    queryKey: ['pay-link', orderId],
    queryFn: () => api.POST('/api/pay-links/{orderId}', { params: { path: { orderId } }, body: { key } }),
    refetchInterval: (q) => (q.state.error || q.state.data?.paid ? false : 4000),
    retry: false,
    staleTime: 0,
  });
}

/** POST /api/pay-links/{order_id}/pay: opens a payment; the answer says where the provider's page is. */
export function usePayByLink(orderId: string, key: string) {
  return useMutation({
    mutationFn: ({ method, consents }: LinkPaymentInput) =>
      api.POST('/api/pay-links/{orderId}/pay', {
        params: { path: { orderId } },
        body: {
          key,
          payment_method: method as PaymentMethodCode,
          ...consents,
        },
      }),
  });
}
