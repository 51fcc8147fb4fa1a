import type { PermissionTable } from './permission-areas.js';
import { AGENTS_AND_ADMINS, ANY_ACCOUNT } from './roles.js';

/** Orders: placing them, one's own orders in the customer panel, and refunds. */
export const ORDERS_PERMISSIONS = {
  /** Check out the cart, pay or retry paying one's own order, follow its payment. */
  'orders.place': ANY_ACCOUNT,
  /** One's own orders, delivered documents, invoices and credit notes. */
  'orders.readOwn': ANY_ACCOUNT,
  /** Correct the answers of one's own order while it is not being worked. */
  'orders.correctOwnAnswers': ANY_ACCOUNT,
  /** Withdraw from one's own order not yet performed, within the 14 days (docs/withdrawal.md). */
  'orders.withdrawOwn': ANY_ACCOUNT,
  /** Send documents (an identity document, anything an agent asked for) to one's own order (pushFilesToPedido). */
  'orders.sendDocumentsOwn': ANY_ACCOUNT,
  /** Read the incident of one's own order item and answer it with a message and files. */
  'orders.answerIncidence': ANY_ACCOUNT,
  /** One's own QP items' person-search lists: list, add people, send them for searching (docs/customer-panel.md). */
  'orders.personSearchOwn': ANY_ACCOUNT,
  /** Refund part or all of a paid order. */
  'orders.refund': AGENTS_AND_ADMINS,
} as const satisfies PermissionTable;
