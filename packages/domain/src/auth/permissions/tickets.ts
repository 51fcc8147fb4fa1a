import type { PermissionTable } from './permission-areas.js';
import { AGENTS_AND_ADMINS } from './roles.js';

/** Back office: the tickets (customers' mail). Not notaries. */
export const TICKETS_PERMISSIONS = {
  /** Back office: the tickets (customers' mail): list, read a thread, download its attachments. Not notaries. */
  'tickets.read': AGENTS_AND_ADMINS,
  /**
   * Back office: work tickets: lock, reply, write first, close, convert to a lead, delegate, link an order, notes,
   * postpone, pull the tickets queue.
   */
  'tickets.work': AGENTS_AND_ADMINS,
} as const satisfies PermissionTable;
