import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/lib/api-client';
import type { ApiBody, ApiResponse, Language } from '../../../../shared/lib/api-contract';
import { queryKeys } from '../../../../shared/lib/query-keys';
import { backofficeKeys } from '../../shared';

// E-mail and incidence templates (docs/backoffice.md, "Templates and the incident loop").

export type TemplateKind = 'email' | 'incidence';
export type Template = ApiResponse<'/api/backoffice/templates/{kind}/{id}/{language}', 'get'>;
export type TemplatePreview = ApiResponse<'/api/backoffice/templates/preview', 'post'>;
export type PreviewRequest = ApiBody<'/api/backoffice/templates/preview', 'post'>;
export type TemplateValues = NonNullable<PreviewRequest['values']>;
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

export function useTemplates(kind: TemplateKind, language?: Language) {
  return useQuery({
    queryKey: templateKeys.list(kind, language),
    queryFn: ({ signal }) =>
      api.GET('/api/backoffice/templates/{kind}', { params: { path: { kind }, query: { language } }, signal }),
    select: (data) => data.items,
  });
}

export function useTemplate(kind: TemplateKind, id: string, language: string, enabled = true) {
  return useQuery({
    queryKey: templateKeys.one(kind, id, language),
    queryFn: ({ signal }) =>
      api.GET('/api/backoffice/templates/{kind}/{id}/{language}', {
        params: { path: { kind, id, language: language as Language } },
        signal,
      }),
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
    queryFn: request === null ? skipToken : () => api.POST('/api/backoffice/templates/preview', { body: request }),
    retry: false,
    placeholderData: (previous) => previous,
  });
}

export function useSaveTemplate(kind: TemplateKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: number; language: Language; isNew: boolean; fields: TemplateFields }) =>
      input.isNew
        ? api.POST('/api/backoffice/templates/{kind}', {
            params: { path: { kind } },
            body: { ...input.fields, language: input.language, id: input.id },
          })
        : api.PUT('/api/backoffice/templates/{kind}/{id}/{language}', {
            params: { path: { kind, id: input.id ?? '', language: input.language } },
            body: input.fields,
          }),
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
      api.DELETE('/api/backoffice/templates/{kind}/{id}/{language}', {
        params: { path: { kind, id: input.id, language: input.language as Language } },
      }),
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

type IncidenceBody = ApiBody<'/api/backoffice/items/{itemId}/incidence', 'post'>;
type EmailsBody = ApiBody<'/api/backoffice/items/{itemId}/template-emails', 'post'>;
type PdfsBody = ApiBody<'/api/backoffice/items/{itemId}/template-pdfs', 'post'>;

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
    }): Promise<unknown> => {
      const params = { path: { itemId } };
      // One input for the three actions; each takes its own part of it (the server checks them).
      if (action === 'incidence')
        return api.POST('/api/backoffice/items/{itemId}/incidence', { params, body: body as IncidenceBody });
      if (action === 'template-emails')
        return api.POST('/api/backoffice/items/{itemId}/template-emails', { params, body: body as EmailsBody });
      return api.POST('/api/backoffice/items/{itemId}/template-pdfs', { params, body: body as PdfsBody });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.item(itemId) });
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.allItems });
    },
  });
}
