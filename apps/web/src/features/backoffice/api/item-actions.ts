import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import type { BackofficeItem, BackofficeNote, OrderFile } from '../../../shared/lib/api-contract';
import { backofficeKeys } from './backoffice-queries';

/** POST .../status with the loaded `updated_at` as `version`: 409 VERSION_CONFLICT when the item changed meanwhile. */
export function useChangeStatus(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { panelStatusId: number; updatedAt: string }) =>
      api.post<BackofficeItem>(`/api/backoffice/items/${encodeURIComponent(itemId)}/status`, {
        panel_status_id: input.panelStatusId,
        version: input.updatedAt,
      }),
    onSuccess: (item) => {
      queryClient.setQueryData(backofficeKeys.item(itemId), item);
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.allItems });
    },
  });
}

/** POST .../notes with the item's version. */
export function useAddNote(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { text: string; version: string }) =>
      api.post<BackofficeNote>(`/api/backoffice/items/${encodeURIComponent(itemId)}/notes`, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.item(itemId) });
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.allItems });
    },
  });
}

/** POST .../files as multipart (field `version` first, then `file`); the server checks type and size by content. */
export function useUploadFile(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, version }: { file: File; version: string }) => {
      const body = new FormData();
      body.append('version', version);
      body.append('file', file, file.name);
      return api.post<OrderFile>(`/api/backoffice/items/${encodeURIComponent(itemId)}/files`, body);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.item(itemId) });
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.allItems });
    },
  });
}
