import { ACCOUNT_PERMISSIONS } from './permissions/account.js';
import { ASSISTANT_PERMISSIONS } from './permissions/assistant.js';
import { BACKOFFICE_ITEMS_PERMISSIONS } from './permissions/backoffice-items.js';
import { BACKOFFICE_PERMISSIONS } from './permissions/backoffice.js';
import { CANNED_RESPONSES_PERMISSIONS } from './permissions/canned-responses.js';
import { CATALOG_PERMISSIONS } from './permissions/catalog.js';
import { COMPANY_REPORTS_PERMISSIONS } from './permissions/company-reports.js';
import { CONFIG_LISTS_PERMISSIONS } from './permissions/config-lists.js';
import { CUSTOMERS_PERMISSIONS } from './permissions/customers.js';
import { INVOICING_PERMISSIONS } from './permissions/invoicing.js';
import { MAILBOX_PERMISSIONS } from './permissions/mailbox.js';
import { ORDERS_PERMISSIONS } from './permissions/orders.js';
import { combinePermissionAreas } from './permissions/permission-areas.js';
import { PAYMENTS_PERMISSIONS } from './permissions/payments.js';
import type { Actor } from './permissions/roles.js';
import { STATISTICS_PERMISSIONS } from './permissions/statistics.js';
import { TEMPLATES_PERMISSIONS } from './permissions/templates.js';
import { TICKETS_PERMISSIONS } from './permissions/tickets.js';

export { ROLES, isRole, type Actor, type Role } from './permissions/roles.js';
export { combinePermissionAreas, type PermissionTable } from './permissions/permission-areas.js';

/**
 * The permission areas, one file each under `permissions/` (docs/architecture.md, "Permissions"): a server module lists
 * the areas it contributes in its ServerModule's `permissions`, and each area is one module's.
 */
export const PERMISSION_AREAS = {
  account: ACCOUNT_PERMISSIONS,
  orders: ORDERS_PERMISSIONS,
  backofficeItems: BACKOFFICE_ITEMS_PERMISSIONS,
  backoffice: BACKOFFICE_PERMISSIONS,
  assistant: ASSISTANT_PERMISSIONS,
  payments: PAYMENTS_PERMISSIONS,
  invoicing: INVOICING_PERMISSIONS,
  customers: CUSTOMERS_PERMISSIONS,
  mailbox: MAILBOX_PERMISSIONS,
  catalog: CATALOG_PERMISSIONS,
  templates: TEMPLATES_PERMISSIONS,
  cannedResponses: CANNED_RESPONSES_PERMISSIONS,
  companyReports: COMPANY_REPORTS_PERMISSIONS,
  configLists: CONFIG_LISTS_PERMISSIONS,
  tickets: TICKETS_PERMISSIONS,
  statistics: STATISTICS_PERMISSIONS,
} as const;

/** The name of a permission area. */
export type PermissionArea = keyof typeof PERMISSION_AREAS;

/**
 * Who may do what: the one permission table of the product, put together from the areas' (an action written in two
 * areas does not compile, and throws here). Each protected API route declares one of these actions and is refused
 * (401 anonymous, 403 other roles) before anything else runs. Public pages (catalogue, cart, sign-in) need no action;
 * anonymous visitors hold none of these.
 */
export const PERMISSIONS = combinePermissionAreas(PERMISSION_AREAS);

/** A named thing someone may be allowed to do. */
export type Action = keyof typeof PERMISSIONS;

/** Every action of the table, area by area in the areas' order. */
export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

/** The area whose file writes an action; undefined for an unknown one. */
export function permissionAreaOf(action: string): PermissionArea | undefined {
  return (Object.keys(PERMISSION_AREAS) as PermissionArea[]).find((area) =>
    Object.hasOwn(PERMISSION_AREAS[area], action),
  );
}

/** Whether `actor` may do `action`; false for anonymous visitors, unknown roles and unknown actions. */
export function can(actor: Actor | string | null | undefined, action: Action): boolean {
  const allowed: readonly string[] | undefined = Object.hasOwn(PERMISSIONS, action) ? PERMISSIONS[action] : undefined;
  return typeof actor === 'string' && allowed !== undefined && allowed.includes(actor);
}

/** Whether the role works in the back office (may see the order items). */
export function isStaff(actor: Actor | string | null | undefined): boolean {
  return can(actor, 'backoffice.items.read');
}
