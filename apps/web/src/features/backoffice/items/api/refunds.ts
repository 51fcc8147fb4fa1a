import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/lib/api-client';
import { backofficeKeys } from '../../shared';
import type { ApiResponse, ApiItem, MoneyString } from '../../../../shared/lib/api-contract';

export type StaffInvoice = ApiItem<OrderRefunds['invoices']>;

export type StaffRefund = ApiItem<OrderRefunds['refunds']>;

export type OrderRefunds = ApiResponse<'/api/backoffice/orders/{orderId}/refunds', 'get'>;

const refundsKey = (orderId: number) => [...backofficeKeys.allItems, 'refunds', orderId] as const;

/** Back-office download of any invoice or credit note. */
export function staffInvoicePdfHref(id: number): string {
  return `/api/backoffice/invoices/${id}/pdf`;
}

/** GET /api/backoffice/orders/{order_id}/refunds: documents, refunds and what is still refundable. */
export function useOrderRefunds(orderId: number) {
  return useQuery({
    queryKey: refundsKey(orderId),
    queryFn: ({ signal }) =>
      api.GET('/api/backoffice/orders/{orderId}/refunds', { params: { path: { orderId } }, signal }),
  });
}

/** POST /api/backoffice/orders/{order_id}/refunds: refunds through the provider and issues the credit note. */
export function useRefund(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { amount: MoneyString; penalty?: MoneyString; reason: string }) =>
      api.POST('/api/backoffice/orders/{orderId}/refunds', { params: { path: { orderId } }, body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: refundsKey(orderId) }),
  });
}
