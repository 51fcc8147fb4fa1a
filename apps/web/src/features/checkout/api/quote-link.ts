import { useMutation, useQuery } from '@tanstack/react-query';
import type { LinkPaymentInput } from '../components/link-payment';
import { api } from '../../../shared/lib/api-client';
import type { ApiResponse, PaymentMethodCode } from '../../../shared/lib/api-contract';

/** POST /api/quote-links/{quote_id}: what a quote link pays (no sign-in: the key is the owner's consent). */
export type QuoteLinkView = ApiResponse<'/api/quote-links/{quoteId}', 'post'>;

const STORAGE = 'ventanilla.quoteLink.';

/** The key of a quote link: from `#k=` (kept for this tab: the payment provider comes back without it). */
export function quoteLinkKey(quoteId: string, hash: string): string | null {
  const fromHash = /^#k=([0-9]{10}\.[A-Za-z0-9_-]{43})$/.exec(hash)?.[1] ?? null;
  try {
    if (fromHash) sessionStorage.setItem(STORAGE + quoteId, fromHash);
    return fromHash ?? sessionStorage.getItem(STORAGE + quoteId);
  } catch {
    return fromHash;
  }
}

/** Polls while an order is placed and unpaid (an asynchronous method's result arrives later). */
export function useQuoteLinkView(quoteId: string, key: string) {
  return useQuery({
    queryKey: ['quote-link', quoteId],
    queryFn: () => api.POST('/api/quote-links/{quoteId}', { params: { path: { quoteId } }, body: { key } }),
    refetchInterval: (q) => (q.state.error || !q.state.data?.order || q.state.data.order.paid ? false : 4000),
    retry: false,
    staleTime: 0,
  });
}

export function usePayQuoteLink(quoteId: string, key: string) {
  return useMutation({
    mutationFn: ({ method, consents }: LinkPaymentInput) =>
      api.POST('/api/quote-links/{quoteId}/pay', {
        params: { path: { quoteId } },
        body: {
          key,
          payment_method: method as PaymentMethodCode,
          ...consents,
        },
      }),
  });
}
