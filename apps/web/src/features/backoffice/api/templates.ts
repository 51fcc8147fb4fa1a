import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import type { ApiBody, ApiItem, ApiResponse, Language } from '../../../shared/lib/api-contract';
import { queryKeys } from '../../../shared/lib/query-keys';
import { backofficeKeys } from './backoffice-queries';

// E-mail and incidence templates (docs/backoffice.md, "Templates and the incident loop").

export type TemplateKind = 'email' | 'incidence';
export type Template = ApiResponse<'/api/backoffice/templates/{kind}/{id}/{language}', 'get'>;
export type TemplatePreview = ApiResponse<'/api/backoffice/templates/preview', 'post'>;
export type PreviewRequest = ApiBody<'/api/backoffice/templates/preview', 'post'>;
export type TemplateValues = NonNullable<PreviewRequest['values']>;
export type Placeholder = ApiItem<ApiResponse<'/api/backoffice/templates/placeholders', 'get'>['items']>;
export type StaffIncidence = ApiResponse<'/api/backoffice/items/{itemId}/incidence', 'get'>;
export type TemplateFields = ApiBody<'/api/backoffice/templates/{kind}/{id}/{language}', 'put'>;

export const templateKeys = {
  all: [...queryKeys.backoffice, 'templates'] as const,
  list: (kind: TemplateKind, language?: Language) =>
    [...queryKeys.backoffice, 'templates', kind, language ?? 'all'] as const,
  one: (kind: TemplateKind, id: string, language: string) =>
    [...queryKeys.backoffice, 'templates', kind, id, language] as const,
  placeholders: [...queryKeys.backoffice, 'templates', 'placeholders'] as const,
  incidence: (itemId: string) => [...queryKeys.backoffice, 'item', itemId, 'incidence'] as const,
};

const base = (kind: TemplateKind) => `/api/backoffice/templates/${kind}`;

export function useTemplates(kind: TemplateKind, language?: Language) {
  return useQuery({
    queryKey: templateKeys.list(kind, language),
    queryFn: ({ signal }) => api.get<{ items: Template[] }>(withQuery(base(kind), { language }), signal),
    select: (data) => data.items,
  });
}

export function useTemplate(kind: TemplateKind, id: string, language: string, enabled = true) {
  return useQuery({
    queryKey: templateKeys.one(kind, id, language),
    queryFn: ({ signal }) =>
      api.get<Template>(`${base(kind)}/${encodeURIComponent(id)}/${encodeURIComponent(language)}`, signal),
    enabled,
  });
}

export function usePlaceholders() {
  return useQuery({
    queryKey: templateKeys.placeholders,
    queryFn: ({ signal }) => api.GET('/api/backoffice/templates/placeholders', { signal }),
    select: (data) => data.items,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The live preview: re-asked whenever the request changes (the caller debounces typing). */
export function usePreview(request: PreviewRequest | null) {
  return useQuery({
    queryKey: [...templateKeys.all, 'preview', request] as const,
    queryFn: () => api.POST('/api/backoffice/templates/preview', { body: request }),
    enabled: request !== null,
    retry: false,
    placeholderData: (previous) => previous,
  });
}

export function useSaveTemplate(kind: TemplateKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: number; language: Language; isNew: boolean; fields: TemplateFields }) =>
      input.isNew
        ? api.post<Template>(base(kind), { ...input.fields, language: input.language, id: input.id })
        : api.put<Template>(`${base(kind)}/${input.id}/${input.language}`, input.fields),
    onSuccess: (saved) => {
      queryClient.setQueryData(templateKeys.one(kind, String(saved.id), saved.language), saved);
      void queryClient.invalidateQueries({ queryKey: templateKeys.all });
    },
  });
}

export function useDeleteTemplate(kind: TemplateKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; language: string }) =>
      api.delete<void>(`${base(kind)}/${input.id}/${input.language}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

/** GET /api/backoffice/items/{itemId}/incidence: the incident and the customer's answers. */
export function useStaffIncidence(itemId: string) {
  return useQuery({
    queryKey: templateKeys.incidence(itemId),
    queryFn: ({ signal }) =>
      api.GET('/api/backoffice/items/{itemId}/incidence', { params: { path: { itemId } }, signal }),
  });
}

/** The three template actions on an item; each carries the item's version and refreshes the item after. */
export function useItemTemplateAction(itemId: string, action: 'incidence' | 'template-emails' | 'template-pdfs') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      template_id?: number;
      incidence_id?: number;
      text?: string;
      version: string;
      values?: TemplateValues;
    }) => api.post<unknown>(`/api/backoffice/items/${encodeURIComponent(itemId)}/${action}`, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.item(itemId) });
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.allItems });
    },
  });
}
