import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshAfterAuthChange } from '../../../shared/auth';
import { api } from '../../../shared/lib/api-client';

/** POST /api/auth/password/remember: the same answer whether or not the account exists. */
export function useRememberPassword() {
  return useMutation({
    mutationFn: (email: string) => api.POST('/api/auth/password/remember', { body: { email } }),
  });
}

/** POST /api/auth/password/reset-token: whether the emailed link can still be used (checked by the server). */
export function useResetTokenCheck(token: string) {
  return useQuery({
    queryKey: ['password-reset-token', token],
    queryFn: () => api.POST('/api/auth/password/reset-token', { body: { token } }),
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** POST /api/auth/password/reset: every session of the account ends, this browser's included. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => api.POST('/api/auth/password/reset', { body: input }),
    onSuccess: () => refreshAfterAuthChange(queryClient),
  });
}
