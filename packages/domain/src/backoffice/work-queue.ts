import { type PanelStatusId } from '../orders/panel-status.js';
import { PORTUGUESE_PRODUCT_STORES } from '../stores/stores.js';
import { isLockLive, type ItemLock } from './item-lock.js';

/*
 * The pulled queue behind the auto-assign tabs -1 (default) and -2 (Portugal) (spec: "Opening item -1 assigns the next
 * order automatically and locks it"). Which items are work, which of them an agent may be given, and in which order.
 * The server's SQL follows QUEUE_ORDER; nextInQueue is the same rule over a list, for the tests and small stores.
 */

/**
 * Panel statuses in which an agent must act now (docs/backoffice.md, "The queue"):
 * 20 En evaluación (the order needs checking), 40 Pendiente (paid, untouched, or the customer answered an incident),
 * 80 Respondido (the registry answered: check and deliver), 99 Pre-Procesado (pt) (prepared, to be finished),
 * 103 Procesado (con email de cliente) (the customer wrote after processing: read and reply).
 * Everything else waits on someone else (payment 0, a robot 30, the registry 50/102, the customer 60, a provider 97,
 * a notary 98 and 1000-1004), is deliberately parked (10 En espera, 90 Programado) or is finished (70, 100, 101, 110, 120).
 */
export const WORK_STATUSES: readonly PanelStatusId[] = [20, 40, 80, 99, 103];

/** Whether an item in this panel status is work for the queue. */
export function isWorkStatus(panelStatusId: number): boolean {
  return (WORK_STATUSES as readonly number[]).includes(panelStatusId);
}

/** The two queues: -1 takes `default`, -2 ("Portugal CP & IPS") takes `portugal`. */
export type QueueName = 'default' | 'portugal';
export const QUEUE_NAMES: readonly QueueName[] = ['default', 'portugal'];

/** The queue an item belongs to by its order's store: Portuguese stores 16, 26, 28 -> portugal, any other -> default. */
export function queueForStore(storeId: number): QueueName {
  return PORTUGUESE_PRODUCT_STORES.includes(storeId) ? 'portugal' : 'default';
}

/** An item as the queue sees it. */
export interface QueueCandidate {
  itemId: number;
  storeId: number;
  panelStatusId: number;
  /** Higher first; 0 is normal. */
  priority: number;
  deadlineAt: Date | null;
  /** Postponed until then (the postpone action): out of the queue before it. */
  standbyUntil: Date | null;
  createdAt: Date;
  /** Delegated to this agent: only they are given it. */
  asigneeId: number | null;
  lock: ItemLock | null;
}

export type QueueIneligibility = 'not_work' | 'other_queue' | 'locked' | 'postponed' | 'assigned_to_other';

export type QueueEligibility = { eligible: true } | { eligible: false; reason: QueueIneligibility };

/**
 * Whether `agentId` pulling from `queue` at `now` may be given the item: a work status, the queue of its store, no live
 * lease (anyone's: an item the agent already holds is open in their tab), its standby elapsed (standby_until <= now),
 * and not delegated to another agent.
 */
export function queueEligibility(
  item: QueueCandidate,
  context: { queue: QueueName; agentId: number; now: Date },
): QueueEligibility {
  if (!isWorkStatus(item.panelStatusId)) return { eligible: false, reason: 'not_work' };
  if (queueForStore(item.storeId) !== context.queue) return { eligible: false, reason: 'other_queue' };
  if (isLockLive(item.lock, context.now)) return { eligible: false, reason: 'locked' };
  if (item.standbyUntil && item.standbyUntil.getTime() > context.now.getTime()) {
    return { eligible: false, reason: 'postponed' };
  }
  if (item.asigneeId != null && item.asigneeId !== context.agentId) {
    return { eligible: false, reason: 'assigned_to_other' };
  }
  return { eligible: true };
}

/** One key of the queue order, as the server writes it in SQL (`ORDER BY priority DESC, deadline_at ASC NULLS LAST, ...`). */
export interface QueueOrderKey {
  column: 'priority' | 'deadline_at' | 'standby_until' | 'created_at' | 'item_id';
  direction: 'asc' | 'desc';
  nulls: 'first' | 'last';
}

/**
 * The queue order, most urgent first:
 * 1. priority, highest first;
 * 2. deadline, earliest first; items without a deadline after those with one;
 * 3. standby elapsed: postponed items whose time has come, the longest overdue first, before never-postponed ones
 *    (only elapsed standbys reach the order: the others are not eligible);
 * 4. age: the oldest item first;
 * 5. item id, so the order is total and every database agrees.
 */
export const QUEUE_ORDER: readonly QueueOrderKey[] = [
  { column: 'priority', direction: 'desc', nulls: 'last' },
  { column: 'deadline_at', direction: 'asc', nulls: 'last' },
  { column: 'standby_until', direction: 'asc', nulls: 'last' },
  { column: 'created_at', direction: 'asc', nulls: 'last' },
  { column: 'item_id', direction: 'asc', nulls: 'last' },
];

function compareNullableDates(a: Date | null, b: Date | null): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a.getTime() - b.getTime();
}

/** Comparator for QUEUE_ORDER: negative when `a` is to be worked before `b`. */
export function compareQueueOrder(a: QueueCandidate, b: QueueCandidate): number {
  return (
    b.priority - a.priority ||
    compareNullableDates(a.deadlineAt, b.deadlineAt) ||
    compareNullableDates(a.standbyUntil, b.standbyUntil) ||
    a.createdAt.getTime() - b.createdAt.getTime() ||
    a.itemId - b.itemId
  );
}

/** The item the agent is given next, or null when nothing is waiting (the API's 204). */
export function nextInQueue(
  items: readonly QueueCandidate[],
  context: { queue: QueueName; agentId: number; now: Date },
): QueueCandidate | null {
  let best: QueueCandidate | null = null;
  for (const item of items) {
    if (!queueEligibility(item, context).eligible) continue;
    if (best === null || compareQueueOrder(item, best) < 0) best = item;
  }
  return best;
}
