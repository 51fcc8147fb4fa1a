import {
  canSeeCannedResponse,
  isPanelRole,
  missingValuesMessage,
  parseTemplate,
  placeholderLabel,
  previewTemplate,
  templateErrorMessage,
  translateDomainMessage,
  escapeHtml,
  type CannedViewer,
  type CannedVisibility,
  type Language,
  type Role,
  type TemplateValues,
} from '@ventanilla/domain';
import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { cannedResponses, users } from '../../db/schema.js';
import { AppError, type FieldError } from '../../shared/app-error.js';

export type CannedRow = typeof cannedResponses.$inferSelect;

/** What an admin writes. */
export interface CannedInput {
  group: string;
  title: string;
  body: string;
  visibility: CannedVisibility;
}

export interface CannedQuery {
  q?: string;
  group?: string;
  page: number;
  size: number;
}

const TEXT_MAX = 200;

/** The starting set written into an empty table (a fresh install shows the picker working; admins edit it). */
const SEED: CannedInput[] = [
  {
    group: 'General',
    title: 'Saludo y plazo',
    body: 'Hola {{nombre}}:\n\nGracias por escribirnos. Estamos revisando su solicitud y le responderemos en un plazo máximo de 24 horas laborables.\n\nUn saludo,\n{{nombre_web}}',
    visibility: 'all',
  },
  {
    group: 'Notas simples',
    title: 'Nota simple enviada',
    body: 'Hola {{nombre}}:\n\nLe hemos enviado la nota simple del pedido {{numero_pedido}} a su correo electrónico. Si no la encuentra, revise la carpeta de correo no deseado.\n\nUn saludo,\n{{nombre_web}}',
    visibility: 'all',
  },
  {
    group: 'Portugal',
    title: 'Certidão permanente',
    body: 'Olá {{nombre}}:\n\nO seu pedido {{numero_pedido}} foi enviado à conservatória. Receberá a certidão permanente por e-mail.\n\nCumprimentos,\n{{nombre_web}}',
    visibility: 'all',
  },
];

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Canned responses: admins write them (the body's placeholders checked like a template's); staff list, search and
 * fill the ones the spec's group rule and the visibility offer them (packages/domain canned-responses.ts).
 */
export class CannedResponsesService {
  constructor(private readonly db: Db) {}

  async seed(): Promise<void> {
    const [existing] = await this.db.select({ n: count() }).from(cannedResponses);
    if ((existing?.n ?? 0) > 0) return;
    await this.db.insert(cannedResponses).values(SEED.map((s) => ({ ...columns(s) })));
  }

  /** The staff member as the rule sees them (their panel role is read from their account). */
  async viewer(userId: number, role: Role): Promise<CannedViewer> {
    const [row] = await this.db.select({ panelRole: users.panelRole }).from(users).where(eq(users.id, userId));
    return { userId, role, panelRole: isPanelRole(row?.panelRole) ? row.panelRole : null };
  }

  /**
   * One page of canned responses by group then title, optionally searched (title, group or body contain `q`, any
   * case, with or without accents) and narrowed to one group; `viewer` null: all of them (the admin screen).
   */
  async list(viewer: CannedViewer | null, query: CannedQuery) {
    const where: SQL[] = [];
    const q = query.q?.trim();
    if (q) {
      // Accents and case folded on both sides (search_fold, migration 0044): "notificacion" finds "Notificación".
      const pattern = sql`search_fold(${likePattern(q)})`;
      where.push(
        or(
          sql`search_fold(${cannedResponses.title}) like ${pattern}`,
          sql`search_fold(${cannedResponses.groupName}) like ${pattern}`,
          sql`search_fold(${cannedResponses.body}) like ${pattern}`,
        )!,
      );
    }
    if (query.group !== undefined) where.push(eq(cannedResponses.groupName, query.group.trim()));
    const rows = await this.db
      .select()
      .from(cannedResponses)
      .where(and(...where))
      .orderBy(asc(cannedResponses.groupName), asc(cannedResponses.title), asc(cannedResponses.id));
    // The rule is the domain's: few rows (the spec's list holds 1000), so it is applied here rather than in SQL.
    const visible = viewer ? rows.filter((row) => canSeeCannedResponse(facts(row), viewer)) : rows;
    const start = (query.page - 1) * query.size;
    return { items: visible.slice(start, start + query.size), total: visible.length };
  }

