import { useQuery } from '@tanstack/react-query';
import type { QueueName } from '@ventanilla/domain';
import { api } from '../../../../shared/lib/api-client';
import type { ApiBody, ApiResponse } from '../../../../shared/lib/api-contract';
import { queryKeys } from '../../../../shared/lib/query-keys';

export type WorkspaceState = ApiResponse<'/api/backoffice/workspace', 'get'>;
export type WorkspaceInput = ApiBody<'/api/backoffice/workspace', 'put'>;
export type Activity = ApiResponse<'/api/backoffice/activity', 'get'>;

/**
 * POST /api/backoffice/items/{itemId}/finish (the order actions' route): sets the result, releases the lock and, with
 * then=next, pulls the next item of the queue.
 */
export interface FinishInput {
  status: number;
  version: string;
  then: 'next' | 'stop';
  queue: QueueName;
}

export const workspaceKeys = {
  workspace: [...queryKeys.backoffice, 'workspace'] as const,
  activity: [...queryKeys.backoffice, 'activity'] as const,
  queueLast: [...queryKeys.backoffice, 'queue-last'] as const,
  changes: (itemId: number) => [...queryKeys.backoffice, 'changes', itemId] as const,
};

export const workspaceApi = {
  get: (signal?: AbortSignal) => api.GET('/api/backoffice/workspace', { signal }),
  save: (input: WorkspaceInput) => api.PUT('/api/backoffice/workspace', { body: input }),
  lock: (itemId: number) => api.POST('/api/backoffice/items/{itemId}/lock', { params: { path: { itemId } } }),
  release: (itemId: number, force = false) =>
    api.DELETE('/api/backoffice/items/{itemId}/lock', {
      params: { path: { itemId }, query: { force: force ? '1' : undefined } },
    }),
  changes: (itemId: number, signal?: AbortSignal) =>
    api.GET('/api/backoffice/items/{itemId}/changes', { params: { path: { itemId } }, signal }),
  next: (queue: QueueName) => api.POST('/api/backoffice/queue/next', { body: { queue } }),
  last: (signal?: AbortSignal) => api.GET('/api/backoffice/queue/last', { signal }),
  finish: (itemId: number, input: FinishInput) =>
    api.POST('/api/backoffice/items/{itemId}/finish', { params: { path: { itemId } }, body: input }),
};

/** GET /api/backoffice/activity: My Activity. */
export function useActivity() {
  return useQuery({
    queryKey: workspaceKeys.activity,
    queryFn: ({ signal }) => api.GET('/api/backoffice/activity', { signal }),
    staleTime: 0,
  });
}

/** GET /api/backoffice/queue/last: the last item the queue gave the agent. */
export function useQueueLast() {
  return useQuery({ queryKey: workspaceKeys.queueLast, queryFn: ({ signal }) => workspaceApi.last(signal) });
}
