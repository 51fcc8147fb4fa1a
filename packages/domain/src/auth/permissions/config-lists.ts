import type { PermissionTable } from './permission-areas.js';
import { ADMINS, AGENTS_AND_ADMINS, STAFF } from './roles.js';

/** The configuration lists, and the provider payments' files kept with them. */
export const CONFIG_LISTS_PERMISSIONS = {
  /** Configuration lists (registries, conservatórias, notaries, providers, ...): list, read, history, CSV export. */
  'configLists.read': STAFF,
  /** Configuration lists: create, edit, delete or deactivate, CSV import. */
  'configLists.edit': ADMINS,
  /** Provider payments' files (invoices, receipts): list and download. Money matters: not notaries. */
  'providerPayments.files.read': AGENTS_AND_ADMINS,
  /** Provider payments' files: upload and delete (like every configuration list change, admins). */
  'providerPayments.files.edit': ADMINS,
} as const satisfies PermissionTable;
