import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/lib/api-client';
import type { ApiItem, ApiQuery, ApiResponse } from '../../../../shared/lib/api-contract';
import { queryKeys } from '../../../../shared/lib/query-keys';

export const EMAILS_PER_PAGE = 20;

export type EmailStatus = NonNullable<NonNullable<ApiQuery<'/api/backoffice/emails'>>['status']>;

/** One outbox message as GET /api/backoffice/emails lists it. */
export type EmailSummary = ApiItem<ApiResponse<'/api/backoffice/emails', 'get'>['items']>;

const mailboxKeys = {
  all: [...queryKeys.backoffice, 'emails'] as const,
  list: (page: number, status: string) => [...queryKeys.backoffice, 'emails', 'list', page, status] as const,
  one: (id: string) => [...queryKeys.backoffice, 'emails', 'one', id] as const,
};

/** GET /api/backoffice/emails: newest first, optionally one status. */
export function useEmails(page: number, status: string) {
  return useQuery({
    queryKey: mailboxKeys.list(page, status),
    queryFn: ({ signal }) =>
      api.GET('/api/backoffice/emails', {
        params: {
          query: { page, per_page: EMAILS_PER_PAGE, status: (status || undefined) as EmailStatus | undefined },
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/backoffice/emails/{id}: with its text and HTML. */
export function useEmail(id: string) {
  return useQuery({
    queryKey: mailboxKeys.one(id),
    queryFn: ({ signal }) => api.GET('/api/backoffice/emails/{id}', { params: { path: { id } }, signal }),
  });
}

/** POST /api/backoffice/emails/{id}/retry: a failed message goes back to the queue. */
export function useRetryEmail(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.POST('/api/backoffice/emails/{id}/retry', { params: { path: { id } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxKeys.all }),
  });
}
