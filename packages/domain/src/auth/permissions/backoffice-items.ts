import type { PermissionTable } from './permission-areas.js';
import { AGENTS_AND_ADMINS, STAFF } from './roles.js';

/** Back office: the order items and the work on each. */
export const BACKOFFICE_ITEMS_PERMISSIONS = {
  /** Back office: the order items list, an item's detail, the statuses, an item's documents. */
  'backoffice.items.read': STAFF,
  /** Back office: change an item's status; save, pin, unpin and delete notes; upload and delete documents. */
  'backoffice.items.work': STAFF,
  /**
   * Back office: finish an item ("finish", "finish and stop": set the result, release the lock, pull the next). Notaries
   * too, on notary work (items in the notary statuses, `isNotaryWork`), like every item action they may do.
   */
  'backoffice.items.finish': STAFF,
  /** Back office: set an item's reference (notaries set their protocol number on notary work). */
  'backoffice.items.reference': STAFF,
  /** Back office: close an item, or mark it "not processing" with a reason. */
  'backoffice.items.close': AGENTS_AND_ADMINS,
  /** Back office: postpone an item (out of the queue until a time) or take it back. */
  'backoffice.items.postpone': AGENTS_AND_ADMINS,
  /** Back office: delegate an item to another agent (the queue gives it to nobody else). */
  'backoffice.items.delegate': AGENTS_AND_ADMINS,
  /** Back office: an item's priority, deadline and provider (how the queue and the work are planned). */
  'backoffice.items.plan': AGENTS_AND_ADMINS,
  /** Back office: the status the customer sees (client_status_id) set by hand; the customer is told by e-mail. */
  'backoffice.items.clientStatus': AGENTS_AND_ADMINS,
  /** Back office: an item's attributes (spec: atributos, key/value). */
  'backoffice.items.attributes': AGENTS_AND_ADMINS,
  /** Back office: leads (unpaid items): resend the lead, close it as lost. */
  'backoffice.items.leads': AGENTS_AND_ADMINS,
  /** Back office: break another agent's lock on an item (spec: "forced unlocked by agents"; notaries do not). */
  'backoffice.items.forceUnlock': AGENTS_AND_ADMINS,
} as const satisfies PermissionTable;
