import { can, isStaff as isStaffRole, type Action } from '@ventanilla/domain';
import type { User } from '../lib/api-contract';

// Apart from session.ts: the shop's frame reads the session, only the back office asks about permissions (and the
// permission table stays out of the shop's entry).

/** Whether the user may do `action` (the domain's permission table, the one the server enforces). */
export function userCan(user: User | null, action: Action): boolean {
  return can(user?.role, action);
}

/** Whether the user works in the back office. */
export function isStaff(user: User | null): boolean {
  return isStaffRole(user?.role);
}
