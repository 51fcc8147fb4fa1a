import { randomBytes } from 'node:crypto';
import { checkAccountEmail, checkNewPassword, passwordUserInputs } from '@ventanilla/domain';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.js';
import { emailOutbox, passwordResetTokens, users } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import { type EmailService, RESET_TOKEN_PLACEHOLDER } from '../email/index.js';
import { hashPassword } from './password.js';
import { deleteUserSessions, hashToken } from './sessions.repository.js';
import { clearLoginThrottle } from './auth.service.js';
import { findUserByEmail } from './users.repository.js';

/** A reset link works for one hour and once (docs/email.md). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** At most this many reset emails per account per window: more requests answer the same but send nothing. */
export const RESET_MAX_PER_ACCOUNT = 3;
export const RESET_WINDOW_MS = 60 * 60 * 1000;
/** An invitation (an account staff made) works for a week and once: the same tokens as a reset, longer lived. */
export const INVITE_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

// 32 random bytes in base64url: 43 characters.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The account e-mail rule of the domain (the one registration uses). */
function checkEmailShape(email: string): void {
  const message = checkAccountEmail(email);
  if (message) throw new AppError('VALIDATION_ERROR', 'email', { fields: [{ field: 'email', message }] });
}

/**
 * The spec's password flow: checkEmail, rememberPassword (a reset email), the reset token checked by the server,
 * and the new password. Tokens are 32 random bytes made at send time; only their SHA-256 is stored (the outbox holds
 * a placeholder, so staff reading it cannot take over an account); they expire and work once.
 */
export class PasswordResetService {
  constructor(
    private readonly db: Db,
    private readonly email: EmailService,
  ) {}

  /** checkEmail: whether an account exists (the checkout needs it to offer login or registration; rate-limited). */
  async emailExists(email: string): Promise<boolean> {
    checkEmailShape(email);
    return (await findUserByEmail(this.db, email)) !== undefined;
  }

  /**
   * rememberPassword: queues a reset email when the account exists. The caller answers the same in every case, so
   * the response does not tell whether an account exists.
   */
  async request(email: string, storeId: number, ip: string): Promise<void> {
    checkEmailShape(email);
    const user = await findUserByEmail(this.db, email);
    if (!user) return;
    const since = new Date(Date.now() - RESET_WINDOW_MS);
    const [recent] = await this.db
      .select({ n: count() })
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), gt(passwordResetTokens.createdAt, since)));
    if ((recent?.n ?? 0) >= RESET_MAX_PER_ACCOUNT) return;

    const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MS);
    // The outbox keeps the message with a placeholder for the token (staff read the outbox); the token itself is
    // made when the dispatcher hands the message to the mail server (issueToken), and only its hash is kept.
    await this.db.transaction(async (tx) => {
      const outboxId = await this.email.enqueue(tx, {
        storeId,
        to: user.email,
        userId: user.id,
        discardAfter: expiresAt,
        message: {
          kind: 'password_reset',
          firstname: user.firstname,
          token: RESET_TOKEN_PLACEHOLDER,
          validMinutes: RESET_TOKEN_TTL_MS / 60_000,
        },
      });
      await tx.insert(passwordResetTokens).values({ userId: user.id, outboxId, expiresAt, requestIp: ip });
    });
  }

  /**
   * Invites the owner of an account staff just made to choose its first password (inside the transaction that made
   * the account): an "account_invite" e-mail whose link is a reset token, made when the e-mail is sent and stored
   * hashed, that works once and expires after INVITE_TOKEN_TTL_MS. Nobody else ever knows the password.
   */
  async invite(
    tx: DbOrTx,
    user: { id: number; email: string; firstname: string },
    storeId: number,
    staff: boolean,
  ): Promise<void> {
    const expiresAt = new Date(Date.now() + INVITE_TOKEN_TTL_MS);
    const outboxId = await this.email.enqueue(tx, {
      storeId,
      to: user.email,
      userId: user.id,
      discardAfter: expiresAt,
      message: {
        kind: 'account_invite',
        firstname: user.firstname,
        token: RESET_TOKEN_PLACEHOLDER,
        validDays: INVITE_TOKEN_TTL_MS / 86_400_000,
        staff,
      },
    });
    await tx.insert(passwordResetTokens).values({ userId: user.id, outboxId, expiresAt, requestIp: null });
  }

  /**
   * The token of a reset email about to be sent (the dispatcher calls it for each delivery attempt): a fresh one,
   * whose hash replaces any earlier attempt's, or null when the request has been used or has expired meanwhile.
   */
  async issueToken(outboxId: number): Promise<string | null> {
    const token = randomBytes(32).toString('base64url');
    const rows = await this.db
      .update(passwordResetTokens)
      .set({ tokenHash: hashToken(token) })
      .where(
        and(
          eq(passwordResetTokens.outboxId, outboxId),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: passwordResetTokens.id });
    return rows.length > 0 ? token : null;
  }

  /** Whether a token can still be used (the reset page asks before showing the form). */
  async isUsable(token: string): Promise<boolean> {
    if (!TOKEN_SHAPE.test(token)) return false;
    const rows = await this.db
      .select({ id: passwordResetTokens.id })
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      );
    return rows.length > 0;
  }

  /**
   * Sets a new password with a usable token, in one transaction: the token is spent, every other outstanding token
   * of the user is spent too, and every session of the user ends (a thief signed in with the old password is out).
   */
  async reset(token: string, password: string): Promise<void> {
    const policy = checkNewPassword(password);
    if (!policy.ok) {
      throw new AppError('VALIDATION_ERROR', 'new password', {
        fields: [{ field: 'password', message: policy.message }],
      });
    }
    if (!TOKEN_SHAPE.test(token)) throw new AppError('RESET_TOKEN_INVALID', 'malformed token');
    // The account's own e-mail and names are guesses against the new password (the token says whose it is).
    const [owner] = await this.db
      .select({ email: users.email, firstname: users.firstname, lastname: users.lastname })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    const personal = owner ? checkNewPassword(password, passwordUserInputs(owner)) : policy;
    if (!personal.ok) {
      throw new AppError('VALIDATION_ERROR', 'new password', {
        fields: [{ field: 'password', message: personal.message }],
      });
    }
    // Hashing is slow on purpose: done before the transaction so it holds no connection meanwhile.
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      const spent = await tx
        .update(passwordResetTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, hashToken(token)),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ userId: passwordResetTokens.userId, outboxId: passwordResetTokens.outboxId });
      const userId = spent[0]?.userId;
      if (userId === undefined) throw new AppError('RESET_TOKEN_INVALID', 'unknown, used or expired token');
      const [user] = await tx
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning({ email: users.email, firstname: users.firstname });
      // The address is told (in the store the link was sent from); not for an invitation's first password.
      const outboxId = spent[0]?.outboxId;
      const [link] = outboxId
        ? await tx
            .select({ storeId: emailOutbox.storeId, kind: emailOutbox.kind })
            .from(emailOutbox)
            .where(eq(emailOutbox.id, outboxId))
        : [];
      if (user && link?.kind === 'password_reset') {
        await this.email.enqueue(tx, {
          storeId: link.storeId,
          to: user.email,
          userId,
          message: {
            kind: 'password_changed',
            firstname: user.firstname,
            via: 'reset',
            changedAt: new Date().toISOString(),
          },
        });
      }
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
      await deleteUserSessions(tx, userId);
      // The owner proved control of the mailbox: a login throttle from the attack that prompted the reset ends too.
      if (user) await clearLoginThrottle(tx, user.email);
    });
  }
}
