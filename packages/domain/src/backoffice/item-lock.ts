/*
 * The exclusive lock on an order item, held as a lease (spec: "Order tabs and locking"; docs/backoffice.md, "Locks").
 * An agent takes it when opening the item, an open tab renews it with a heartbeat, closing or logging out releases it,
 * and a lease nobody renews lapses on its own. Time always comes in as `now`, so tests inject the clock.
 */

import { can } from '../auth/permissions.js';

/** A lock as stored on the item: who holds it and until when. */
export interface ItemLock {
  holderId: number;
  acquiredAt: Date;
  expiresAt: Date;
}

/** How long a lease lasts after it is taken or renewed. */
export const LOCK_LEASE_MS = 2 * 60 * 1000;
/** How often an open tab renews its lease: a quarter of the lease, so three lost heartbeats in a row still keep it. */
export const LOCK_HEARTBEAT_MS = LOCK_LEASE_MS / 4;

/** Whether a lock is held right now: it exists and `now` is before its end (the end itself is already free). */
export function isLockLive(lock: ItemLock | null | undefined, now: Date): boolean {
  return lock != null && now.getTime() < lock.expiresAt.getTime();
}

/** Another agent holds a live lease: the spec's lock message, naming the holder (HTTP 423). */
export interface LockedByOther {
  ok: false;
  reason: 'locked_by_other';
  holderId: number;
  expiresAt: Date;
}

export type WriteCheck =
  /** `held`: the writer's own live lease; `none`: nobody holds a live lease (no lock, or someone else's lapsed one). */
  | { ok: true; lock: 'held' | 'none' }
  | LockedByOther
  /** The writer's own lease lapsed: take it again (renewLock) before writing, after reloading if the item changed. */
  | { ok: false; reason: 'expired'; expiredAt: Date };

/**
 * May this agent write to the item now? Yes with their own live lease or when nobody holds one; no when another agent
 * holds a live lease; "expired" when the agent's own lease lapsed. Every write also carries the version it was based
 * on: the lock keeps agents apart, the version check makes sure nothing is lost silently.
 */
export function canWrite(agentId: number, lock: ItemLock | null | undefined, now: Date): WriteCheck {
  if (lock != null && isLockLive(lock, now)) {
    return lock.holderId === agentId
      ? { ok: true, lock: 'held' }
      : { ok: false, reason: 'locked_by_other', holderId: lock.holderId, expiresAt: lock.expiresAt };
  }
  if (lock != null && lock.holderId === agentId) return { ok: false, reason: 'expired', expiredAt: lock.expiresAt };
  return { ok: true, lock: 'none' };
}

export type LockTake =
  /**
   * `acquired`: the item was free; `renewed`: the agent's own live lease was extended (acquiredAt kept);
   * `reacquired`: the agent's own lapsed lease was taken again; `taken_over`: another agent's lapsed lease was replaced
   * (`previousHolderId`, for the history).
   */
  | { ok: true; outcome: 'acquired' | 'renewed' | 'reacquired'; lock: ItemLock }
  | { ok: true; outcome: 'taken_over'; lock: ItemLock; previousHolderId: number }
  | LockedByOther;

/** Takes or renews the lease (opening the item, autoLock, the queue, the heartbeat): a fresh LOCK_LEASE_MS from now. */
export function takeLock(
  agentId: number,
  lock: ItemLock | null | undefined,
  now: Date,
  leaseMs: number = LOCK_LEASE_MS,
): LockTake {
  const expiresAt = new Date(now.getTime() + leaseMs);
  if (lock != null && isLockLive(lock, now)) {
    if (lock.holderId !== agentId) {
      return { ok: false, reason: 'locked_by_other', holderId: lock.holderId, expiresAt: lock.expiresAt };
    }
    return { ok: true, outcome: 'renewed', lock: { holderId: agentId, acquiredAt: lock.acquiredAt, expiresAt } };
  }
  const fresh: ItemLock = { holderId: agentId, acquiredAt: now, expiresAt };
  if (lock == null) return { ok: true, outcome: 'acquired', lock: fresh };
  if (lock.holderId === agentId) return { ok: true, outcome: 'reacquired', lock: fresh };
  return { ok: true, outcome: 'taken_over', lock: fresh, previousHolderId: lock.holderId };
}

/** Staff roles (spec section 6: admin, agent, notary). */
export type StaffRole = 'agent' | 'admin' | 'notary';

/**
 * Who may force another agent's lock open (spec: "Orders can be locked, delegated, forced unlocked by agents"):
 * agents and admins. Notaries work their notary items and do not break an agent's lock.
 */
export const FORCE_UNLOCK_ROLES: readonly StaffRole[] = (['agent', 'admin', 'notary'] as const).filter((role) =>
  can(role, 'backoffice.items.forceUnlock'),
);

/** Whether a role may force an unlock (the permission table's `backoffice.items.forceUnlock`). */
export function mayForceUnlock(role: StaffRole): boolean {
  return can(role, 'backoffice.items.forceUnlock');
}

export type LockRelease =
  /** `not_locked`: no live lease to release (a no-op, so closing a tab twice is harmless); `released`: the agent's own. */
  | { ok: true; outcome: 'not_locked' | 'released' }
  /** Another agent's live lease broken on purpose: record it in the history with `previousHolderId`. */
  | { ok: true; outcome: 'forced'; previousHolderId: number }
  | LockedByOther
  /** `force` asked by a role that may not force. */
  | { ok: false; reason: 'force_not_allowed' };

/**
 * Releases the lease (closing the tab, logout, `DELETE .../lock`). Someone else's live lease needs `force`, which
 * only FORCE_UNLOCK_ROLES may use.
 */
export function releaseLock(
  agent: { id: number; role: StaffRole },
  lock: ItemLock | null | undefined,
  now: Date,
  options: { force?: boolean } = {},
): LockRelease {
  if (lock == null || !isLockLive(lock, now)) return { ok: true, outcome: 'not_locked' };
  if (lock.holderId === agent.id) return { ok: true, outcome: 'released' };
  if (!options.force)
    return { ok: false, reason: 'locked_by_other', holderId: lock.holderId, expiresAt: lock.expiresAt };
  if (!mayForceUnlock(agent.role)) return { ok: false, reason: 'force_not_allowed' };
  return { ok: true, outcome: 'forced', previousHolderId: lock.holderId };
}
