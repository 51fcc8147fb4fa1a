import type { SessionUser } from './sessions.repository.js';

/** Who works in the back office (spec: agents, admins and notaries). */
export const STAFF_ROLES: ReadonlySet<SessionUser['role']> = new Set(['agent', 'admin', 'notary']);

/** Who may move money: confirm a bank transfer, refund an order. Notaries read payments but never handle them. */
export const MONEY_ROLES: ReadonlySet<SessionUser['role']> = new Set(['agent', 'admin']);
