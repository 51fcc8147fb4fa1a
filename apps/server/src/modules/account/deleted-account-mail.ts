import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { emailOutbox } from '../../db/schema.js';

/** What an "account deleted" confirmation keeps of its recipient once it has left (or was given up). */
export const ERASED_RECIPIENT = 'erased@deleted.invalid';

/**
 * The confirmation of an account's deletion is the one message written after the account's data was erased, so it
 * holds the old address; once sent (or given up) nothing needs it: the address and the bodies are forgotten (hourly
 * background job; docs/account-data.md). Returns how many messages it emptied.
 */
export async function forgetDeletedAccountMail(db: DbOrTx): Promise<number> {
  const emptied = await db
    .update(emailOutbox)
    .set({ toAddress: ERASED_RECIPIENT, textBody: '', htmlBody: '' })
    .where(
      and(eq(emailOutbox.kind, 'account_deleted'), ne(emailOutbox.status, 'pending'), ne(emailOutbox.textBody, '')),
    )
    .returning({ id: emailOutbox.id });
  return emptied.length;
}
