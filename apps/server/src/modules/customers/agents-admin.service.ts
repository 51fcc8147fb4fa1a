import {
  checkAgentChange,
  checkAccountDetails,
  isCurrentVersion,
  isPanelRole,
  nextVersion,
  STAFF_ROLES,
  type PanelRole,
  type StaffAccountRole,
} from '@ventanilla/domain';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.js';
import { users, type AgentSettings } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import { toSessionUser } from './auth.service.js';
import { endImpersonationsBy } from './impersonation.service.js';
import { unusablePasswordHash } from './password.js';
import type { PasswordResetService } from './password-reset.service.js';
import { deleteUserSessions, type SessionUser } from './sessions.repository.js';
import { normaliseEmail, type UserRow } from './users.repository.js';

// The staff accounts (docs/backoffice.md, "Agents"; spec: update_agente): list, create, role, deactivate, per-agent
// configuration. Admins only.

/** An account by id with its active flag (null when there is none). */
export async function findUser(db: DbOrTx, id: number): Promise<(SessionUser & { active: boolean }) | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ? { ...toSessionUser(row), active: row.active } : null;
}

export interface AgentOut {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  role: StaffAccountRole;
  active: boolean;
  settings: AgentSettings;
  panel_role: PanelRole | null;
  created_at: string;
  version: string;
}

function agentOut(row: UserRow): AgentOut {
  return {
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    role: row.role as StaffAccountRole,
    active: row.active,
    settings: row.agentSettings ?? {},
    panel_role: isPanelRole(row.panelRole) ? row.panelRole : null,
    created_at: row.createdAt.toISOString(),
    version: row.updatedAt.toISOString(),
  };
}

export interface AgentChange {
  version: string;
  role?: StaffAccountRole;
  active?: boolean;
  firstname?: string;
  lastname?: string;
  settings?: AgentSettings;
  /** The spec's Portuguese panel role (canned responses), or null for none. */
  panel_role?: PanelRole | null;
}

export class AgentsAdminService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    /** Releases every item lock of an agent (the lock service's, as on sign-out). */
    private readonly releaseLocks: (agentId: number) => Promise<void>,
    /** Sends the new account's invitation (its first password is chosen through the e-mailed link). */
    private readonly passwordReset: PasswordResetService,
    /** The store whose brand and language the invitation uses. */
    private readonly storeId: number,
  ) {}

  async list(): Promise<AgentOut[]> {
    const rows = await this.db
      .select()
      .from(users)
      .where(inArray(users.role, [...STAFF_ROLES]))
      .orderBy(asc(users.id));
    return rows.map(agentOut);
  }

  /**
   * A new staff account. Nobody chooses its password here: it is e-mailed an invitation whose single-use, expiring
   * link lets its owner choose one (staff never see or set another person's password).
   */
  async create(input: {
    email: string;
    firstname: string;
    lastname: string;
    role: StaffAccountRole;
    settings?: AgentSettings;
  }): Promise<AgentOut> {
    const fields = checkAccountDetails(input).map((p) => ({ field: p.field, message: p.message }));
    if (fields.length > 0) throw new AppError('VALIDATION_ERROR', 'agent', { fields });
    // A hash of a random secret nobody knows: the account cannot be signed in to until the link is used.
    const passwordHash = await unusablePasswordHash();
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email: normaliseEmail(input.email),
          passwordHash,
          firstname: input.firstname.trim(),
          lastname: input.lastname.trim(),
          role: input.role,
          agentSettings: input.settings ?? {},
        })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (!row) throw new AppError('EMAIL_TAKEN', 'agent create');
      await this.passwordReset.invite(tx, row, this.storeId, true);
      return agentOut(row);
    });
  }

  /**
   * Role, names, active flag and configuration. Deactivating ends the agent's sessions (and any "log in as" they
   * started) and releases their locks; an admin cannot deactivate or demote themselves, nor the last active admin.
   */
  async update(actorId: number, agentId: number, change: AgentChange): Promise<AgentOut> {
    for (const field of ['firstname', 'lastname'] as const) {
      const value = change[field];
      if (value !== undefined && (value.trim() === '' || [...value.trim()].length > 100)) {
        throw new AppError('VALIDATION_ERROR', 'agent', {
          fields: [
            {
              field,
              message: {
                key: value.trim() === '' ? 'validation.required_text' : 'validation.too_long',
                params: { max: 100 },
              },
            },
          ],
        });
      }
    }
    const updated = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, agentId), inArray(users.role, [...STAFF_ROLES])))
        .for('update');
      if (!row) throw new AppError('NOT_FOUND', `agent ${agentId}`);
      if (!isCurrentVersion(row.updatedAt, change.version))
        throw new AppError('CUSTOMER_CHANGED', `agent ${agentId} is at ${row.updatedAt.toISOString()}`);
      // The admins are counted under a lock of their rows, so two admins demoting each other cannot both succeed.
      const admins = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.active, true)))
        .for('update');
      const verdict = checkAgentChange(actorId, row, change, admins.length);
      if (!verdict.ok) throw new AppError('AGENT_CHANGE_REFUSED', verdict.reason);
      const [saved] = await tx
        .update(users)
        .set({
          ...(change.role === undefined ? {} : { role: change.role }),
          ...(change.active === undefined ? {} : { active: change.active }),
          ...(change.firstname === undefined ? {} : { firstname: change.firstname.trim() }),
          ...(change.lastname === undefined ? {} : { lastname: change.lastname.trim() }),
          ...(change.settings === undefined ? {} : { agentSettings: change.settings }),
          ...(change.panel_role === undefined ? {} : { panelRole: change.panel_role }),
          updatedAt: nextVersion(row.updatedAt, this.now()),
        })
        .where(eq(users.id, agentId))
        .returning();
      if (!saved) throw new AppError('NOT_FOUND', `agent ${agentId}`);
      if (change.active === false && row.active) await deleteUserSessions(tx, agentId);
      if ((change.active === false || (change.role && change.role !== 'admin')) && row.role === 'admin')
        await endImpersonationsBy(tx, agentId, this.now());
      return saved;
    });
    if (!updated.active) await this.releaseLocks(agentId);
    return agentOut(updated);
  }

  async activeAdmins(): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.active, true)));
    return row?.n ?? 0;
  }
}
