import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/lib/api-client';
import type { ApiResponse } from '../../../../shared/lib/api-contract';
import { queryKeys } from '../../../../shared/lib/query-keys';

// The legal entities that sell and invoice, their edits and history (docs/legal-entities.md).

export type LegalEntityList = ApiResponse<'/api/backoffice/legal-entities', 'get'>;
export type LegalEntityRow = LegalEntityList['items'][number];
export type LegalEntityHistory = ApiResponse<'/api/backoffice/legal-entities/{entityId}/history', 'get'>;
export type LegalEntityChange = LegalEntityHistory['items'][number];

/** The fields an admin edits, in the form's order. */
export const LEGAL_ENTITY_FIELDS = [
  'legal_name',
  'tax_id',
  'address',
  'registry_note',
  'email',
  'phone',
  'privacy_email',
  'supervising_authority',
] as const;
export type LegalEntityField = (typeof LEGAL_ENTITY_FIELDS)[number];

const keys = {
  all: [...queryKeys.backoffice, 'legal-entities'] as const,
  history: (id: string) => [...queryKeys.backoffice, 'legal-entities', id, 'history'] as const,
};

export function useLegalEntities() {
  return useQuery({
    queryKey: keys.all,
    queryFn: ({ signal }) => api.GET('/api/backoffice/legal-entities', { signal }),
  });
}

export function useLegalEntityHistory(entityId: string) {
  return useQuery({
    queryKey: keys.history(entityId),
    queryFn: ({ signal }) =>
      api.GET('/api/backoffice/legal-entities/{entityId}/history', { params: { path: { entityId } }, signal }),
    enabled: entityId !== '',
  });
}

export function useSaveLegalEntity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { entityId: string; values: Partial<Record<LegalEntityField, string>> }) =>
      api.PATCH('/api/backoffice/legal-entities/{entityId}', {
        params: { path: { entityId: input.entityId } },
        body: input.values,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.all });
      // The shop's own pages read the seller too.
      void queryClient.invalidateQueries({ queryKey: ['seller'] });
    },
  });
}
