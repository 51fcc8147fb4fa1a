// Canned responses (spec: "Canned response: id, group, title, visibility"), picked by agents inside replies and
// e-mails; docs/backoffice.md, "Canned responses".
import type { CannedVisibility } from '@ventanilla/domain';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { users } from './customers.js';

export const cannedResponses = pgTable(
  'canned_responses',
  {
    id: serial('id').primaryKey(),
    /** Groups beginning with Portugal or Conservatoria belong to the Portuguese panel role (canned-responses.ts). */
    groupName: text('group_name').notNull().default(''),
    title: text('title').notNull(),
    /** Plain text with the templates' {{placeholders}} (unknown ones are refused when saved). */
    body: text('body').notNull(),
    visibility: text('visibility').$type<CannedVisibility>().notNull().default('all'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('canned_responses_group_title_idx').on(t.groupName, t.title)],
);
