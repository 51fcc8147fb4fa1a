import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import type { User } from '../lib/api-contract';
import { refreshAfterAuthChange } from './session';

export interface Credentials {
  email: string;
  password: string;
}

export interface Registration extends Credentials {
  firstname: string;
  lastname: string;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials) => api.post<{ user: User }>('/api/auth/login', credentials),
    onSuccess: () => refreshAfterAuthChange(queryClient),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (registration: Registration) => api.post<{ user: User }>('/api/auth/register', registration),
    onSuccess: () => refreshAfterAuthChange(queryClient),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<void>('/api/auth/logout'),
    // Even when the server call fails (already logged out), the local state must forget the user.
    onSettled: () => refreshAfterAuthChange(queryClient),
  });
}
