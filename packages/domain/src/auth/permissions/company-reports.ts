import type { PermissionTable } from './permission-areas.js';
import { AGENTS_AND_ADMINS } from './roles.js';

/** Company reports looked up on demand in the back office. */
export const COMPANY_REPORTS_PERMISSIONS = {
  /**
   * Company reports by CIF (informeEconomico, informeSolvencia) looked up on demand. Staff who work the orders only:
   * each lookup may cost money at the provider. Customers get theirs by buying the report (attached to the order).
   */
  'lookups.companyReports': AGENTS_AND_ADMINS,
} as const satisfies PermissionTable;
