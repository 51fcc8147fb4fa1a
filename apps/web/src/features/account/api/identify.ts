import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

/** What the sign-in page does next with an address: ask for its password, or register it. */
export type IdentifyNext = 'sign_in' | 'register';

const identify = (email: string) => api.POST('/api/auth/identify', { body: { email } });

/** The sign-in page's first step: POST /api/auth/identify (throttled like the login). */
export function useIdentify() {
  return useMutation({ mutationFn: identify });
}

/** The same question for an address that arrived in the page's address (a reload, a shared link). */
export function useIdentified(email: string, known: IdentifyNext | undefined) {
  return useQuery({
    queryKey: ['identify', email],
    queryFn: () => identify(email),
    enabled: known === undefined,
    retry: false,
    staleTime: Infinity,
  });
}
