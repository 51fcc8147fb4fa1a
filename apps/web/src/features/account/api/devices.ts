import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import type { ApiResponse } from '../../../shared/lib/api-contract';

export type Device = ApiResponse<'/api/me/devices', 'get'>['items'][number];

const devicesKey = ['me', 'devices'] as const;

/** GET /api/me/devices: the browsers that remember this account's sign-in, this one marked. */
export function useDevices() {
  return useQuery({
    queryKey: devicesKey,
    queryFn: ({ signal }) => api.GET('/api/me/devices', { signal }),
  });
}

/** DELETE /api/me/devices/{id}: signs that device out (its sessions end too). */
export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.DELETE('/api/me/devices/{deviceId}', { params: { path: { deviceId: id } } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}

/** DELETE /api/me/devices: signs out every other device and session; this browser stays signed in. */
export function useSignOutOtherDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.DELETE('/api/me/devices'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}
