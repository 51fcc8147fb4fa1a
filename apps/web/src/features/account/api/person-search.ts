import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

import { queryKeys } from '../../../shared/lib/query-keys';

// The customer's QP person-search list (spec: listaNombresQP, searchListaNombresQP, tramitaListaNombresQP).

const key = (itemId: number) => [...queryKeys.myOrders, 'qp', itemId] as const;

/** GET the item's list: people, properties found, and whether it may still be edited (404 if not the customer's). */
export function useQpList(itemId: number, enabled = true) {
  return useQuery({
    queryKey: key(itemId),
    queryFn: ({ signal }) => api.GET('/api/me/qp/{itemId}', { params: { path: { itemId } }, signal }),
    enabled,
  });
}

/** POST a person (name, surnames, DNI/NIE) to the list. */
export function useAddQpName(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (person: { nombre: string; apellidos: string; nif: string }) =>
      api.POST('/api/me/qp/names', { body: { item_id: itemId, ...person } }),
    onSuccess: (data) => queryClient.setQueryData(key(itemId), data),
  });
}

/** POST the listed names for searching with a maximum of properties; the list becomes read-only. */
export function useSendQpNames(itemId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { maximo: number; list: number[] }) =>
      api.POST('/api/me/qp/{itemId}/tramita', { params: { path: { itemId } }, body: input }),
    onSuccess: (data) => queryClient.setQueryData(key(itemId), data),
    // A list sent meanwhile (another tab, an agent): show it as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: key(itemId) }),
  });
}
