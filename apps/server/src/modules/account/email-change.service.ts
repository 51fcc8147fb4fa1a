// Changing the account's e-mail, confirmed by a link sent to the new address (docs/customer-panel.md, "E-mail
// change"). Tokens are made like password reset tokens: when the e-mail is handed to the mail server (the outbox holds
// a placeholder), 32 random bytes of which only the SHA-256 is stored; one use, EMAIL_CHANGE_TTL_HOURS to use it.
import { randomBytes } from 'node:crypto';
import { checkEmailChange, EMAIL_CHANGE_MAX_PER_HOUR, EMAIL_CHANGE_TTL_HOURS, maskEmail } from '@ventanilla/domain';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { emailChangeRequests, users } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/sql-state.js';
import { AppError } from '../../shared/app-error.js';
import { type EmailService, RESET_TOKEN_PLACEHOLDER } from '../email/index.js';
import { clearLoginThrottle, findUserByEmail, hashToken, normaliseEmail, verifyPassword } from '../customers/index.js';
import { recordActivity } from './notifications.service.js';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const TTL_MS = EMAIL_CHANGE_TTL_HOURS * 3_600_000;

export class EmailChangeService {
  constructor(
    private readonly db: Db,
    private readonly email: EmailService,
  ) {}

  /**
   * Asks for a change: the current password must be right; the new address must be free (409 EMAIL_TAKEN: the
   * requester proved the password, and registration tells the same). Earlier pending requests end; the confirmation
   * goes to the new address. Returns the pending address and until when the link works.
   */
  async request(
    userId: number,
    storeId: number,
    ip: string,
    input: { new_email: string; current_password: string },
  ): Promise<{ pending_email: string; expires_at: string }> {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new AppError('NOT_FOUND', `user ${userId}`);
    const fields = checkEmailChange({ ...input, current_email: user.email });
    if (fields.length > 0) throw new AppError('VALIDATION_ERROR', 'email change', { fields });
    if (!(await verifyPassword(user.passwordHash, input.current_password))) {
      throw new AppError('VALIDATION_ERROR', 'email change: current password wrong', {
        fields: [{ field: 'current_password', message: { key: 'password.current_wrong' } }],
      });
    }
    const newEmail = normaliseEmail(input.new_email);
    if (await findUserByEmail(this.db, newEmail)) throw new AppError('EMAIL_TAKEN', 'email change: address taken');
    const since = new Date(Date.now() - 3_600_000);
    const [recent] = await this.db
      .select({ n: count() })
      .from(emailChangeRequests)
      .where(and(eq(emailChangeRequests.userId, userId), gt(emailChangeRequests.createdAt, since)));
    if ((recent?.n ?? 0) >= EMAIL_CHANGE_MAX_PER_HOUR) {
      throw new AppError('TOO_MANY_ATTEMPTS', 'email change: too many requests this hour');
    }
    const expiresAt = new Date(Date.now() + TTL_MS);
    await this.db.transaction(async (tx) => {
      // One pending change at a time: an older link stops working.
      await tx
        .update(emailChangeRequests)
        .set({ usedAt: sql`now()` })
        .where(and(eq(emailChangeRequests.userId, userId), isNull(emailChangeRequests.usedAt)));
      const outboxId = await this.email.enqueue(tx, {
        storeId,
        to: newEmail,
        userId,
        discardAfter: expiresAt,
        message: {
          kind: 'email_change_confirm',
          firstname: user.firstname,
          token: RESET_TOKEN_PLACEHOLDER,
          validHours: EMAIL_CHANGE_TTL_HOURS,
        },
      });
      await tx
        .insert(emailChangeRequests)
        .values({ userId, oldEmail: user.email, newEmail, storeId, outboxId, expiresAt, requestIp: ip });
      await recordActivity(tx, userId, 'email_change_requested', { new_email: maskEmail(newEmail) });
    });
    return { pending_email: newEmail, expires_at: expiresAt.toISOString() };
  }

  /** The pending change of an account, if any (the account page shows it). */
  async pending(userId: number): Promise<{ pending_email: string; expires_at: string } | null> {
    const [row] = await this.db
      .select({ newEmail: emailChangeRequests.newEmail, expiresAt: emailChangeRequests.expiresAt })
      .from(emailChangeRequests)
      .where(
        and(
          eq(emailChangeRequests.userId, userId),
          isNull(emailChangeRequests.usedAt),
          gt(emailChangeRequests.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
    return row ? { pending_email: row.newEmail, expires_at: row.expiresAt.toISOString() } : null;
  }

  /** The dispatcher's hook: a fresh token for the confirmation e-mail about to be sent, or null (used or expired). */
  async issueToken(outboxId: number): Promise<string | null> {
    const token = randomBytes(32).toString('base64url');
    const rows = await this.db
      .update(emailChangeRequests)
      .set({ tokenHash: hashToken(token) })
      .where(
        and(
          eq(emailChangeRequests.outboxId, outboxId),
          isNull(emailChangeRequests.usedAt),
          gt(emailChangeRequests.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: emailChangeRequests.id });
    return rows.length > 0 ? token : null;
  }

  /**
   * Opens the link: in one transaction the token is spent (only one of two concurrent confirmations finds it unused),
   * the account takes the new address if it still has the old one, and the old address is told. A new address taken
   * meanwhile is 409 EMAIL_TAKEN and rolls everything back; an unknown, used or expired token is 400.
   */
  async confirm(token: string): Promise<{ email: string }> {
    if (!TOKEN_SHAPE.test(token)) throw new AppError('EMAIL_CHANGE_TOKEN_INVALID', 'malformed token');
    try {
      return await this.db.transaction(async (tx) => {
        const [spent] = await tx
          .update(emailChangeRequests)
          .set({ usedAt: sql`now()`, confirmedAt: sql`now()` })
          .where(
            and(
              eq(emailChangeRequests.tokenHash, hashToken(token)),
              isNull(emailChangeRequests.usedAt),
              gt(emailChangeRequests.expiresAt, sql`now()`),
            ),
          )
          .returning();
        if (!spent) throw new AppError('EMAIL_CHANGE_TOKEN_INVALID', 'unknown, used or expired token');
        const [user] = await tx
          .update(users)
          .set({ email: spent.newEmail, updatedAt: new Date() })
          .where(and(eq(users.id, spent.userId), eq(users.email, spent.oldEmail), eq(users.active, true)))
          .returning({ id: users.id, firstname: users.firstname });
        if (!user) throw new AppError('EMAIL_CHANGE_TOKEN_INVALID', 'account changed since the request');
        await this.email.enqueue(tx, {
          storeId: spent.storeId,
          to: spent.oldEmail,
          userId: spent.userId,
          message: {
            kind: 'email_changed_notice',
            firstname: user.firstname,
            maskedNewEmail: maskEmail(spent.newEmail),
          },
        });
        await recordActivity(tx, spent.userId, 'email_changed', {
          old_email: maskEmail(spent.oldEmail),
          new_email: maskEmail(spent.newEmail),
        });
        await clearLoginThrottle(tx, spent.oldEmail);
        return { email: spent.newEmail };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN', 'email change: address taken meanwhile');
      throw err;
    }
  }
}
