import { useCallback, useEffect, useRef, useState } from 'react';
import { LOCK_HEARTBEAT_MS } from '@ventanilla/domain';
import { useUser } from '../../../../shared/auth';
import { isApiError } from '../../../../shared/lib/api-client';
import { onMutationError } from '../../../../shared/lib/mutation-errors';
import { useAgents } from '../../items';
import type { LockState } from '../../shared';
import { subscribeLockEvents, type LockEventType } from './lock-event-source';

/** What locks of one kind (order items, tickets) are to `useLeases`: their calls and their events. */
export interface LeaseKind {
  /** The event stream's name for this kind's changes, and the field of its data that names the locked thing. */
  event: LockEventType;
  idField: 'item_id' | 'ticket_id';
  /**
   * Takes or renews the lease (423 with the holder when another agent holds it). An `outcome` other than `taken_over`
   * says the take wrote nothing the screen shows (no reload); without one, the first take reloads.
   */
  take(id: number): Promise<{ expires_at: string; outcome?: string }>;
  /** Gives the lease back; `force` breaks another agent's. */
  release(id: number, force?: boolean): Promise<unknown>;
  /** Reloads what the screen shows of it (a history line written by taking over a lapsed lease, a new holder). */
  reload(id: number): Promise<void>;
  /**
   * Whether writes refused with 423 name this kind (the orders': a ticket's 423 cannot be told from an order's, so
   * only one kind listens).
   */
  watchRefusedWrites: boolean;
}

/**
 * The leases of the order items or tickets open in tabs (docs/backoffice.md, "Locks that follow the agent"), one
 * `kind` at a time (use-item-locks.ts, use-ticket-locks.ts). Only the one the agent is looking at holds its lock: the
 * shown tab's takes it (and renews it every LOCK_HEARTBEAT_MS); a tab left in the background, or the whole page
 * hidden, gives it back after `backgroundMs`, and takes it again when shown (or says who holds it now). Tabs restored
 * at sign-in hold nothing until shown. Other agents' changes arrive at once through the lock event stream (a free one
 * the agent is looking at is taken at once). A write refused with 423 marks it as locked by its holder and reloads it.
 */
