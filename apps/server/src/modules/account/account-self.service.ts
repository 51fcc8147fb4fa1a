// Account self-service (docs/customer-panel.md, "Account self-service"): a signed-in user's own name, password and
// newsletter switch. The password change needs the current password (argon2 verify) and ends every other session of
// the account (other devices), keeping the one that made the change.
import { checkPasswordChange, checkProfileChange, passwordUserInputs } from '@ventanilla/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import { recordActivity } from './notifications.service.js';
import type { EmailService } from '../email/index.js';
import { hashPassword, revokeOtherDevices, verifyPassword } from '../customers/index.js';

export interface AccountOut {
  email: string;
  firstname: string;
  lastname: string;
  newsletter: boolean;
}

export class AccountSelfService {
  constructor(
    private readonly db: Db,
    /** Tells the account's address that its password changed. */
    private readonly email?: EmailService,
  ) {}

  async get(userId: number): Promise<AccountOut> {
    const [row] = await this.db
      .select({
        email: users.email,
        firstname: users.firstname,
        lastname: users.lastname,
        newsletter: users.newsletter,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND', `user ${userId}`);
    return row;
  }

  async updateName(userId: number, input: { firstname: string; lastname: string }): Promise<AccountOut> {
    const fields = checkProfileChange(input);
    if (fields.length > 0) throw new AppError('VALIDATION_ERROR', 'account name', { fields });
    await this.db
      .update(users)
      .set({ firstname: input.firstname.trim(), lastname: input.lastname.trim(), updatedAt: new Date() })
      .where(eq(users.id, userId));
    return this.get(userId);
  }

  async setNewsletter(userId: number, subscribed: boolean): Promise<AccountOut> {
    await this.db.update(users).set({ newsletter: subscribed, updatedAt: new Date() }).where(eq(users.id, userId));
    return this.get(userId);
  }

  /**
   * Changes the password when the current one is right; ends the account's other sessions in the same transaction
   * (a stolen session elsewhere stops working). Returns how many sessions ended.
   */
  async changePassword(
    userId: number,
    keepSessionIdHash: string,
    input: { current_password: string; password: string },
    /** The store the change was made in: the notice speaks its language and brand. */
    storeId?: number,
  ): Promise<number> {
    const [row] = await this.db
      .select({
        passwordHash: users.passwordHash,
        email: users.email,
        firstname: users.firstname,
        lastname: users.lastname,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND', `user ${userId}`);
    // The account's own e-mail and names are guesses against the new password.
    const fields = checkPasswordChange(input, passwordUserInputs(row));
    if (fields.length > 0) throw new AppError('VALIDATION_ERROR', 'password change', { fields });
    if (!(await verifyPassword(row.passwordHash, input.current_password))) {
      throw new AppError('VALIDATION_ERROR', 'password change: current password wrong', {
        fields: [{ field: 'current_password', message: { key: 'password.current_wrong' } }],
      });
    }
    const passwordHash = await hashPassword(input.password);
    return this.db.transaction(async (tx) => {
      // Only if the hash is still the one verified: two changes at once cannot both win on an old password.
      const updated = await tx
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(and(eq(users.id, userId), eq(users.passwordHash, row.passwordHash)))
        .returning({ id: users.id });
      if (updated.length === 0) {
        throw new AppError('VALIDATION_ERROR', 'password change: changed meanwhile', {
          fields: [{ field: 'current_password', message: { key: 'password.current_wrong' } }],
        });
      }
      await recordActivity(tx, userId, 'password_changed');
      if (this.email && storeId !== undefined) {
        await this.email.enqueue(tx, {
          storeId,
          to: row.email,
          userId,
          message: {
            kind: 'password_changed',
            firstname: row.firstname,
            via: 'account',
            changedAt: new Date().toISOString(),
          },
        });
      }
      // Remembered devices go too, except the one this browser signed in with (docs/decisions/0018-sign-in-options.md).
      return revokeOtherDevices(tx, userId, keepSessionIdHash);
    });
  }
}
