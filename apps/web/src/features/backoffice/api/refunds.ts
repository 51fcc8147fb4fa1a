import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { backofficeKeys } from './backoffice-queries';

export interface StaffInvoice {
  id: number;
  kind: 'invoice' | 'credit_note';
  number: string;
  invoice_type: string;
  issue_date: string;
  total: string;
  tax_total: string;
  corrects: { number: string; issue_date: string } | null;
  reason: string | null;
}

export interface StaffRefund {
  id: number;
  amount: string;
  reason: string;
  status: 'requested' | 'succeeded' | 'failed';
  provider: string;
  failure_code: string | null;
  credit_note_id: number | null;
  agent_name: string | null;
  created_at: string;
}

export interface OrderRefunds {
  order_id: number;
  invoices: StaffInvoice[];
  refunds: StaffRefund[];
  refundable: string;
}

const refundsKey = (orderId: number) => [...backofficeKeys.allItems, 'refunds', orderId] as const;

/** Back-office download of any invoice or credit note. */
export function staffInvoicePdfHref(id: number): string {
  return `/api/backoffice/invoices/${id}/pdf`;
}

/** GET /api/backoffice/orders/{order_id}/refunds: documents, refunds and what is still refundable. */
export function useOrderRefunds(orderId: number) {
  return useQuery({
    queryKey: refundsKey(orderId),
    queryFn: ({ signal }) => api.get<OrderRefunds>(`/api/backoffice/orders/${orderId}/refunds`, signal),
  });
}

/** POST /api/backoffice/orders/{order_id}/refunds: refunds through the provider and issues the credit note. */
export function useRefund(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { amount: string; reason: string }) =>
      api.post<{ credit_note_number: string }>(`/api/backoffice/orders/${orderId}/refunds`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: refundsKey(orderId) }),
  });
}
