import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { backofficeKeys } from '../../shared';
import { workspaceApi } from '../api/workspace-queries';
import { useLeases, type LeaseKind } from './use-leases';

/** The leases of the orders open in tabs: useLeases with the items' lock calls and events. */
export function useItemLocks(itemIds: readonly number[], shownItemId: number | null, backgroundMs: number) {
  const queryClient = useQueryClient();
  const kind = useMemo<LeaseKind>(
    () => ({
      event: 'lock',
      idField: 'item_id',
      take: workspaceApi.lock,
      release: workspaceApi.release,
      reload: (itemId) => queryClient.invalidateQueries({ queryKey: backofficeKeys.item(String(itemId)) }),
      watchRefusedWrites: true,
    }),
    [queryClient],
  );
  return useLeases(kind, itemIds, shownItemId, backgroundMs);
}
