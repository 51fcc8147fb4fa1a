import type { ChannelHandler } from '../../db/pg-listener.js';

/** The channel a change of holder of an order item or a ticket is announced on (the triggers of migrations 0045, 0051). */
export const LOCK_CHANNEL = 'lock_changed';

/** An order item's new holder (null: free). */
export interface LockChange {
  item_id: number;
  locked_by: number | null;
}

/** A ticket's new holder (null: free). */
export interface TicketLockChange {
  ticket_id: number;
  locked_by: number | null;
}

/**
 * What an agent's event stream is told: an item's change (`lock`), a ticket's (`ticket-lock`), or "read your locks
 * again" (changes may have been missed).
 */
export type LockEvent =
  { type: 'lock'; change: LockChange } | { type: 'ticket-lock'; change: TicketLockChange } | { type: 'resync' };

/** The event a notification's payload tells: exactly one integer id (item_id or ticket_id) and the holder. */
function lockEventOf(value: unknown): LockEvent | null {
  if (typeof value !== 'object' || value === null) return null;
  const { item_id: itemId, ticket_id: ticketId, locked_by: lockedBy } = value as Record<string, unknown>;
  if (!(lockedBy === null || Number.isSafeInteger(lockedBy))) return null;
  const holder = lockedBy as number | null;
  if (Number.isSafeInteger(itemId) && ticketId === undefined) {
    return { type: 'lock', change: { item_id: itemId as number, locked_by: holder } };
  }
  if (Number.isSafeInteger(ticketId) && itemId === undefined) {
    return { type: 'ticket-lock', change: { ticket_id: ticketId as number, locked_by: holder } };
  }
  return null;
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
        const event = lockEventOf(change);
        if (event) this.publish(event);
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
