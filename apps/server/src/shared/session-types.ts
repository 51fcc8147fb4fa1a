import type { Role } from '@ventanilla/domain';

/* The signed-in user and session as every module sees them (customers' sessions repository reads and writes them). */

export interface SessionUser {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  role: Role;
}

export interface SessionState {
  idHash: string;
  storeId: number;
  csrfToken: string;
  lastSeenAt: Date;
  user: SessionUser | null;
  /** Set while an admin is signed in as this session's customer (docs/backoffice.md, "Log in as the customer"). */
  impersonation?: SessionImpersonation | null;
}

export interface SessionImpersonation {
  /** The audit row (customer_impersonations.id). */
  id: number;
  adminId: number;
  adminEmail: string;
  expiresAt: Date;
  endedAt: Date | null;
}
