// E-mail and incidence templates (spec: "Incidence / email template: id, name, template, group, details
// (subject_template, header_template, button_template)"), one row per template and language; docs/backoffice.md.
import type { Language } from '@ventanilla/domain';
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { users } from './customers.js';

export const messageTemplates = pgTable(
  'message_templates',
  {
    /** `email` (sent from an item, also the PDF documents) or `incidence` (status 60 with a reason). */
    kind: text('kind').$type<'email' | 'incidence'>().notNull(),
    /** The spec's template id: incidence ids carry meaning (58 asks for an e-mail answer, 157-160 claim from registrars). */
    templateId: integer('template_id').notNull(),
    language: text('language').$type<Language>().notNull(),
    name: text('name').notNull(),
    groupName: text('group_name').notNull().default(''),
    /** The body: the admin's HTML (sanitized when saved) with {{placeholders}}. */
    template: text('template').notNull(),
    subjectTemplate: text('subject_template').notNull().default(''),
    headerTemplate: text('header_template').notNull().default(''),
    buttonTemplate: text('button_template').notNull().default(''),
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.templateId, t.language] })],
);
