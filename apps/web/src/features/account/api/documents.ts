import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import type { ApiItem, ApiResponse } from '../../../shared/lib/api-contract';
import { apiUpload } from '../../../shared/lib/api-upload';
import { queryKeys } from '../../../shared/lib/query-keys';

// The documents of the customer's orders (spec: the documents list, hasDniUploaded, pushFilesToPedido).

export type OrderDocument = ApiItem<ApiResponse<'/api/me/order-documents', 'get'>['items']>;
export type DocumentKind = 'identity' | 'other';
export const DOCUMENTS_PER_PAGE = 10;

const documentsKey = [...queryKeys.myOrders, 'documents'] as const;

/** GET /api/me/order-documents: every order's documents, newest first, 10 a page; `q` searches names. */
export function useOrderDocuments(query: { page: number; q: string }) {
  return useQuery({
    queryKey: [...documentsKey, 'list', query],
    queryFn: ({ signal }) =>
      api.GET('/api/me/order-documents', {
        params: { query: { page: query.page, per_page: DOCUMENTS_PER_PAGE, ...(query.q ? { q: query.q } : {}) } },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/me/order-documents/has-dni?order_id=: whether the order already has the customer's identity document. */
export function useHasDni(orderId: number | null) {
  return useQuery({
    queryKey: [...documentsKey, 'has-dni', orderId],
    queryFn: ({ signal }) =>
      api.GET('/api/me/order-documents/has-dni', { params: { query: { order_id: orderId ?? 0 } }, signal }),
    enabled: orderId !== null,
  });
}

/** POST the files to one of the customer's orders (multipart, with upload progress); the lists are read again. */
export function usePushFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { orderId: number; kind: DocumentKind; files: File[]; onProgress: (f: number) => void }) => {
      const form = new FormData();
      form.append('kind', input.kind);
      for (const file of input.files) form.append('files', file, file.name);
      return apiUpload('/api/me/orders/{orderId}/files', { orderId: input.orderId }, form, input.onProgress);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.myOrders }),
  });
}
