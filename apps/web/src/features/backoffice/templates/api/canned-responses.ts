import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/lib/api-client';
import type { ApiBody, ApiResponse } from '../../../../shared/lib/api-contract';
import { queryKeys } from '../../../../shared/lib/query-keys';

// Canned responses (docs/backoffice.md, "Canned responses").

export type CannedResponse = ApiResponse<'/api/backoffice/canned-responses/{id}', 'get'>;
export type CannedFields = ApiBody<'/api/backoffice/canned-responses', 'post'>;
export type CannedRenderRequest = ApiBody<'/api/backoffice/canned-responses/{id}/render', 'post'>;
export type CannedScope = 'mine' | 'all';

export const cannedKeys = {
  all: [...queryKeys.backoffice, 'canned-responses'] as const,
  list: (scope: CannedScope, q: string) => [...queryKeys.backoffice, 'canned-responses', scope, q] as const,
};

/** The canned responses offered to me (`mine`, the picker: all of them at once, up to 1000) or all (admins). */
export function useCannedResponses(scope: CannedScope, q = '') {
  return useQuery({
    queryKey: cannedKeys.list(scope, q),
    queryFn: ({ signal }) =>
      api.GET('/api/backoffice/canned-responses', { params: { query: { scope, q: q.trim() || undefined } }, signal }),
    staleTime: scope === 'mine' ? 60_000 : 0,
  });
}

export function useSaveCanned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number | null; fields: CannedFields }) =>
      input.id === null
        ? api.POST('/api/backoffice/canned-responses', { body: input.fields })
        : api.PUT('/api/backoffice/canned-responses/{id}', { params: { path: { id: input.id } }, body: input.fields }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: cannedKeys.all }),
  });
}

export function useDeleteCanned() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.DELETE('/api/backoffice/canned-responses/{id}', { params: { path: { id } } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: cannedKeys.all }),
  });
}

/** Fills a canned response for insertion (with an order item's values and/or given ones). */
export function useRenderCanned() {
  return useMutation({
    mutationFn: (input: { id: number; request: CannedRenderRequest }) =>
      api.POST('/api/backoffice/canned-responses/{id}/render', {
        params: { path: { id: input.id } },
        body: input.request,
      }),
  });
}