  /** One canned response; 404 when it does not exist or is not offered to `viewer` (null: admin, sees all). */
  async get(id: number, viewer: CannedViewer | null): Promise<CannedRow> {
    const [row] = await this.db.select().from(cannedResponses).where(eq(cannedResponses.id, id));
    if (!row || (viewer && !canSeeCannedResponse(facts(row), viewer))) {
      throw new AppError('NOT_FOUND', `canned response ${id}`);
    }
    return row;
  }

  async create(adminId: number, input: CannedInput): Promise<CannedRow> {
    const clean = checkCanned(input);
    const [row] = await this.db
      .insert(cannedResponses)
      .values({ ...columns(clean), createdBy: adminId, updatedBy: adminId })
      .returning();
    return row!;
  }

  async update(adminId: number, id: number, input: CannedInput): Promise<CannedRow> {
    const clean = checkCanned(input);
    const [row] = await this.db
      .update(cannedResponses)
      .set({ ...columns(clean), updatedBy: adminId, updatedAt: new Date() })
      .where(eq(cannedResponses.id, id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', `canned response ${id}`);
    return row;
  }

  async remove(id: number): Promise<void> {
    const rows = await this.db
      .delete(cannedResponses)
      .where(eq(cannedResponses.id, id))
      .returning({ id: cannedResponses.id });
    if (rows.length === 0) throw new AppError('NOT_FOUND', `canned response ${id}`);
  }
}

function facts(row: CannedRow) {
  return { group: row.groupName, visibility: row.visibility, createdBy: row.createdBy };
}

function columns(input: CannedInput) {
  return { groupName: input.group, title: input.title, body: input.body, visibility: input.visibility };
}

/** Checks a canned response before saving: a title and a body, and no unknown or malformed placeholder (400). */
export function checkCanned(input: CannedInput): CannedInput {
  const clean: CannedInput = {
    group: input.group.replace(/\s+/g, ' ').trim().slice(0, TEXT_MAX),
    title: input.title.replace(/\s+/g, ' ').trim().slice(0, TEXT_MAX),
    body: input.body.replace(/\r\n?/g, '\n').trim(),
    visibility: input.visibility,
  };
  const fields: FieldError[] = [];
  if (!clean.title) fields.push({ field: 'title', key: 'field.required' });
  if (!clean.body) fields.push({ field: 'body', key: 'field.required' });
  const parsed = parseTemplate(clean.body);
  if (!parsed.ok)
    for (const error of parsed.errors) fields.push({ field: 'body', message: templateErrorMessage(error) });
  if (fields.length > 0) throw new AppError('VALIDATION_ERROR', 'canned response refused', { fields });
  return clean;
}

/**
 * A canned response filled with values for insertion: plain text (what goes into a reply box), the same as HTML
 * (every value and the text escaped, line breaks as <br>), and the placeholders that had no value (left as {{name}}).
 */
export function fillCanned(row: CannedRow, values: TemplateValues, language: Language) {
  const text = previewTemplate(row.body, values, 'text');
  if (!text.ok) throw new Error(`stored canned response ${row.id} has bad placeholders`);
  return {
    id: row.id,
    title: row.title,
    text: text.output,
    html: escapeHtml(text.output).replace(/\n/g, '<br>\n'),
    missing: text.missing.map((name) => ({ name, label: translateDomainMessage(language, placeholderLabel(name)) })),
    missing_message: text.missing.length ? translateDomainMessage(language, missingValuesMessage(text.missing)) : null,
  };
}

export function cannedOut(row: CannedRow) {
  return {
    id: row.id,
    group: row.groupName,
    title: row.title,
    body: row.body,
    visibility: row.visibility,
    created_by: row.createdBy,
    updated_at: row.updatedAt.toISOString(),
  };
}
