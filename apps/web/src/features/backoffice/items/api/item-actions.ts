import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../../shared/lib/api-client';
import type { BackofficeItem, BackofficeNote, OrderFile } from '../../../../shared/lib/api-contract';
import { itemWrites } from '../lib/item-write-queue';
import { backofficeKeys } from '../../shared';

/** What an item write answers: the item's new version (its `updated_at`), which the next write carries. */
type Written = { item_id: number; updated_at: string };
type BackofficeNoteAdded = BackofficeNote & { item_updated_at: string };
type OrderFileAdded = OrderFile & { item_updated_at: string };

/** POST .../status with the loaded `updated_at` as `version`: 409 VERSION_CONFLICT when the item changed meanwhile. */
export function useChangeStatus(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { panelStatusId: number; updatedAt: string }) =>
      itemWrites.run(
        itemId,
        input.updatedAt,
        (version) =>
          api.post<BackofficeItem>(`/api/backoffice/items/${encodeURIComponent(itemId)}/status`, {
            panel_status_id: input.panelStatusId,
            version,
          }),
        (item) => item.updated_at,
      ),
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
      itemWrites.run(
        itemId,
        input.version,
        (version) =>
          api.post<BackofficeNoteAdded>(`/api/backoffice/items/${encodeURIComponent(itemId)}/notes`, {
            text: input.text,
            version,
          }),
        (note) => note.item_updated_at,
      ),
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
    mutationFn: ({ file, version: loaded }: { file: File; version: string }) =>
      itemWrites.run(
        itemId,
        loaded,
        (version) => {
          const body = new FormData();
          body.append('version', version);
          body.append('file', file, file.name);
          return api.post<OrderFileAdded>(`/api/backoffice/items/${encodeURIComponent(itemId)}/files`, body);
        },
        (file) => file.item_updated_at,
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.item(itemId) });
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.allItems });
    },
  });
}

/** The simple actions on an item: `POST /api/backoffice/items/{itemId}/{path}` with the item's `version`. */
export type ItemActionPath =
  | 'close'
  | 'not-processing'
  | 'postpone'
  | 'delegate'
  | 'reference'
  | 'priority'
  | 'deadline'
  | 'provider'
  | 'client-status'
  | 'attributes'
  | 'data-changes/alert'
  | 'lead/resend'
  | 'lead/closed-lost';

/** Any simple action; the item is reloaded whatever the answer (a 409/423 means it changed or is someone else's). */
export function useItemAction(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { path: ItemActionPath; body: Record<string, unknown>; version: string }) =>
      itemWrites.run(
        itemId,
        input.version,
        (version) =>
          api.post<Written>(`/api/backoffice/items/${encodeURIComponent(itemId)}/${input.path}`, {
            ...input.body,
            version,
          }),
        (written) => written.updated_at,
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.item(itemId) });
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.allItems });
    },
  });
}

/** POST .../finish: the result, then the next item of the queue (`then: 'next'`) or nothing (`'stop'`). */
export function useFinishItem(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { status: number; then: 'next' | 'stop'; version: string }) =>
      itemWrites.run(
        itemId,
        input.version,
        (version) =>
          api.post<{ item_id: number; next: { item_id: number; locked_by: number } | null }>(
            `/api/backoffice/items/${encodeURIComponent(itemId)}/finish`,
            { ...input, version },
          ),
        () => undefined,
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.item(itemId) });
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.allItems });
    },
  });
}

/** Pin, unpin or delete a note. */
export function useNoteAction(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { noteId: number; action: 'pin' | 'unpin' | 'delete'; version: string }) => {
      const url = `/api/backoffice/items/${encodeURIComponent(itemId)}/notes/${input.noteId}`;
      return itemWrites.run(
        itemId,
        input.version,
        (version) =>
          input.action === 'delete'
            ? apiRequest<Written>(url, { method: 'DELETE', body: { version } })
            : api.post<Written>(`${url}/pin`, { pinned: input.action === 'pin', version }),
        (written) => written.updated_at,
      );
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: backofficeKeys.item(itemId) }),
  });
}

/** DELETE .../files/{fileId} (documents the staff uploaded). */
export function useDeleteFile(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { fileId: number; version: string }) =>
      itemWrites.run(
        itemId,
        input.version,
        (version) =>
          apiRequest<Written>(`/api/backoffice/items/${encodeURIComponent(itemId)}/files/${input.fileId}`, {
            method: 'DELETE',
            body: { version },
          }),
        (written) => written.updated_at,
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.item(itemId) });
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.allItems });
    },
  });
}

/** GET /api/backoffice/agents: who an item can be delegated to. */
export function useAgents() {
  return useQuery({
    queryKey: [...backofficeKeys.allItems, 'agents'] as const,
    queryFn: ({ signal }) =>
      api.get<{ items: Array<{ id: number; name: string; role: 'agent' | 'admin' | 'notary' }> }>(
        '/api/backoffice/agents',
        signal,
      ),
    staleTime: 5 * 60_000,
  });
}

/** The active providers (the providers configuration list), for the provider select. */
export function useProviders() {
  return useQuery({
    queryKey: [...backofficeKeys.allItems, 'providers'] as const,
    queryFn: ({ signal }) =>
      api.get<{ items: Array<{ id: string; nombre?: unknown }> }>(
        '/api/backoffice/config-lists/providers?active=true&size=100',
        signal,
      ),
    staleTime: 5 * 60_000,
  });
}

/** The item's data-change history and whether its alert is on (spec: getHistoricoCambiosDatos). */
export type DataChanges = {
  item_id: number;
  updated_at: string;
  alert: boolean;
  alert_off_at: string | null;
  changes: Array<{
    history_id: number;
    created_at: string;
    by: 'customer' | 'staff';
    answers: Array<{ key: string; label: string; from: string; to: string }>;
  }>;
};

export function useDataChanges(itemId: string, updatedAt: string) {
  return useQuery({
    queryKey: [...backofficeKeys.item(itemId), 'data-changes', updatedAt] as const,
    queryFn: ({ signal }) =>
      api.get<DataChanges>(`/api/backoffice/items/${encodeURIComponent(itemId)}/data-changes`, signal),
  });
}
