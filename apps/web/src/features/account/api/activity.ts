import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import type { ApiItem, ApiResponse } from '../../../shared/lib/api-contract';

export type ActivityItem = ApiItem<ApiResponse<'/api/me/activities', 'get'>['items']>;
export type PushDevice = ApiItem<ApiResponse<'/api/me/push-subscriptions', 'get'>['items']>;

/** GET /api/me/activities ("Mi actividad"): the account's own events, newest first, 10 a page. */
export function useActivities(page: number) {
  return useQuery({
    queryKey: ['me', 'activities', page],
    queryFn: ({ signal }) => api.GET('/api/me/activities', { params: { query: { page } }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Marks every activity read (the page shows them; nothing else reads them). */
export function useMarkActivitiesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.POST('/api/me/activities/read-all'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['me', 'activities'] }),
  });
}

/** GET /api/me/push-subscriptions: the devices that receive the account's pushes (the spec's subscriptions). */
export function usePushDevices(page: number) {
  return useQuery({
    queryKey: ['me', 'push-subscriptions', page],
    queryFn: ({ signal }) => api.GET('/api/me/push-subscriptions', { params: { query: { page } }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** DELETE /api/me/push-subscriptions/{id}: that device stops receiving pushes. */
export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.DELETE('/api/me/push-subscriptions/{id}', { params: { path: { id } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['me', 'push-subscriptions'] }),
  });
}
