import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { queryKeys } from '../../../shared/lib/query-keys';
import { unreadKey } from '../../../shared/notifications/use-unread';

const pendingKey = ['me', 'email-change'] as const;

/** GET /api/me/email-change: the change waiting for its link, if any. */
export function usePendingEmailChange() {
  return useQuery({
    queryKey: pendingKey,
    queryFn: ({ signal }) => api.GET('/api/me/email-change', { signal }),
  });
}

/** POST /api/me/email-change: the new address and the current password; the link goes to the new address. */
export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: { new_email: string; current_password: string }) =>
      api.POST('/api/me/email-change', { body: data }),
    onSuccess: (pending) => queryClient.setQueryData(pendingKey, { pending }),
  });
}

/** POST /api/auth/email-change/confirm: the link's token (signed in or not). */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.POST('/api/auth/email-change/confirm', { body: { token } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
      await queryClient.invalidateQueries({ queryKey: queryKeys.session, exact: true });
    },
  });
}

/** POST /api/me/account/delete: the password again; every session ends. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api.POST('/api/me/account/delete', { body: { password } }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.me });
      await queryClient.invalidateQueries({ queryKey: queryKeys.session, exact: true });
    },
  });
}

export interface NotificationItem {
  id: number;
  kind: 'order_status' | 'incident';
  order_id: number;
  item_id: number;
  product_name: string;
  status: 'pending' | 'processing' | 'incidence' | 'ready' | 'returned';
  read: boolean;
  created_at: string;
}

/** GET /api/me/notifications (the spec's list shape, plus the unread count). */
export function useNotifications(page: number) {
  return useQuery({
    queryKey: ['me', 'notifications', page],
    queryFn: ({ signal }) => api.GET('/api/me/notifications', { params: { query: { page } }, signal }),
  });
}

/** Marks one notification read, or all of them (id null). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number | null) =>
      id === null
        ? api.POST('/api/me/notifications/read-all')
        : api.POST('/api/me/notifications/{id}/read', { params: { path: { id } } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['me', 'notifications'] });
      await queryClient.invalidateQueries({ queryKey: unreadKey });
    },
  });
}
