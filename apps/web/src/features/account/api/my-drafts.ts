import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import type { ApiResponse, ApiItem } from '../../../shared/lib/api-contract';

/** An unfinished order kept on the server (GET /api/me/drafts). */
export type MyDraft = ApiItem<ApiResponse<'/api/me/drafts', 'get'>['items']>;

const key = ['me', 'drafts'] as const;

export function useMyDrafts() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.GET('/api/me/drafts', { signal }),
    staleTime: 0,
  });
}

/** DELETE /api/me/drafts/{store}/{url_key}: "Descartar". */
export function useDiscardDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: MyDraft) =>
      api.DELETE('/api/me/drafts/{storeId}/{urlKey}', {
        params: { path: { storeId: draft.store_id, urlKey: draft.url_key } },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
