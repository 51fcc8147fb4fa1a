import {
  parseTemplate,
  placeholderLabel,
  previewTemplate,
  renderTemplate,
  templateErrorMessage,
  missingValuesMessage,
  translateDomainMessage,
  TEMPLATE_PLACEHOLDERS,
  type Language,
  type TemplatePlaceholder,
  type TemplateValues,
} from '@ventanilla/domain';
import { and, asc, count, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { messageTemplates } from '../../db/schema.js';
import { AppError, type FieldError } from '../../shared/app-error.js';
import { sanitizeFaqHtml } from '../catalog/index.js';
import { SEED_TEMPLATES } from './templates.seed.js';

export type TemplateKind = 'email' | 'incidence';
export type TemplateRow = typeof messageTemplates.$inferSelect;

/** The editable parts of a template (the spec's template, group and details). */
export interface TemplateInput {
  name: string;
  group: string;
  template: string;
  subject_template: string;
  header_template: string;
  button_template: string;
}

/** The four parts that may carry placeholders, with the field names the API uses. */
const PARTS = ['subject_template', 'header_template', 'template', 'button_template'] as const;
type Part = (typeof PARTS)[number];

const NAME_MAX = 200;

/** A filled template: plain-text subject, header and button; HTML and text body. */
export interface FilledTemplate {
  subject: string;
  header: string;
  body_html: string;
  body_text: string;
  button: string;
}

/** Turns the admin's HTML body into plain text for the text part of the e-mail and the PDF (placeholders survive). */
export function htmlToText(markup: string): string {
  return markup
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|h[1-6]|div)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Sample values for the admin's live preview (no item behind it): what a real order would give. */
export const SAMPLE_VALUES: Readonly<Record<TemplatePlaceholder, string>> = {
  logo: 'https://example.org/logo.png',
  direccion: 'Calle Mayor 1, 2º B',
  numero_finca: '12345',
  nombre: 'Ana García López',
  municipio: 'Alcalá de Henares',
  provincia: 'Madrid',
  motivo: 'Necesitamos una copia de la escritura.',
  url: 'https://example.org/customer/form/1/100000001',
  nombre_web: 'Ventanilla',
  referencia: 'REF-2026-001',
  nombre_producto: 'Nota Simple',
  id: '1',
  order_id: '100000001',
  numero_pedido: '100000001',
  titular: 'Ana García López',
  articulo_matriz: '1234',
  descripcion_registral: 'Urbana: vivienda en planta segunda',
};

/** E-mail and incidence templates per language: admin CRUD with placeholder checks, previews and filling. */
export class TemplatesService {
  constructor(private readonly db: Db) {}

  /** Writes the starting set into an empty table (an admin's later edits and deletions stay). */
  async seed(): Promise<void> {
    const [existing] = await this.db.select({ n: count() }).from(messageTemplates);
    if ((existing?.n ?? 0) > 0) return;
    const rows = SEED_TEMPLATES.flatMap((t) =>
      (['es', 'pt', 'en'] as const).map((language) => ({
        kind: t.kind,
        templateId: t.id,
        language,
        name: t.texts[language].name,
        groupName: t.group,
        template: t.texts[language].body,
        subjectTemplate: t.texts[language].subject,
        headerTemplate: t.texts[language].header,
        buttonTemplate: t.texts[language].button,
      })),
    );
    await this.db.insert(messageTemplates).values(rows).onConflictDoNothing();
  }

  async list(kind: TemplateKind, language?: Language): Promise<TemplateRow[]> {
    return this.db
      .select()
      .from(messageTemplates)
      .where(and(eq(messageTemplates.kind, kind), language ? eq(messageTemplates.language, language) : undefined))
      .orderBy(asc(messageTemplates.templateId), asc(messageTemplates.language));
  }

  async find(kind: TemplateKind, id: number, language: Language): Promise<TemplateRow | undefined> {
    const [row] = await this.db
      .select()
      .from(messageTemplates)
      .where(
        and(
          eq(messageTemplates.kind, kind),
          eq(messageTemplates.templateId, id),
          eq(messageTemplates.language, language),
        ),
      );
    return row;
  }

  async get(kind: TemplateKind, id: number, language: Language): Promise<TemplateRow> {
    const row = await this.find(kind, id, language);
    if (!row) throw new AppError('NOT_FOUND', `${kind} template ${id} ${language}`);
    return row;
  }

  /** The template in the item's language, else the Spanish one (every seeded template has es). */
  async forLanguage(kind: TemplateKind, id: number, language: Language): Promise<TemplateRow> {
    const row = (await this.find(kind, id, language)) ?? (await this.find(kind, id, 'es'));
    if (!row) throw new AppError('NOT_FOUND', `${kind} template ${id}`);
    return row;
  }

  async create(adminId: number, kind: TemplateKind, language: Language, id: number | undefined, input: TemplateInput) {
    const clean = checkTemplate(input);
    return this.db.transaction(async (tx) => {
      let templateId = id;
      if (templateId === undefined) {
        const [top] = await tx
          .select({ n: max(messageTemplates.templateId) })
          .from(messageTemplates)
          .where(eq(messageTemplates.kind, kind));
        templateId = (top?.n ?? 0) + 1;
      }
      const rows = await tx
        .insert(messageTemplates)
        .values({ kind, templateId, language, ...columns(clean), updatedBy: adminId })
        .onConflictDoNothing()
        .returning();
      if (!rows[0]) throw new AppError('TEMPLATE_EXISTS', `${kind} template ${templateId} ${language}`);
      return rows[0];
    });
  }

  async update(adminId: number, kind: TemplateKind, id: number, language: Language, input: TemplateInput) {
    const clean = checkTemplate(input);
    const rows = await this.db
      .update(messageTemplates)
      .set({ ...columns(clean), updatedBy: adminId, updatedAt: new Date() })
      .where(
        and(
          eq(messageTemplates.kind, kind),
          eq(messageTemplates.templateId, id),
          eq(messageTemplates.language, language),
        ),
      )
      .returning();
    if (!rows[0]) throw new AppError('NOT_FOUND', `${kind} template ${id} ${language}`);
    return rows[0];
  }

  async remove(kind: TemplateKind, id: number, language: Language): Promise<void> {
    const rows = await this.db
      .delete(messageTemplates)
      .where(
        and(
          eq(messageTemplates.kind, kind),
          eq(messageTemplates.templateId, id),
          eq(messageTemplates.language, language),
        ),
      )
      .returning({ id: messageTemplates.templateId });
    if (rows.length === 0) throw new AppError('NOT_FOUND', `${kind} template ${id} ${language}`);
  }
}

function columns(input: TemplateInput) {
  return {
    name: input.name,
    groupName: input.group,
    template: input.template,
    subjectTemplate: input.subject_template,
    headerTemplate: input.header_template,
    buttonTemplate: input.button_template,
  };
}

/**
 * Checks a template before it is saved: a name and a body, the body's HTML cut down to the safe allow-list, and no
 * unknown or malformed placeholder in any part (400 naming them, per part).
 */
export function checkTemplate(input: TemplateInput): TemplateInput {
  const clean: TemplateInput = {
    name: input.name.trim().slice(0, NAME_MAX),
    group: input.group.trim().slice(0, NAME_MAX),
    template: sanitizeFaqHtml(input.template),
    subject_template: input.subject_template.replace(/[\r\n]+/g, ' ').trim(),
    header_template: input.header_template.trim(),
    button_template: input.button_template.replace(/[\r\n]+/g, ' ').trim(),
  };
  const fields: FieldError[] = [];
  if (!clean.name) fields.push({ field: 'name', key: 'template.name_required' });
  if (!htmlToText(clean.template)) fields.push({ field: 'template', key: 'template.body_required' });
  for (const part of PARTS) {
    const parsed = parseTemplate(input[part]);
    if (!parsed.ok)
      for (const error of parsed.errors) fields.push({ field: part, message: templateErrorMessage(error) });
  }
  if (fields.length > 0) throw new AppError('VALIDATION_ERROR', 'template refused', { fields });
  return clean;
}

type TemplateParts = Pick<TemplateInput, Part>;

/** The live preview: what it can fill is filled (values escaped in the HTML), what is missing stays as {{name}}. */
export function previewParts(parts: TemplateParts, values: TemplateValues, language: Language) {
  const fields: FieldError[] = [];
  const missing = new Set<TemplatePlaceholder>();
  const out = {} as Record<Part, string>;
  for (const part of PARTS) {
    const source = part === 'template' ? sanitizeFaqHtml(parts[part]) : parts[part];
    const result = previewTemplate(source, values, part === 'template' ? 'html' : 'text');
    if (!result.ok) {
      for (const error of result.errors) fields.push({ field: part, message: templateErrorMessage(error) });
      continue;
    }
    result.missing.forEach((m) => missing.add(m));
    out[part] = result.output;
  }
  if (fields.length > 0) throw new AppError('VALIDATION_ERROR', 'template refused', { fields });
  const textBody = previewTemplate(htmlToText(sanitizeFaqHtml(parts.template)), values, 'text');
  const ordered = TEMPLATE_PLACEHOLDERS.filter((p) => missing.has(p));
  return {
    subject: out.subject_template,
    header: out.header_template,
    body_html: out.template,
    body_text: textBody.ok ? textBody.output : '',
    button: out.button_template,
    missing: ordered.map((name) => ({ name, label: translateDomainMessage(language, placeholderLabel(name)) })),
    missing_message: ordered.length ? translateDomainMessage(language, missingValuesMessage(ordered)) : null,
  };
}

/** Fills a stored template for sending: refused (400 listing them) while any value is missing. */
export function fillTemplate(row: TemplateRow, values: TemplateValues): FilledTemplate {
  const parts: Record<Part, string> = {
    subject_template: row.subjectTemplate,
    header_template: row.headerTemplate,
    template: row.template,
    button_template: row.buttonTemplate,
  };
  const missing = new Set<TemplatePlaceholder>();
  const out = {} as Record<Part, string>;
  for (const part of PARTS) {
    const result = renderTemplate(parts[part], values, part === 'template' ? 'html' : 'text');
    if (result.ok) out[part] = result.output;
    else if ('missing' in result) result.missing.forEach((m) => missing.add(m));
    else throw new Error(`stored ${row.kind} template ${row.templateId} has bad placeholders`);
  }
  if (missing.size > 0) {
    const ordered = TEMPLATE_PLACEHOLDERS.filter((p) => missing.has(p));
    throw new AppError('VALIDATION_ERROR', 'template values missing', {
      fields: [{ field: 'values', message: missingValuesMessage(ordered) }],
      params: { missing: ordered.join(',') },
    });
  }
  const text = renderTemplate(htmlToText(row.template), values, 'text');
  return {
    subject: out.subject_template.replace(/[\r\n]+/g, ' '),
    header: out.header_template,
    body_html: out.template,
    body_text: text.ok ? text.output : '',
    button: out.button_template,
  };
}

export function templateOut(row: TemplateRow) {
  return {
    kind: row.kind,
    id: row.templateId,
    language: row.language,
    name: row.name,
    group: row.groupName,
    template: row.template,
    subject_template: row.subjectTemplate,
    header_template: row.headerTemplate,
    button_template: row.buttonTemplate,
    updated_at: row.updatedAt.toISOString(),
  };
}
