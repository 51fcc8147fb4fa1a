import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import type { BackofficeItem, BackofficeNote, OrderFile } from '../../../shared/lib/api-contract';
import { backofficeKeys } from './backoffice-queries';

/** POST .../status with the loaded `updated_at`: 409 STALE_ITEM when someone changed the item meanwhile. */
export function useChangeStatus(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { panelStatusId: number; updatedAt: string }) =>
      api.post<BackofficeItem>(`/api/backoffice/items/${encodeURIComponent(itemId)}/status`, {
        panel_status_id: input.panelStatusId,
        updated_at: input.updatedAt,
      }),
    onSuccess: (item) => {
      queryClient.setQueryData(backofficeKeys.item(itemId), item);
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.allItems });
    },
  });
}

/** POST .../notes. */
export function useAddNote(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api.post<BackofficeNote>(`/api/backoffice/items/${encodeURIComponent(itemId)}/notes`, { text }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.item(itemId) });
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.allItems });
    },
  });
}

/** POST .../files as multipart (field `file`); the server checks type and size by content. */
export function useUploadFile(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return api.post<OrderFile>(`/api/backoffice/items/${encodeURIComponent(itemId)}/files`, body);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.item(itemId) });
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.allItems });
    },
  });
}
