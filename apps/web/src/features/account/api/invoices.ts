import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, withQuery } from '../../../shared/lib/api-client';
import type { ListResponse } from '../../../shared/lib/api-types';
import { queryKeys } from '../../../shared/lib/query-keys';

/** An invoice or credit note as GET /api/me/invoices lists it. */
export interface InvoiceDocument {
  id: number;
  kind: 'invoice' | 'credit_note';
  number: string;
  invoice_type: string;
  order_id: number;
  store_id: number;
  issue_date: string;
  currency: string;
  base_total: string;
  tax_total: string;
  not_subject_total: string;
  total: string;
  corrects: { number: string; issue_date: string } | null;
  reason: string | null;
}

export type BillingCountry = 'ES' | 'PT' | 'IE' | 'GB' | 'NL' | 'FR' | 'DE' | 'IT' | 'OTHER';

export interface BillingData {
  name: string;
  tax_id: string;
  address: string;
  country: BillingCountry;
}

const invoiceKeys = {
  all: [...queryKeys.myOrders, 'invoices'] as const,
  billing: [...queryKeys.me, 'billing'] as const,
};

/** Where a document's PDF downloads from (owner only; 404 otherwise). */
export function invoicePdfHref(id: number): string {
  return `/api/me/invoices/${id}/pdf`;
}

/** GET /api/me/invoices: the customer's invoices or credit notes ("abonos"), optionally of one order. */
export function useMyInvoices(filter: { kind?: InvoiceDocument['kind']; orderId?: number; page?: number }) {
  return useQuery({
    queryKey: [...invoiceKeys.all, filter.kind ?? 'all', filter.orderId ?? 0, filter.page ?? 1],
    queryFn: ({ signal }) =>
      api.get<ListResponse<InvoiceDocument>>(
        withQuery('/api/me/invoices', { kind: filter.kind, order_id: filter.orderId, page: filter.page, per_page: 20 }),
        signal,
      ),
  });
}

/** GET /api/me/billing. */
export function useBilling() {
  return useQuery({
    queryKey: invoiceKeys.billing,
    queryFn: ({ signal }) => api.get<{ billing: BillingData | null }>('/api/me/billing', signal),
  });
}

/** PUT /api/me/billing (the tax id is checked by the server). */
export function useSaveBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: BillingData) => api.put<{ billing: BillingData }>('/api/me/billing', data),
    onSuccess: (result) => queryClient.setQueryData(invoiceKeys.billing, result),
  });
}
