import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConfigListKey } from '@ventanilla/domain';
import { api } from '../../../../shared/lib/api-client';
import type { ApiBody, ApiResponse } from '../../../../shared/lib/api-contract';
import { queryKeys } from '../../../../shared/lib/query-keys';

// The configuration lists (docs/backoffice.md, "Configuration lists"): one set of hooks for every list.

export type ConfigRecord = ApiResponse<'/api/backoffice/config-lists/{list}/{key}', 'get'> & Record<string, unknown>;
export type ConfigPage = { items: ConfigRecord[]; total: number; page: number; per_page: number };
/** A record's values as the API takes them (each list's fields: docs/backoffice.md). */
type NewValues = ApiBody<'/api/backoffice/config-lists/{list}', 'post'>;
type EditedValues = ApiBody<'/api/backoffice/config-lists/{list}/{key}', 'put'>;

export const configListKeys = {
  list: (list: ConfigListKey) => [...queryKeys.backoffice, 'config-lists', list] as const,
  page: (list: ConfigListKey, search: string, page: number) =>
    [...queryKeys.backoffice, 'config-lists', list, 'page', search, page] as const,
  one: (list: ConfigListKey, key: string) => [...queryKeys.backoffice, 'config-lists', list, 'one', key] as const,
  history: (list: ConfigListKey, key: string) =>
    [...queryKeys.backoffice, 'config-lists', list, 'history', key] as const,
};

/** The address of a list's CSV export (a plain link: the browser downloads it). */
export const exportCsvHref = (list: ConfigListKey) => `/api/backoffice/config-lists/${list}/export.csv`;

export function useConfigPage(list: ConfigListKey, search: string, page: number) {
  return useQuery({
    queryKey: configListKeys.page(list, search, page),
    queryFn: ({ signal }): Promise<ConfigPage> =>
      api.GET('/api/backoffice/config-lists/{list}', {
        params: { path: { list }, query: { search: search || undefined, page, size: 20 } },
        signal,
      }),
  });
}

export function useConfigRecord(list: ConfigListKey, key: string | undefined) {
  return useQuery({
    queryKey: configListKeys.one(list, key ?? ''),
    queryFn: ({ signal }): Promise<ConfigRecord> =>
      api.GET('/api/backoffice/config-lists/{list}/{key}', { params: { path: { list, key: key ?? '' } }, signal }),
    enabled: key !== undefined,
  });
}

export function useConfigHistory(list: ConfigListKey, key: string) {
  return useQuery({
    queryKey: configListKeys.history(list, key),
    queryFn: ({ signal }) =>
      api.GET('/api/backoffice/config-lists/{list}/{key}/history', { params: { path: { list, key } }, signal }),
    select: (data) => data.items,
  });
}

/** Create (no key) or edit (key + version) a record. */
export function useSaveConfigRecord(list: ConfigListKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, values }: { key?: string; values: Record<string, unknown> }): Promise<ConfigRecord> => {
      // The form's values (with `version` when editing), checked against the list's fields by the domain's
      // validateRecord, and by the server again.
      return key === undefined
        ? api.POST('/api/backoffice/config-lists/{list}', { params: { path: { list } }, body: values as NewValues })
        : api.PUT('/api/backoffice/config-lists/{list}/{key}', {
            params: { path: { list, key } },
            body: values as EditedValues,
          });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: configListKeys.list(list) }),
  });
}

/** Imports a CSV file's text: all rows or none (the server answers the refused rows by line). */
export function useImportConfigCsv(list: ConfigListKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api.POST('/api/backoffice/config-lists/{list}/import.csv', {
        params: { path: { list } },
        body: new Blob([text], { type: 'text/csv' }),
        headers: { 'content-type': 'text/csv' },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: configListKeys.list(list) }),
  });
}
