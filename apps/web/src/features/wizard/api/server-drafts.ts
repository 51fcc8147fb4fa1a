import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useUser } from '../../../shared/auth';
import { api } from '../../../shared/lib/api-client';
import type { Draft } from '../lib/draft-storage';
import type { ApiResponse, ApiItem } from '../../../shared/lib/api-contract';

/** A signed-in customer's unfinished order as the server keeps it (GET /api/me/drafts). */
export type ServerDraft = ApiItem<ApiResponse<'/api/me/drafts', 'get'>['items']>;

export const serverDraftsKey = ['me', 'drafts'] as const;

/** GET /api/me/drafts: the customer's unfinished orders (all stores), newest first. */
export function useServerDrafts(enabled = true) {
  return useQuery({
    queryKey: serverDraftsKey,
    queryFn: ({ signal }) => api.GET('/api/me/drafts', { signal }),
    enabled,
    staleTime: 0,
  });
}

/**
 * Keeps a signed-in customer's draft on the server too, so the account lists it on any device. Best effort: the
 * local draft is the one the wizard works with, a failed save changes nothing for the customer.
 */
export function useDraftSync(storeId: number, urlKey: string) {
  const signedIn = useUser() !== null;
  const save = useCallback(
    (draft: Draft) => {
      if (!signedIn) return;
      const body = {
        answers: draft.answers,
        seen: draft.seen,
        last_path: draft.lastPath?.startsWith('/tienda/') ? draft.lastPath : null,
        last_step: Math.min(99, draft.lastStep),
      };
      api
        .PUT('/api/me/drafts/{storeId}/{urlKey}', { params: { path: { storeId, urlKey } }, body })
        .catch(() => undefined);
    },
    [signedIn, storeId, urlKey],
  );
  const remove = useCallback(() => {
    if (!signedIn) return;
    api.DELETE('/api/me/drafts/{storeId}/{urlKey}', { params: { path: { storeId, urlKey } } }).catch(() => undefined);
  }, [signedIn, storeId, urlKey]);
  return { save, remove };
}
