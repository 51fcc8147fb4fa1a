import type { PermissionTable } from './permission-areas.js';
import { AGENTS_AND_ADMINS } from './roles.js';

/** Back-office statistics. */
export const STATISTICS_PERMISSIONS = {
  /** Back-office statistics: orders, revenue, queue age, agents' throughput, refunds (notaries see notary work only). */
  'statistics.read': AGENTS_AND_ADMINS,
} as const satisfies PermissionTable;
