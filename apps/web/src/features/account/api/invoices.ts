import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import type { ApiItem, ApiResponse } from '../../../shared/lib/api-contract';
import { queryKeys } from '../../../shared/lib/query-keys';

/** An invoice or credit note as GET /api/me/invoices lists it. */
export type InvoiceDocument = ApiItem<ApiResponse<'/api/me/invoices', 'get'>['items']>;

export type BillingCountry = 'ES' | 'PT' | 'IE' | 'GB' | 'NL' | 'FR' | 'DE' | 'IT' | 'OTHER';

export type BillingData = NonNullable<ApiResponse<'/api/me/billing', 'get'>['billing']>;

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
      api.GET('/api/me/invoices', {
        params: { query: { kind: filter.kind, order_id: filter.orderId, page: filter.page, per_page: 20 } },
        signal,
      }),
  });
}

/** GET /api/me/billing. */
export function useBilling() {
  return useQuery({
    queryKey: invoiceKeys.billing,
    queryFn: ({ signal }) => api.GET('/api/me/billing', { signal }),
  });
}

/** PUT /api/me/billing (the tax id is checked by the server). */
export function useSaveBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: BillingData) => api.PUT('/api/me/billing', { body: data }),
    onSuccess: (result) => queryClient.setQueryData(invoiceKeys.billing, result),
  });
}
