import type { PermissionTable } from './permission-areas.js';
import { ADMINS, STAFF } from './roles.js';

/** E-mail and incidence templates. */
export const TEMPLATES_PERMISSIONS = {
  /** E-mail and incidence templates: list them and preview them (agents pick one to send). */
  'templates.read': STAFF,
  /** Create, edit and delete e-mail and incidence templates. */
  'templates.edit': ADMINS,
} as const satisfies PermissionTable;
