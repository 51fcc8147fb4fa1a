import { describe, expect, it } from 'vitest';
import { LockEvents, type LockEvent } from './lock-events.js';

// What the LISTEN side makes of a notification on lock_changed: an order item's change, a ticket's, or nothing (a
// payload it cannot read whole is dropped, never half-told).
function heard(payload: string): LockEvent[] {
  const events = new LockEvents();
  const told: LockEvent[] = [];
  events.subscribe((event) => told.push(event));
  events.channel().notified(payload);
  return told;
}

describe('LockEvents', () => {
  it.each<[string, LockEvent]>([
    ['{"item_id":41,"locked_by":3}', { type: 'lock', change: { item_id: 41, locked_by: 3 } }],
    ['{"item_id":41,"locked_by":null}', { type: 'lock', change: { item_id: 41, locked_by: null } }],
    ['{"ticket_id":7,"locked_by":3}', { type: 'ticket-lock', change: { ticket_id: 7, locked_by: 3 } }],
    ['{"ticket_id":7,"locked_by":null}', { type: 'ticket-lock', change: { ticket_id: 7, locked_by: null } }],
  ])('%s is told as %j', (payload, event) => {
    expect(heard(payload)).toEqual([event]);
  });

  it.each([
    '{"item_id":41,"ticket_id":7,"locked_by":3}',
    '{"ticket_id":"7","locked_by":3}',
    '{"ticket_id":7.5,"locked_by":3}',
    '{"ticket_id":7,"locked_by":"3"}',
    '{"ticket_id":7}',
    '{"locked_by":3}',
    'null',
    '[]',
    'not json',
  ])('%s is not told', (payload) => {
    expect(heard(payload)).toEqual([]);
  });
});
