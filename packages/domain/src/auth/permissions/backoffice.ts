import type { PermissionTable } from './permission-areas.js';
import { AGENTS_AND_ADMINS, STAFF } from './roles.js';

/** Back office: the workspace around the items (queues, tabs, one's own settings) and the orders agents create. */
export const BACKOFFICE_PERMISSIONS = {
  /**
   * Back office: pull the next order from a queue (tabs -1 and -2). The queues hold agents' work; notaries see only
   * notary work, so the queue gives them nothing.
   */
  'backoffice.queue.pull': AGENTS_AND_ADMINS,
  /** Back office: one's own workspace (the open tabs, kept per agent) and My Activity. */
  'backoffice.workspace': STAFF,
  /** Back office: one's own settings ("Mis ajustes": Aircall, Correos, product lists). */
  'backoffice.ownSettings': STAFF,
  // Orders created by agents (docs/backoffice.md, "Orders created by agents").
  /** Create an unpaid order for a customer (new procedure, Create NS, Create QP); the customer pays by link. */
  'backoffice.orders.create': AGENTS_AND_ADMINS,
  /** The person-search lists of a QP item (names, their processing with a maximum) and its localizations. */
  'backoffice.personSearch': AGENTS_AND_ADMINS,
} as const satisfies PermissionTable;
