import type { PermissionTable } from './permission-areas.js';
import { ADMINS } from './roles.js';

/** The catalogue editor. */
export const CATALOG_PERMISSIONS = {
  /** Edit the catalogue: products, forms, categories, revisions. */
  'catalog.edit': ADMINS,
} as const satisfies PermissionTable;
