import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import type { ApiBody } from '../../../shared/lib/api-contract';

/** A method code, or "remove_cc" (the screen offers only these; the server refuses others with 400). */
type PreferredChoice = ApiBody<'/api/customer/payment', 'put'>['preferred_payment'];

const KEY = ['customer', 'payment'] as const;

/** GET /api/customer/payment (signed-in customers): the remembered method and card (brand, last four, expiry). */
export function usePreferredPayment(enabled = true) {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.GET('/api/customer/payment', { signal }),
    enabled,
    retry: false,
  });
}

/** PUT /api/customer/payment: a method code, or "remove_cc" to forget the saved card. */
export function useSetPreferredPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: string) =>
      api.PUT('/api/customer/payment', { body: { preferred_payment: choice as PreferredChoice } }),
    onSuccess: (data) => queryClient.setQueryData(KEY, data),
  });
}

/** GET /api/checkout/finalize/{item_id}: the order of one of your items and whether it is paid. */
export function useFinalizeItem(itemId: string) {
  return useQuery({
    queryKey: ['checkout', 'finalize', itemId],
    queryFn: ({ signal }) => api.GET('/api/checkout/finalize/{itemId}', { params: { path: { itemId } }, signal }),
    retry: false,
  });
}
