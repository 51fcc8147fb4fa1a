import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/lib/api-client';
import type { ApiItem, ApiResponse } from '../../../../shared/lib/api-contract';
import { queryKeys } from '../../../../shared/lib/query-keys';

// Back-office catalogue editing (admins): GET/PUT /api/backoffice/catalog/...

export type ProductStatus = 'enabled' | 'disabled';

export type CatalogListItem = ApiItem<ApiResponse<'/api/backoffice/catalog/products', 'get'>['items']>;

export type CatalogProductDetail = ApiResponse<'/api/backoffice/catalog/products/{productId}', 'get'>;

export interface ProductFieldsInput {
  version: number;
  name: string;
  short_description: string;
  description: string;
  custom_text: string;
  meta_title: string;
  meta_description: string;
  base_price: string;
  status: ProductStatus;
  stores: number[];
  /** The texts in other languages (docs/catalogue.md, "Languages"); left out: unchanged. */
  translations?: CatalogProductDetail['translations'];
}

export type CatalogRevision = ApiItem<
  ApiResponse<'/api/backoffice/catalog/products/{productId}/revisions', 'get'>['items']
>;

export interface CatalogFilters {
  store: string;
  q: string;
  status: string;
}

const keys = {
  all: [...queryKeys.backoffice, 'catalog'] as const,
  list: (filters: CatalogFilters) => [...queryKeys.backoffice, 'catalog', 'list', filters] as const,
  product: (id: string) => [...queryKeys.backoffice, 'catalog', 'product', id] as const,
  revisions: (id: string) => [...queryKeys.backoffice, 'catalog', 'revisions', id] as const,
};

/** GET /api/backoffice/catalog/products (up to 100 per page: the catalogue has about 60). */
export function useCatalogProducts(filters: CatalogFilters) {
  return useQuery({
    queryKey: keys.list(filters),
    queryFn: ({ signal }) =>
      api.GET('/api/backoffice/catalog/products', {
        params: {
          query: {
            store: filters.store,
            q: filters.q,
            status: filters.status === 'enabled' || filters.status === 'disabled' ? filters.status : undefined,
            per_page: 100,
          },
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/backoffice/catalog/stores: every store, for the filter. */
export function useCatalogStores() {
  return useQuery({
    queryKey: [...keys.all, 'stores'] as const,
    queryFn: ({ signal }) => api.GET('/api/backoffice/catalog/stores', { signal }),
    select: (data) => data.items,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCatalogProduct(productId: string) {
  return useQuery({
    queryKey: keys.product(productId),
    queryFn: ({ signal }) =>
      api.GET('/api/backoffice/catalog/products/{productId}', { params: { path: { productId } }, signal }),
  });
}

export function useCatalogRevisions(productId: string) {
  return useQuery({
    queryKey: keys.revisions(productId),
    queryFn: ({ signal }) =>
      api.GET('/api/backoffice/catalog/products/{productId}/revisions', { params: { path: { productId } }, signal }),
    select: (data) => data.items,
  });
}

/** After a save: the product as the server answered it, and every list and history that may show it. */
function useSaved(productId: string) {
  const queryClient = useQueryClient();
  return (product: CatalogProductDetail) => {
    queryClient.setQueryData(keys.product(productId), product);
    void queryClient.invalidateQueries({ queryKey: keys.all });
  };
}

/** PUT .../products/{id} with the version loaded: 409 STALE_CATALOG when someone saved meanwhile. */
export function useSaveProductFields(productId: string) {
  const onSuccess = useSaved(productId);
  return useMutation({
    mutationFn: (input: ProductFieldsInput) =>
      api.PUT('/api/backoffice/catalog/products/{productId}', { params: { path: { productId } }, body: input }),
    onSuccess,
  });
}

/** PUT .../products/{id}/form: 422 CATALOG_INVALID with the linter's problems. */
export function useSaveProductForm(productId: string) {
  const onSuccess = useSaved(productId);
  return useMutation({
    mutationFn: (input: { version: number; form: unknown }) =>
      api.PUT('/api/backoffice/catalog/products/{productId}/form', {
        params: { path: { productId } }, // The editor's parsed JSON: the server checks it against the form schema (422 CATALOG_INVALID).
        body: { version: input.version, form: input.form as Record<string, unknown> },
      }),
    onSuccess,
  });
}

export function useRevertProduct(productId: string) {
  const onSuccess = useSaved(productId);
  return useMutation({
    mutationFn: (input: { revisionId: number; version: number }) =>
      api.POST('/api/backoffice/catalog/products/{productId}/revisions/{revisionId}/revert', {
        params: { path: { productId, revisionId: input.revisionId } },
        body: {
          version: input.version,
        },
      }),
    onSuccess,
  });
}

export function useApplyFileVersion(productId: string) {
  const onSuccess = useSaved(productId);
  return useMutation({
    mutationFn: (version: number) =>
      api.POST('/api/backoffice/catalog/products/{productId}/apply-file', {
        params: { path: { productId } },
        body: { version },
      }),
    onSuccess,
  });
}