export function useLeases(
  kind: LeaseKind,
  itemIds: readonly number[],
  shownItemId: number | null,
  backgroundMs: number,
): { locks: Readonly<Record<number, LockState>>; forceUnlock: (id: number) => Promise<void> } {
  const me = useUser()?.id ?? null;
  const agents = useAgents();
  const [locks, setLocks] = useState<Record<number, LockState>>({});
  /** The items of the open tabs. */
  const open = useRef<readonly number[]>([]);
  /** The items that keep (or take) their lock: the shown one, and those still within their background grace. */
  const live = useRef(new Set<number>());
  const held = useRef(new Set<number>());
  const graceTimers = useRef(new Map<number, number>());
  const [pageVisible, setPageVisible] = useState(() => typeof document === 'undefined' || !document.hidden);
  const idsKey = itemIds.join(',');
  const names = useRef(new Map<number, string>());
  names.current = new Map((agents.data?.items ?? []).map((a) => [a.id, a.name]));

  const setLock = useCallback((itemId: number, state: LockState | null) => {
    setLocks((current) => {
      // The same state again (a heartbeat's renewal, a repeated take) changes nothing: no render of every screen that
      // reads the workspace.
      if (state ? sameLock(current[itemId], state) : !(itemId in current)) return current;
      const next = { ...current };
      if (state) next[itemId] = state;
      else delete next[itemId];
      return next;
    });
  }, []);

  const kindRef = useRef(kind);
  kindRef.current = kind;
  const reloadItem = useCallback((itemId: number) => kindRef.current.reload(itemId), []);

  const lockedBy = useCallback((itemId: number, holderId: number, holderName?: string, message?: string) => {
    held.current.delete(itemId);
    setLocks((current) => {
      const before = current[itemId];
      const kept = before?.status === 'locked' && before.holderId === holderId ? before.message : undefined;
      return {
        ...current,
        [itemId]: {
          status: 'locked',
          holderId,
          holderName: holderName ?? names.current.get(holderId) ?? `#${holderId}`,
          message: message ?? kept,
        },
      };
    });
  }, []);

  const take = useCallback(
    async (itemId: number, first: boolean) => {
      try {
        const lock = await kindRef.current.take(itemId);
        if (!live.current.has(itemId)) {
          // The tab closed or went to the background while the request was on its way: give the lease back at once.
          await kindRef.current.release(itemId).catch(() => undefined);
          return;
        }
        held.current.add(itemId);
        setLock(itemId, { status: 'held' });
        // Taking over a lapsed lease writes a history line: show it (a lease taken fresh or renewed writes nothing).
        if (first && (lock.outcome === undefined || lock.outcome === 'taken_over')) void reloadItem(itemId);
      } catch (error) {
        held.current.delete(itemId);
        if (!live.current.has(itemId)) return;
        if (isApiError(error, 423) && error.lock) {
          lockedBy(itemId, error.lock.locked_by, error.lock.locked_by_name);
        } else if (first || !isApiError(error) || error.status !== 0) {
          setLock(itemId, { status: 'error', error });
        }
      }
    },
    [lockedBy, reloadItem, setLock],
  );

  /** Gives the item's lease back (its tab closed or stayed in the background) and stops keeping it. */
  const letGo = useCallback((itemId: number) => {
    live.current.delete(itemId);
    window.clearTimeout(graceTimers.current.get(itemId));
    graceTimers.current.delete(itemId);
    if (held.current.delete(itemId)) void kindRef.current.release(itemId).catch(() => undefined);
  }, []);

  // The open tabs: a closed one gives its lease back at once; a new one shows "not locked" until it is shown.
  useEffect(() => {
    const ids = idsKey ? idsKey.split(',').map(Number) : [];
    const before = open.current;
    open.current = ids;
    for (const itemId of before) {
      if (ids.includes(itemId)) continue;
      letGo(itemId);
      setLock(itemId, null);
    }
    for (const itemId of ids) {
      if (!before.includes(itemId) && !live.current.has(itemId)) setLock(itemId, { status: 'background' });
    }
  }, [idsKey, letGo, setLock]);

  // The shown item takes its lock; the one shown before keeps it for `backgroundMs`, then gives it back.
  const shown = pageVisible && shownItemId !== null && itemIds.includes(shownItemId) ? shownItemId : null;
  const shownRef = useRef<number | null>(shown);
  shownRef.current = shown;
  useEffect(() => {
    if (shown !== null) {
      window.clearTimeout(graceTimers.current.get(shown));
      graceTimers.current.delete(shown);
      if (!live.current.has(shown) || !held.current.has(shown)) {
        live.current.add(shown);
        setLock(shown, { status: 'taking' });
        void take(shown, true);
      }
    }
    for (const itemId of live.current) {
      if (itemId === shown || graceTimers.current.has(itemId)) continue;
      graceTimers.current.set(
        itemId,
        window.setTimeout(() => {
          graceTimers.current.delete(itemId);
          if (itemId === shownRef.current) return;
          letGo(itemId);
          if (open.current.includes(itemId)) setLock(itemId, { status: 'background' });
        }, backgroundMs),
      );
    }
  }, [shown, backgroundMs, letGo, setLock, take]);

  // The page hidden (another browser tab, a minimised window) counts as the background too.
  useEffect(() => {
    const onVisibility = () => setPageVisible(!document.hidden);
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  // Leaving the back office gives every lease back.
  useEffect(
    () => () => {
      for (const itemId of [...live.current]) letGo(itemId);
    },
    [letGo],
  );

  // The heartbeat: renew the kept leases (and try again where another agent held the item).
  useEffect(() => {
    const timer = window.setInterval(() => {
      for (const itemId of live.current) void take(itemId, false);
    }, LOCK_HEARTBEAT_MS);
    return () => window.clearInterval(timer);
  }, [take]);

  // Other agents' lock changes, as they happen: a free item being looked at is taken at once; one taken by someone
  // else says who. "resync": changes may have been missed (the server's connection came back): ask again.
  useEffect(
    () =>
      subscribeLockEvents(
        kind.event,
        (change) => {
          const itemId = Number(change[kind.idField]);
          if (!open.current.includes(itemId) || change.locked_by === me) return;
          if (change.locked_by === null) {
            if (held.current.delete(itemId)) {
              // Freed while this page held it: someone forced it (and is taking it now). Not taken back: the next event
              // (or the heartbeat, if nobody takes it) says who holds it.
              setLock(itemId, { status: 'taking' });
            } else if (live.current.has(itemId)) void take(itemId, true);
            else setLock(itemId, { status: 'background' });
          } else if (typeof change.locked_by === 'number') {
            lockedBy(itemId, change.locked_by);
            void reloadItem(itemId);
          }
        },
        () => {
          for (const itemId of live.current) void take(itemId, false);
        },
      ),
    [kind.event, kind.idField, me, lockedBy, reloadItem, setLock, take],
  );

  // A write refused because another agent holds the item: the lock message, and the item reloaded.
  useEffect(
    () =>
      onMutationError((error) => {
        if (!kindRef.current.watchRefusedWrites || !isApiError(error)) return;
        if (error.status === 423 && error.lock) {
          const { item_id: itemId, locked_by: holderId, locked_by_name: holderName } = error.lock;
          // A ticket's 423 names the ticket in item_id: not one of the orders this hook holds.
          if (!open.current.includes(itemId)) return;
          lockedBy(itemId, holderId, holderName, error.message);
          void reloadItem(itemId);
        } else if (error.code === 'LOCK_EXPIRED') {
          for (const itemId of live.current) void take(itemId, true);
        }
      }),
    [lockedBy, reloadItem, take],
  );

  const forceUnlock = useCallback(
    async (itemId: number) => {
      await kindRef.current.release(itemId, true);
      live.current.add(itemId);
      await take(itemId, true);
    },
    [take],
  );

  return { locks, forceUnlock };
}

/** Whether two lock states read the same on screen (an error is always news). */
function sameLock(a: LockState | undefined, b: LockState): boolean {
  if (!a || a.status !== b.status) return false;
  if (a.status === 'locked' && b.status === 'locked') {
    return a.holderId === b.holderId && a.holderName === b.holderName && a.message === b.message;
  }
  return a.status !== 'error';
}
