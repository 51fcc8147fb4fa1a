import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { apiUpload } from '../../../shared/lib/api-upload';

import { queryKeys } from '../../../shared/lib/query-keys';

// The customer's side of the incident loop (spec: loadIncidenciaPedido / uploadIncidenciaPedido).

/** GET the item's incident: its text, whether it waits for an answer, earlier answers (404 if not the customer's). */
export function useIncidence(orderId: string, itemId: string, enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.myOrders, 'incidence', orderId, itemId],
    queryFn: ({ signal }) =>
      api.GET('/api/me/orders/{orderId}/items/{itemId}/incidence', { params: { path: { orderId, itemId } }, signal }),
    enabled,
  });
}

/** POST the answer as multipart (message + files) with upload progress; refreshes the order after. */
export function useAnswerIncidence(orderId: string, itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { message: string; files: File[]; onProgress: (fraction: number) => void }) => {
      const form = new FormData();
      form.append('message', input.message);
      for (const file of input.files) form.append('files', file, file.name);
      return apiUpload(
        '/api/me/orders/{orderId}/items/{itemId}/incidence',
        { orderId, itemId },
        form,
        input.onProgress,
      );
    },
    onSuccess: (data) => {
      queryClient.setQueryData([...queryKeys.myOrders, 'incidence', orderId, itemId], data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.myOrders });
    },
  });
}
