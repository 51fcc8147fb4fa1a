import type { PermissionTable } from './permission-areas.js';
import { ANY_ACCOUNT } from './roles.js';

/** One's own account (`/api/me`): every account's, whatever its role. */
export const ACCOUNT_PERMISSIONS = {
  /** Read one's own account (`/api/me`). */
  'account.read': ANY_ACCOUNT,
  /** Own billing data for invoices. */
  'account.billing': ANY_ACCOUNT,
  /** Saved wizard drafts. */
  'account.drafts': ANY_ACCOUNT,
  /** The remembered payment method. */
  'account.paymentPreference': ANY_ACCOUNT,
  /** The customer panel's saved properties, companies, vehicles and documents (one's own; docs/customer-panel.md). */
  'account.savedItems': ANY_ACCOUNT,
  /** One's own name, password and newsletter switch (docs/customer-panel.md, "Account self-service"). */
  'account.profile': ANY_ACCOUNT,
} as const satisfies PermissionTable;
