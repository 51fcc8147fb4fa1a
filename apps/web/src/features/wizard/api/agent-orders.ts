import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import type { ApiAnswers, ApiResponse } from '../../../shared/lib/api-contract';

export type AgentOrderCreated = ApiResponse<'/api/backoffice/agent-orders', 'post', 201>;
export type QpLists = ApiResponse<'/api/backoffice/qp/{itemId}', 'get'>;

export interface AgentOrderInput {
  customer: { email: string; firstname?: string; lastname?: string };
  store_id: number;
  url_key: string;
  answers: ApiAnswers;
  shown_total?: string;
}

const qpKey = (itemId: number) => ['backoffice', 'qp', itemId] as const;

/** POST /api/backoffice/agent-orders: the unpaid order for the customer (prices are the server's). */
export function useCreateAgentOrder() {
  return useMutation({
    mutationFn: (input: AgentOrderInput) => api.POST('/api/backoffice/agent-orders', { body: input }),
  });
}

/** GET /api/backoffice/qp/{item_id} (listaNombresQP): the people of a QP item, its localizations, the maximum. */
export function useQpLists(itemId: number | null) {
  return useQuery({
    queryKey: qpKey(itemId ?? 0),
    queryFn:
      itemId === null
        ? skipToken
        : ({ signal }) => api.GET('/api/backoffice/qp/{itemId}', { params: { path: { itemId } }, signal }),
    retry: false,
  });
}

function useQpMutation<I, R extends QpLists>(itemId: number, call: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => queryClient.setQueryData(qpKey(itemId), data),
  });
}

/** POST /api/backoffice/qp/names (searchListaNombresQP). */
export function useAddQpName(itemId: number) {
  return useQpMutation(itemId, (input: { nombre: string; apellidos: string; nif: string }) =>
    api.POST('/api/backoffice/qp/names', { body: { item_id: itemId, ...input } }),
  );
}

/** POST /api/backoffice/qp/{item_id}/tramita (tramitaListaNombresQP). */
export function useProcessQpNames(itemId: number) {
  return useQpMutation(itemId, (input: { maximo: number; list: number[] }) =>
    api.POST('/api/backoffice/qp/{itemId}/tramita', { params: { path: { itemId } }, body: input }),
  );
}

/** POST /api/backoffice/qp/{item_id}/localizaciones (tramitaLocalizaciones). */
export function useAddLocalizations(itemId: number) {
  return useQpMutation(
    itemId,
    (input: { list: Array<{ registro: string; finca: string; municipio?: string; titular?: string }> }) =>
      api.POST('/api/backoffice/qp/{itemId}/localizaciones', { params: { path: { itemId } }, body: input }),
  );
}
