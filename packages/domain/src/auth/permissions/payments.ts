import type { PermissionTable } from './permission-areas.js';
import { AGENTS_AND_ADMINS, STAFF } from './roles.js';

/** Payments in the back office: reading an order's, confirming a transfer. */
export const PAYMENTS_PERMISSIONS = {
  /** Back office: an order's payments. */
  'backoffice.payments.read': STAFF,
  /** Confirm that a bank transfer arrived (pays the order). */
  'payments.confirmTransfer': AGENTS_AND_ADMINS,
} as const satisfies PermissionTable;
