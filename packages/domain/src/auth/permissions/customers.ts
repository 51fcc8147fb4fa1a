import type { PermissionTable } from './permission-areas.js';
import { ADMINS, AGENTS_AND_ADMINS } from './roles.js';

/** Back office: the customers' accounts and the staff's. */
export const CUSTOMERS_PERMISSIONS = {
  /** Back office: search customers and read one (orders, invoices, billing data, newsletter). */
  'customers.read': AGENTS_AND_ADMINS,
  /**
   * Back office: edit a customer's name and phone, switch the newsletter (the e-mail only admins: it is the login), their
   * payment data (preferred method, bank account; never a card number).
   */
  'customers.edit': AGENTS_AND_ADMINS,
  /**
   * Back office: a customer's saved properties, companies and vehicles, beside their orders and tickets (read only;
   * docs/backoffice.md, "Customers").
   */
  'customers.savedItems': AGENTS_AND_ADMINS,
  /** Back office: create a customer account (spec: "Admin can create a customer"). */
  'customers.create': ADMINS,
  /** Sign in as a customer (time-limited, audited; docs/backoffice.md "Customers"). */
  'customers.impersonate': ADMINS,
  /** The staff accounts: list, create, role, deactivate, per-agent configuration (spec: update_agente). */
  'agents.manage': ADMINS,
  /** Back office: who of the staff is signed in and active now (online agents). */
  'agents.online': ADMINS,
} as const satisfies PermissionTable;
