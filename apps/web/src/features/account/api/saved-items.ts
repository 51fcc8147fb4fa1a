import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../shared/lib/api-client';
import type { ApiBody, ApiItem, ApiResponse } from '../../../shared/lib/api-contract';

/** The API's saved-item kinds (their paths) and the panel's addresses for them (`/guardados/{segment}`). */
export const SAVED_KINDS = [
  { api: 'properties', segment: 'inmuebles', identity: 'address' },
  { api: 'companies', segment: 'empresas', identity: 'cif' },
  { api: 'vehicles', segment: 'vehiculos', identity: 'plate' },
  { api: 'documents', segment: 'documentos', identity: 'description' },
] as const;
export type SavedKind = (typeof SAVED_KINDS)[number];
export type SavedKindPath = SavedKind['api'];

export type SavedProperty = ApiItem<ApiResponse<'/api/me/properties', 'get'>['items']>;
export type SavedCompany = ApiItem<ApiResponse<'/api/me/companies', 'get'>['items']>;
export type SavedVehicle = ApiItem<ApiResponse<'/api/me/vehicles', 'get'>['items']>;
export type SavedDocument = ApiItem<ApiResponse<'/api/me/documents', 'get'>['items']>;
/** Any saved item; the kind's own fields (initials, doc_parsed, file) are optional here. */
export type SavedItem = SavedVehicle &
  Partial<Pick<SavedCompany, 'initials' | 'seguimiento'>> &
  Partial<Pick<SavedProperty, 'doc_parsed' | 'doc_parsed_entities'>> &
  Partial<Pick<SavedDocument, 'file'>>;
export type SavedList = { items: SavedItem[]; total: number; page: number; per_page: number };
export type SavedItemBody = ApiBody<'/api/me/companies', 'post'>;
export type SavedItemPatch = ApiBody<'/api/me/companies/{id}', 'put'>;

export function savedKindBySegment(segment: string | undefined): SavedKind | undefined {
  return SAVED_KINDS.find((k) => k.segment === segment);
}

export interface SavedListQuery {
  page: number;
  q: string;
  favourites: boolean;
}

const listKey = (kind: SavedKindPath) => ['me', 'saved', kind] as const;

/** Each kind's two documented paths: the list (and create) and one item. */
const SAVED_PATHS = {
  properties: { list: '/api/me/properties', one: '/api/me/properties/{id}' },
  companies: { list: '/api/me/companies', one: '/api/me/companies/{id}' },
  vehicles: { list: '/api/me/vehicles', one: '/api/me/vehicles/{id}' },
  documents: { list: '/api/me/documents', one: '/api/me/documents/{id}' },
} as const;

/** GET /api/me/{kind}: 10 a page, newest first. */
export function useSavedItems(kind: SavedKindPath, query: SavedListQuery) {
  return useQuery({
    queryKey: [...listKey(kind), query],
    queryFn: ({ signal }): Promise<SavedList> =>
      api.GET(SAVED_PATHS[kind].list, {
        params: { query: { page: query.page, q: query.q, favourites: query.favourites || undefined } },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/me/{kind}/{id}. */
export function useSavedItem(kind: SavedKindPath, id: string) {
  return useQuery({
    queryKey: [...listKey(kind), 'one', id],
    queryFn: ({ signal }): Promise<SavedItem> => api.GET(SAVED_PATHS[kind].one, { params: { path: { id } }, signal }),
    staleTime: 0,
    retry: false,
  });
}

export function useCreateSavedItem(kind: SavedKindPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedItemBody): Promise<SavedItem> => api.POST(SAVED_PATHS[kind].list, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey(kind) }),
  });
}

export function useUpdateSavedItem(kind: SavedKindPath, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: SavedItemPatch): Promise<{ ok: true; item: SavedItem }> =>
      api.PUT(SAVED_PATHS[kind].one, { params: { path: { id } }, body: patch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey(kind) }),
  });
}

export function useDeleteSavedItem(kind: SavedKindPath, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.DELETE(SAVED_PATHS[kind].one, { params: { path: { id } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey(kind) }),
  });
}

const consentKey = ['me', 'saved', 'consent'] as const;

/** Whether orders save their property, company or vehicle. */
export function useSavedConsent() {
  return useQuery({
    queryKey: consentKey,
    queryFn: ({ signal }) => api.GET('/api/me/saved-items/consent', { signal }),
  });
}

export function useSetSavedConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: boolean) => api.PUT('/api/me/saved-items/consent', { body: { save_from_orders: value } }),
    // Shown as asked at once (no flicker back while it saves); the server's answer, or the old value on failure.
    onMutate: (value: boolean) => queryClient.setQueryData(consentKey, { save_from_orders: value }),
    onSuccess: (answer) => {
      queryClient.setQueryData(consentKey, answer);
      // Agreeing saves the items of paid orders: the lists change.
      return queryClient.invalidateQueries({
        queryKey: ['me', 'saved'],
        predicate: (query) => query.queryKey[2] !== 'consent',
      });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: consentKey }),
  });
}

/** The nota simple of an order line as read for the customer (404 when none was read: no data, no error). */
export function useNotaSimpleRead(orderId: string, itemId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['me', 'orders', orderId, 'nota-simple', itemId],
    queryFn: async ({ signal }) => {
      try {
        return await api.GET('/api/me/orders/{orderId}/items/{itemId}/nota-simple', {
          params: { path: { orderId, itemId } },
          signal,
        });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
    retry: false,
  });
}
