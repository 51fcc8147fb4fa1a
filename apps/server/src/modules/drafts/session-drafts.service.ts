import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { sessionWizardDrafts } from '../../db/schema.js';

/** A draft of the server-rendered wizard: the answers posted so far and the cart line being changed, if any. */
export interface SessionDraft {
  answers: Record<string, string>;
  editLine: { id: number; version: number } | null;
}

export const EMPTY_SESSION_DRAFT: SessionDraft = { answers: {}, editLine: null };

/**
 * The wizard drafts of visitors without JavaScript, one per session, store and product (the browser's wizard keeps
 * its own in local storage). Deleted with the session; the answers are kept as posted and never trusted.
 */
export class SessionDraftsService {
  constructor(private readonly db: Db) {}

  private where(sessionIdHash: string, storeId: number, urlKey: string) {
    return and(
      eq(sessionWizardDrafts.sessionIdHash, sessionIdHash),
      eq(sessionWizardDrafts.storeId, storeId),
      eq(sessionWizardDrafts.urlKey, urlKey),
    );
  }

  async read(sessionIdHash: string, storeId: number, urlKey: string): Promise<SessionDraft> {
    const [row] = await this.db
      .select()
      .from(sessionWizardDrafts)
      .where(this.where(sessionIdHash, storeId, urlKey));
    if (!row) return EMPTY_SESSION_DRAFT;
    const editLine =
      row.editLineId !== null && row.editLineVersion !== null
        ? { id: row.editLineId, version: row.editLineVersion }
        : null;
    return { answers: row.answers, editLine };
  }

  async save(sessionIdHash: string, storeId: number, urlKey: string, draft: SessionDraft): Promise<void> {
    const values = {
      answers: draft.answers,
      editLineId: draft.editLine?.id ?? null,
      editLineVersion: draft.editLine?.version ?? null,
      updatedAt: new Date(),
    };
    await this.db
      .insert(sessionWizardDrafts)
      .values({ sessionIdHash, storeId, urlKey, ...values })
      .onConflictDoUpdate({
        target: [sessionWizardDrafts.sessionIdHash, sessionWizardDrafts.storeId, sessionWizardDrafts.urlKey],
        set: values,
      });
  }

  async remove(sessionIdHash: string, storeId: number, urlKey: string): Promise<void> {
    await this.db.delete(sessionWizardDrafts).where(this.where(sessionIdHash, storeId, urlKey));
  }
}
