/** The roles an account has (spec, document 2 section 6: customer, agent, admin, notary). */
export const ROLES = ['customer', 'agent', 'admin', 'notary'] as const;
export type Role = (typeof ROLES)[number];

/** Who is asking: a signed-in account's role, or nobody. */
export type Actor = Role | 'anonymous';

// The role groups the areas' tables are written with.

/** Every account, whatever its role: staff accounts can buy and follow their own orders like a customer. */
export const ANY_ACCOUNT: readonly Role[] = [...ROLES];
/** Who works in the back office: agents, admins and notaries (notaries work and deliver notarial orders). */
export const STAFF: readonly Role[] = ['agent', 'admin', 'notary'];
/** Who moves money or reads what the shop sends customers: notaries read payments but never handle them. */
export const AGENTS_AND_ADMINS: readonly Role[] = ['agent', 'admin'];
/** The admins only. */
export const ADMINS: readonly Role[] = ['admin'];

/** Whether a string is one of the roles. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
