import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/lib/api-client';
import type { ApiBody, BackofficeItem } from '../../../../shared/lib/api-contract';
import { itemWrites } from '../lib/item-write-queue';
import { backofficeKeys } from '../../shared';

/** What an item write answers: the item's new version (its `updated_at`), which the next write carries. */
type Written = { item_id: number; updated_at: string };

/** POST .../status with the loaded `updated_at` as `version`: 409 VERSION_CONFLICT when the item changed meanwhile. */
export function useChangeStatus(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { panelStatusId: number; updatedAt: string }) =>
      itemWrites.run(
        itemId,
        input.updatedAt,
        (version) =>
          api.POST('/api/backoffice/items/{itemId}/status', {
            params: { path: { itemId } },
            body: {
              panel_status_id: input.panelStatusId,
              version,
            },
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
          api.POST('/api/backoffice/items/{itemId}/notes', {
            params: { path: { itemId } },
            body: {
              text: input.text,
              version,
            },
          }),
        (note) => note.item_updated_at,
      ),
    onSuccess: ({ item_updated_at: _version, ...note }) => {
      // The saved note in the list at once, as the "saved" notice shows: the agent (and the pin shortcut) act on it
      // right away, before the reload below answers (e2e backoffice-keyboard once pinned nothing in that gap).
      queryClient.setQueryData<BackofficeItem>(backofficeKeys.item(itemId), (item) => item && withNote(item, note));
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.item(itemId) });
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.allItems });
    },
  });
}

/** The item with `note` in its notes where the server lists it (pinned first, then newest first), once. */
function withNote(item: BackofficeItem, note: BackofficeItem['notes'][number]): BackofficeItem {
  if (item.notes.some((n) => n.id === note.id)) return item;
  const firstUnpinned = item.notes.findIndex((n) => !n.pinned);
  const at = note.pinned ? 0 : firstUnpinned < 0 ? item.notes.length : firstUnpinned;
  return { ...item, notes: [...item.notes.slice(0, at), note, ...item.notes.slice(at)] };
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
          return api.POST('/api/backoffice/items/{itemId}/files', { params: { path: { itemId } }, body });
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
          api.POST(`/api/backoffice/items/{itemId}/${input.path}`, {
            params: { path: { itemId } },
            // The screen builds each action's fields; the server checks them against the action's schema.
            body: { ...input.body, version } as ApiBody<`/api/backoffice/items/{itemId}/${ItemActionPath}`, 'post'>,
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
          api.POST('/api/backoffice/items/{itemId}/finish', {
            params: { path: { itemId } },
            body: { ...input, version },
          }),
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
      const path = { itemId, noteId: input.noteId };
      return itemWrites.run(
        itemId,
        input.version,
        (version): Promise<Written> =>
          input.action === 'delete'
            ? api.DELETE('/api/backoffice/items/{itemId}/notes/{noteId}', { params: { path }, body: { version } })
            : api.POST('/api/backoffice/items/{itemId}/notes/{noteId}/pin', {
                params: { path },
                body: { pinned: input.action === 'pin', version },
              }),
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
          api.DELETE('/api/backoffice/items/{itemId}/files/{fileId}', {
            params: { path: { itemId, fileId: input.fileId } },
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
    queryFn: ({ signal }) => api.GET('/api/backoffice/agents', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The active providers (the providers configuration list), for the provider select. */
export function useProviders() {
  return useQuery({
    queryKey: [...backofficeKeys.allItems, 'providers'] as const,
    queryFn: ({ signal }) =>
      api.GET('/api/backoffice/config-lists/{list}', {
        params: { path: { list: 'providers' }, query: { active: 'true', size: 100 } },
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}
