import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import { queryKeys } from '../../../shared/lib/query-keys';

const accountKey = ['me', 'account'] as const;

/** GET /api/me/account: the e-mail, the name and the newsletter switch. */
export function useAccount() {
  return useQuery({
    queryKey: accountKey,
    queryFn: ({ signal }) => api.GET('/api/me/account', { signal }),
  });
}

/** PUT /api/me/account (the name); the session's user carries the name too. */
export function useSaveName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: { firstname: string; lastname: string }) => api.PUT('/api/me/account', { body: data }),
    onSuccess: async (result) => {
      queryClient.setQueryData(accountKey, result);
      await queryClient.invalidateQueries({ queryKey: queryKeys.session, exact: true });
    },
  });
}

/** PUT /api/me/newsletter. */
export function useSaveNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: boolean) => api.PUT('/api/me/newsletter', { body: { subscribed } }),
    onSuccess: (result) => queryClient.setQueryData(accountKey, result),
  });
}

/** POST /api/me/password: the current password and the new one; other devices are signed out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (data: { current_password: string; password: string }) => api.POST('/api/me/password', { body: data }),
  });
}
