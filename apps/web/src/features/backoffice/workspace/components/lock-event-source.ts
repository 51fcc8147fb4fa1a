/** Where the lock changes of every agent arrive as they are committed (server-sent events). */
export const LOCK_EVENTS_URL = '/api/backoffice/locks/events';

/** The stream's events of a change of holder: an order item's (`lock`) or a ticket's (`ticket-lock`). */
export type LockEventType = 'lock' | 'ticket-lock';

/** A change as the stream tells it: the id field of its kind, and the new holder (null: free). */
export type LockChangeData = Partial<Record<'item_id' | 'ticket_id', unknown>> & { locked_by?: unknown };

interface Subscriber {
  type: LockEventType;
  changed: (change: LockChangeData) => void;
  resync: () => void;
}

// One stream per page, whatever listens to it: each open stream keeps a connection, and browsers allow few per host.
let source: EventSource | null = null;
const subscribers = new Set<Subscriber>();

function open(): EventSource {
  const events = new EventSource(LOCK_EVENTS_URL);
  for (const type of ['lock', 'ticket-lock'] as const) {
    events.addEventListener(type, (event) => {
      let change: LockChangeData;
      try {
        change = JSON.parse((event as MessageEvent<string>).data) as LockChangeData;
      } catch {
        return;
      }
      for (const subscriber of [...subscribers]) if (subscriber.type === type) subscriber.changed(change);
    });
  }
  // Changes may have been missed (the server's connection came back): every listener asks again.
  events.addEventListener('resync', () => {
    for (const subscriber of [...subscribers]) subscriber.resync();
  });
  return events;
}

/**
 * Listens to the lock changes of one kind (and to "resync") on the page's one event stream, opened with the first
 * listener and closed with the last. Returns the unsubscribe function. Without EventSource, nothing is heard.
 */
export function subscribeLockEvents(
  type: LockEventType,
  changed: (change: LockChangeData) => void,
  resync: () => void,
): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const subscriber = { type, changed, resync };
  subscribers.add(subscriber);
  source ??= open();
  return () => {
    subscribers.delete(subscriber);
    if (subscribers.size === 0) {
      source?.close();
      source = null;
    }
  };
}
