import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../shared/lib/api-client';
import { queryKeys } from '../../../../shared/lib/query-keys';

/**
 * The search's query string exactly as the address carries it (`email=lucia&status=40,60`): sent as it is, so the
 * server's parser judges a shared or hand-edited address too (repeated parameters included), and its 400 names the
 * fields to fix.
 */
export type ItemSearchQuery = string;

export const backofficeKeys = {
  statuses: [...queryKeys.backoffice, 'statuses'] as const,
  items: (query: ItemSearchQuery) => [...queryKeys.backoffice, 'items', query] as const,
  allItems: [...queryKeys.backoffice, 'items'] as const,
  item: (itemId: string) => [...queryKeys.backoffice, 'item', itemId] as const,
};

/** GET /api/backoffice/statuses: the 24 panel statuses. */
export function useStatuses() {
  return useQuery({
    queryKey: backofficeKeys.statuses,
    queryFn: ({ signal }) => api.GET('/api/backoffice/statuses', { signal }),
    select: (data) => data.items,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /api/backoffice/items: the order search (docs/backoffice.md, "Search"). */
export function useItems(query: ItemSearchQuery) {
  return useQuery({
    queryKey: backofficeKeys.items(query),
    queryFn: ({ signal }) =>
      api.GET('/api/backoffice/items', { params: { query: Object.fromEntries(new URLSearchParams(query)) }, signal }),
    placeholderData: keepPreviousData,
    // A refused search (400) is the agent's to fix: asking again gives the same answer.
    retry: false,
  });
}

/** GET /api/backoffice/items/{item_id}: everything about one order line. */
export function useItem(itemId: string) {
  return useQuery({
    queryKey: backofficeKeys.item(itemId),
    queryFn: ({ signal }) => api.GET('/api/backoffice/items/{itemId}', { params: { path: { itemId } }, signal }),
  });
}
