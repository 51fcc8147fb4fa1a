import type { PermissionTable } from './permission-areas.js';
import { AGENTS_AND_ADMINS } from './roles.js';

/** The mailbox: what the shop has sent or will send to customers. */
export const MAILBOX_PERMISSIONS = {
  /** The mailbox: what the shop has sent or will send to customers. */
  'mailbox.read': AGENTS_AND_ADMINS,
  /** Queue a failed email again. */
  'mailbox.retry': AGENTS_AND_ADMINS,
} as const satisfies PermissionTable;
