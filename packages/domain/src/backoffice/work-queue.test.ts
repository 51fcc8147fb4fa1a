import { describe, expect, it } from 'vitest';
import { PANEL_STATUS_IDS } from '../orders/panel-status.js';
import { LOCK_LEASE_MS } from './item-lock.js';
import {
  compareQueueOrder,
  isWorkStatus,
  nextInQueue,
  QUEUE_ORDER,
  queueEligibility,
  queueForStore,
  type QueueCandidate,
  type QueueIneligibility,
} from './work-queue.js';

const NOW = new Date('2026-05-04T09:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
const AGENT = 7;
const OTHER = 8;

function item(overrides: Partial<QueueCandidate> = {}): QueueCandidate {
  return {
    itemId: 1,
    storeId: 1,
    panelStatusId: 40,
    priority: 0,
    deadlineAt: null,
    standbyUntil: null,
    createdAt: minutes(-60),
    asigneeId: null,
    lock: null,
    ...overrides,
  };
}

describe('work statuses (docs/backoffice.md: the queue)', () => {
  it('exactly 20, 40, 80, 99 and 103 of the 24 statuses are work', () => {
    expect(PANEL_STATUS_IDS.filter(isWorkStatus)).toEqual([20, 40, 80, 99, 103]);
  });

  it.each([0, 10, 30, 50, 60, 70, 90, 97, 98, 100, 101, 102, 110, 120, 1000, 1001, 1002, 1003, 1004, 41, -1])(
    'status %s waits on someone else, is parked or finished',
    (status) => {
      expect(isWorkStatus(status)).toBe(false);
    },
  );
});

describe('queues by store (spec: Portuguese stores 16, 26, 28)', () => {
  it.each([
    [16, 'portugal'],
    [26, 'portugal'],
    [28, 'portugal'],
    [1, 'default'],
    [9, 'default'],
    [12, 'default'],
    [17, 'default'],
    [25, 'default'],
  ] as const)('store %s -> %s', (store, queue) => {
    expect(queueForStore(store)).toBe(queue);
  });
});

describe('eligibility', () => {
  const context = { queue: 'default' as const, agentId: AGENT, now: NOW };
  const liveLock = (holderId: number) => ({ holderId, acquiredAt: minutes(-1), expiresAt: minutes(1) });
  const lapsedLock = { holderId: OTHER, acquiredAt: minutes(-10), expiresAt: NOW };

  it.each<[string, Partial<QueueCandidate>, QueueIneligibility | null]>([
    ['a pending item of store 1', {}, null],
    ['status 80 responded', { panelStatusId: 80 }, null],
    ['status 60 waits on the customer', { panelStatusId: 60 }, 'not_work'],
    ['status 0 unpaid', { panelStatusId: 0 }, 'not_work'],
    ['a Portuguese item', { storeId: 16 }, 'other_queue'],
    ['locked by another agent', { lock: liveLock(OTHER) }, 'locked'],
    ['locked by the agent in another tab', { lock: liveLock(AGENT) }, 'locked'],
    ['a lapsed lease does not hold it', { lock: lapsedLock }, null],
    ['postponed until later', { standbyUntil: minutes(1) }, 'postponed'],
    ['standby ends right now', { standbyUntil: NOW }, null],
    ['standby elapsed', { standbyUntil: minutes(-5) }, null],
    ['delegated to another agent', { asigneeId: OTHER }, 'assigned_to_other'],
    ['delegated to this agent', { asigneeId: AGENT }, null],
  ])('%s -> %s', (_, overrides, reason) => {
    const result = queueEligibility(item(overrides), context);
    expect(result).toEqual(reason === null ? { eligible: true } : { eligible: false, reason });
  });

  it('the Portugal queue takes stores 16, 26, 28 only', () => {
    const pt = { ...context, queue: 'portugal' as const };
    expect(queueEligibility(item({ storeId: 28 }), pt)).toEqual({ eligible: true });
    expect(queueEligibility(item({ storeId: 1 }), pt)).toEqual({ eligible: false, reason: 'other_queue' });
  });
});

describe('queue order: priority, deadline, standby elapsed, age', () => {
  it.each<[string, Partial<QueueCandidate>, Partial<QueueCandidate>]>([
    ['higher priority first', { priority: 2, createdAt: minutes(-1) }, { priority: 1, createdAt: minutes(-600) }],
    ['priority beats deadline', { priority: 1 }, { priority: 0, deadlineAt: minutes(-100) }],
    ['earlier deadline first', { deadlineAt: minutes(10) }, { deadlineAt: minutes(20), createdAt: minutes(-600) }],
    ['a deadline before none', { deadlineAt: minutes(10_000) }, { deadlineAt: null, createdAt: minutes(-600) }],
    ['deadline beats standby', { deadlineAt: minutes(5) }, { standbyUntil: minutes(-5) }],
    ['elapsed standby before never postponed', { standbyUntil: minutes(-1), createdAt: minutes(-1) }, {}],
    [
      'longest overdue standby first',
      { standbyUntil: minutes(-30) },
      { standbyUntil: minutes(-5), createdAt: minutes(-600) },
    ],
    ['older first', { createdAt: minutes(-120) }, { createdAt: minutes(-60) }],
    ['lower item id breaks ties', { itemId: 1 }, { itemId: 2 }],
  ])('%s', (_, first, second) => {
    const a = item({ itemId: 10, ...first });
    const b = item({ itemId: 20, ...second });
    expect(compareQueueOrder(a, b)).toBeLessThan(0);
    expect(compareQueueOrder(b, a)).toBeGreaterThan(0);
  });

  it('is a total order: only an item compared with itself is equal', () => {
    const a = item();
    expect(compareQueueOrder(a, { ...a })).toBe(0);
  });

  it('QUEUE_ORDER lists the same keys for the SQL', () => {
    expect(QUEUE_ORDER.map((k) => `${k.column} ${k.direction} nulls ${k.nulls}`)).toEqual([
      'priority desc nulls last',
      'deadline_at asc nulls last',
      'standby_until asc nulls last',
      'created_at asc nulls last',
      'item_id asc nulls last',
    ]);
  });

  it('sorting a shuffled list gives the documented order', () => {
    const expected = [
      item({ itemId: 1, priority: 5 }),
      item({ itemId: 2, deadlineAt: minutes(30) }),
      item({ itemId: 3, deadlineAt: minutes(90) }),
      item({ itemId: 4, standbyUntil: minutes(-20) }),
      item({ itemId: 5, createdAt: minutes(-300) }),
      item({ itemId: 6, createdAt: minutes(-200) }),
      item({ itemId: 7, createdAt: minutes(-200) }),
    ];
    const shuffled = [expected[4]!, expected[6]!, expected[0]!, expected[3]!, expected[5]!, expected[2]!, expected[1]!];
    expect([...shuffled].sort(compareQueueOrder).map((i) => i.itemId)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('nextInQueue', () => {
  const context = { queue: 'default' as const, agentId: AGENT, now: NOW };

  it('nothing waiting -> null (the API answers 204)', () => {
    expect(nextInQueue([], context)).toBeNull();
    expect(nextInQueue([item({ panelStatusId: 60 }), item({ storeId: 16 })], context)).toBeNull();
  });

  it('gives the first eligible item in queue order, skipping ineligible better ones', () => {
    const items = [
      item({ itemId: 1, priority: 9, lock: { holderId: OTHER, acquiredAt: NOW, expiresAt: minutes(2) } }),
      item({ itemId: 2, priority: 9, standbyUntil: minutes(60) }),
      item({ itemId: 3, priority: 1 }),
      item({ itemId: 4, priority: 1, createdAt: minutes(-600), storeId: 26 }),
      item({ itemId: 5, priority: 0, createdAt: minutes(-900) }),
    ];
    expect(nextInQueue(items, context)?.itemId).toBe(3);
  });

  it('an item whose lease lapsed comes back to the queue', () => {
    const lock = { holderId: OTHER, acquiredAt: NOW, expiresAt: new Date(NOW.getTime() + LOCK_LEASE_MS) };
    const items = [item({ itemId: 1, lock })];
    expect(nextInQueue(items, context)).toBeNull();
    expect(nextInQueue(items, { ...context, now: lock.expiresAt })?.itemId).toBe(1);
  });
});
