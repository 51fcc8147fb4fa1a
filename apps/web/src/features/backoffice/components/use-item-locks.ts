import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LOCK_HEARTBEAT_MS } from '@ventanilla/domain';
import { isApiError } from '../../../shared/lib/api-client';
import { onMutationError } from '../../../shared/lib/mutation-errors';
import { backofficeKeys } from '../api/backoffice-queries';
import { workspaceApi } from '../api/workspace-queries';
import type { ItemLockState } from './workspace-context';

/**
 * The leases of the items open in tabs (docs/backoffice.md, "Workspace"): taken when a tab opens (autoLock), renewed
 * every LOCK_HEARTBEAT_MS while it stays open, released when it closes (signing out releases them on the server). A
 * write refused with 423 marks the item as locked by its holder and reloads it.
 */
export function useItemLocks(itemIds: readonly number[]) {
  const queryClient = useQueryClient();
  const [locks, setLocks] = useState<Record<number, ItemLockState>>({});
  const managed = useRef<readonly number[]>([]);
  const held = useRef(new Set<number>());
  const idsKey = itemIds.join(',');

  const setLock = useCallback((itemId: number, state: ItemLockState | null) => {
    setLocks((current) => {
      const next = { ...current };
      if (state) next[itemId] = state;
      else delete next[itemId];
      return next;
    });
  }, []);

  const reloadItem = useCallback(
    (itemId: number) => queryClient.invalidateQueries({ queryKey: backofficeKeys.item(String(itemId)) }),
    [queryClient],
  );

  const take = useCallback(
    async (itemId: number, first: boolean) => {
      try {
        const lock = await workspaceApi.lock(itemId);
        if (!managed.current.includes(itemId)) {
          // The tab closed while the request was on its way: give the lease back at once.
          await workspaceApi.release(itemId).catch(() => undefined);
          return;
        }
        held.current.add(itemId);
        setLock(itemId, { status: 'held', expiresAt: lock.expires_at });
        // Taking over a lapsed lease writes a history line: show it.
        if (first) void reloadItem(itemId);
      } catch (error) {
        held.current.delete(itemId);
        if (!managed.current.includes(itemId)) return;
        if (isApiError(error, 423) && error.lock) {
          const holder = error.lock;
          setLocks((current) => {
            const before = current[itemId];
            const message =
              before?.status === 'locked' && before.holderId === holder.locked_by ? before.message : undefined;
            return {
              ...current,
              [itemId]: { status: 'locked', holderId: holder.locked_by, holderName: holder.locked_by_name, message },
            };
          });
        } else if (first || !isApiError(error) || error.status !== 0) {
          setLock(itemId, { status: 'error', error });
        }
      }
    },
    [reloadItem, setLock],
  );

  // Tabs opened take their lock; tabs closed give theirs back.
  useEffect(() => {
    const ids = idsKey ? idsKey.split(',').map(Number) : [];
    const before = managed.current;
    managed.current = ids;
    for (const itemId of ids) {
      if (before.includes(itemId)) continue;
      setLock(itemId, { status: 'taking' });
      void take(itemId, true);
    }
    for (const itemId of before) {
      if (ids.includes(itemId)) continue;
      setLock(itemId, null);
      if (held.current.delete(itemId)) void workspaceApi.release(itemId).catch(() => undefined);
    }
  }, [idsKey, setLock, take]);

  // The heartbeat: renew every lease (and try again where another agent held the item).
  useEffect(() => {
    const timer = window.setInterval(() => {
      for (const itemId of managed.current) void take(itemId, false);
    }, LOCK_HEARTBEAT_MS);
    return () => window.clearInterval(timer);
  }, [take]);

  // A write refused because another agent holds the item: the lock message, and the item reloaded.
  useEffect(
    () =>
      onMutationError((error) => {
        if (!isApiError(error)) return;
        if (error.status === 423 && error.lock) {
          const { item_id: itemId, locked_by: holderId, locked_by_name: holderName } = error.lock;
          // A ticket's 423 names the ticket in item_id: not one of the orders this hook holds.
          if (!managed.current.includes(itemId)) return;
          held.current.delete(itemId);
          setLock(itemId, { status: 'locked', holderId, holderName, message: error.message });
          void reloadItem(itemId);
        } else if (error.code === 'LOCK_EXPIRED') {
          for (const itemId of managed.current) void take(itemId, true);
        }
      }),
    [reloadItem, setLock, take],
  );

  const forceUnlock = useCallback(
    async (itemId: number) => {
      await workspaceApi.release(itemId, true);
      await take(itemId, true);
    },
    [take],
  );

  return { locks, forceUnlock };
}
