import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, fillPath } from '../../../../shared/lib/api-client';

import { configListKeys } from './config-lists';

// A provider payment's files (docs/backoffice.md, "Provider payments"): list, download, upload, delete.

/** Where a file is downloaded (a plain link: the browser saves it). */
export const providerPaymentFileHref = (paymentId: string, fileId: number) =>
  fillPath('/api/backoffice/config-lists/provider_payments/{paymentId}/files/{fileId}', { paymentId, fileId });

const filesKey = (paymentId: string) => [...configListKeys.one('provider_payments', paymentId), 'files'] as const;

export function useProviderPaymentFiles(paymentId: string) {
  return useQuery({
    queryKey: filesKey(paymentId),
    queryFn: ({ signal }) =>
      api.GET('/api/backoffice/config-lists/provider_payments/{paymentId}/files', {
        params: { path: { paymentId } },
        signal,
      }),
  });
}

/** Upload and delete refresh the files, the record (its `files` names and version) and its history. */
function useRefresh(paymentId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: filesKey(paymentId) });
    void queryClient.invalidateQueries({ queryKey: configListKeys.one('provider_payments', paymentId) });
    void queryClient.invalidateQueries({ queryKey: configListKeys.history('provider_payments', paymentId) });
  };
}

export function useUploadProviderPaymentFile(paymentId: string) {
  const refresh = useRefresh(paymentId);
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return api.POST('/api/backoffice/config-lists/provider_payments/{paymentId}/files', {
        params: { path: { paymentId } },
        body,
      });
    },
    onSuccess: refresh,
  });
}

export function useDeleteProviderPaymentFile(paymentId: string) {
  const refresh = useRefresh(paymentId);
  return useMutation({
    mutationFn: (fileId: number) =>
      api.DELETE('/api/backoffice/config-lists/provider_payments/{paymentId}/files/{fileId}', {
        params: { path: { paymentId, fileId } },
      }),
    onSuccess: refresh,
  });
}
