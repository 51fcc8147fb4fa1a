import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { refreshAfterAuthChange } from './session';

export interface Credentials {
  email: string;
  password: string;
}

export interface LoginInput extends Credentials {
  /** "Remember me": keep this browser signed in (customers only; the server ignores it for staff). */
  remember?: boolean;
}

export interface Registration extends Credentials {
  firstname: string;
  lastname: string;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginInput) => api.POST('/api/auth/login', { body: credentials }),
    onSuccess: () => refreshAfterAuthChange(queryClient),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (registration: Registration) => api.POST('/api/auth/register', { body: registration }),
    onSuccess: () => refreshAfterAuthChange(queryClient),
  });
}

/** Asks for a one-time sign-in link by e-mail (offered while the password sign-in is throttled). */
export function useRequestSignInLink() {
  return useMutation({
    mutationFn: (email: string) => api.POST('/api/auth/sign-in-link', { body: { email } }),
  });
}

/** Signs in with the token of an e-mailed sign-in link (once). */
export function useConsumeSignInLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.POST('/api/auth/sign-in-link/consume', { body: { token } }),
    onSuccess: () => refreshAfterAuthChange(queryClient),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.POST('/api/auth/logout'),
    // Even when the server call fails (already logged out), the local state must forget the user.
    onSettled: () => refreshAfterAuthChange(queryClient),
  });
}

/** GET /api/auth/options: whether remember-me is on and which identity providers this shop offers. */
export function useSignInOptions() {
  return useQuery({
    queryKey: ['auth-options'],
    queryFn: ({ signal }) => api.GET('/api/auth/options', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
