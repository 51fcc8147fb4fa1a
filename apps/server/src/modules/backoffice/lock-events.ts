import type { ChannelHandler } from '../../db/pg-listener.js';

/** The channel an order item's change of holder is announced on (the trigger of migration 0045). */
export const LOCK_CHANNEL = 'item_lock_changed';

/** An item's new holder (null: free). */
export interface LockChange {
  item_id: number;
  locked_by: number | null;
}

/** What an agent's event stream is told: a change, or "read your locks again" (changes may have been missed). */
export type LockEvent = { type: 'lock'; change: LockChange } | { type: 'resync' };

function isLockChange(value: unknown): value is LockChange {
  if (typeof value !== 'object' || value === null) return false;
  const { item_id: itemId, locked_by: lockedBy } = value as Record<string, unknown>;
  return Number.isSafeInteger(itemId) && (lockedBy === null || Number.isSafeInteger(lockedBy));
}

/**
 * Lock changes for the agents' event streams (`GET /api/backoffice/locks/events`; docs/backoffice.md, "Locks that
 * follow the agent"). Every instance hears every change through its LISTEN connection (PgListener), its own included,
 * so there is one path whoever made the change. While that connection is lost `live` is false:
 * the screens then learn of changes at their heartbeat, as before.
 */
export class LockEvents {
  private readonly subscribers = new Set<(event: LockEvent) => void>();
  live = false;

  /** Calls `listener` for every event until the returned function is called. */
  subscribe(listener: (event: LockEvent) => void): () => void {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  get size(): number {
    return this.subscribers.size;
  }

  private publish(event: LockEvent): void {
    for (const listener of this.subscribers) listener(event);
  }

  /** The LISTEN side: notifications in, events out; a reconnection asks the screens to read their locks again. */
  channel(): ChannelHandler {
    return {
      channel: LOCK_CHANNEL,
      notified: (payload) => {
        let change: unknown;
        try {
          change = JSON.parse(payload);
        } catch {
          return;
        }
        if (isLockChange(change)) this.publish({ type: 'lock', change });
      },
      connected: () => {
        this.live = true;
        this.publish({ type: 'resync' });
      },
      lost: () => {
        this.live = false;
        this.publish({ type: 'resync' });
      },
    };
  }
}
