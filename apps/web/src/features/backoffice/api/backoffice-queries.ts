import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '../../../shared/lib/api-client';
import type { BackofficeItem, ItemSearchPage, PanelStatus } from '../../../shared/lib/api-contract';
import { queryKeys } from '../../../shared/lib/query-keys';

export const ITEMS_PER_PAGE = 10;

export interface ItemFilters {
  page: number;
  status: string;
  email: string;
  order_id: string;
}

export const backofficeKeys = {
  statuses: [...queryKeys.backoffice, 'statuses'] as const,
  items: (filters: ItemFilters) => [...queryKeys.backoffice, 'items', filters] as const,
  allItems: [...queryKeys.backoffice, 'items'] as const,
  item: (itemId: string) => [...queryKeys.backoffice, 'item', itemId] as const,
};

/** GET /api/backoffice/statuses: the 24 panel statuses. */
export function useStatuses() {
  return useQuery({
    queryKey: backofficeKeys.statuses,
    queryFn: ({ signal }) => api.get<{ items: PanelStatus[] }>('/api/backoffice/statuses', signal),
    select: (data) => data.items,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /api/backoffice/items: order lines, newest first, filtered. */
export function useItems(filters: ItemFilters) {
  return useQuery({
    queryKey: backofficeKeys.items(filters),
    queryFn: ({ signal }) =>
      api.get<ItemSearchPage>(withQuery('/api/backoffice/items', { ...filters, size: ITEMS_PER_PAGE }), signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/backoffice/items/{item_id}: everything about one order line. */
export function useItem(itemId: string) {
  return useQuery({
    queryKey: backofficeKeys.item(itemId),
    queryFn: ({ signal }) => api.get<BackofficeItem>(`/api/backoffice/items/${encodeURIComponent(itemId)}`, signal),
  });
}
