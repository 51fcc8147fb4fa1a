// Wizard uploads: documents that answer file questions, before any order exists.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './customers.js';

/**
 * A document uploaded during the wizard, owned by the session that uploaded it (and by its user once logged in).
 * Checkout attaches it to the order item (item_files, same stored bytes) and sets attached_at; uploads never
 * attached are deleted after UPLOAD_RETENTION_HOURS (docs/uploads.md).
 */
export const uploads = pgTable(
  'uploads',
  {
    /** The opaque file_id of the file reference (random, unguessable). */
    id: text('id').primaryKey(),
    sessionHash: text('session_hash').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    /** Who uploaded it, for the per-IP upload rate. */
    ip: text('ip').notNull(),
    attachedAt: timestamp('attached_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_session_idx').on(t.sessionHash, t.createdAt),
    index('uploads_user_idx').on(t.userId),
    index('uploads_ip_idx').on(t.ip, t.createdAt),
    index('uploads_created_idx').on(t.createdAt),
  ],
);
