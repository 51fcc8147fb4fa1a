import {
  isClientEmailAnswered,
  isCurrentVersion,
  mayWorkOnItem,
  nextVersion,
  PanelStatus,
  TEMPLATE_PLACEHOLDERS,
  type TemplatePlaceholder,
  type TemplateValues,
} from '@ventanilla/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/database.js';
import { itemFiles, itemHistory, orderItems, orders } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import type { ItemLocksService } from '../backoffice/index.js';
import type { SessionUser } from '../../shared/session-types.js';
import type { EmailService } from '../email/index.js';
import type { FileStorage } from '../files/index.js';
import { type OrderEvents, recordHistory } from '../order-records/index.js';
import {
  fillTemplate,
  type FilledTemplate,
  type TemplateKind,
  type TemplateRow,
  type TemplatesService,
} from './templates.service.js';

type ItemRow = typeof orderItems.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** History actions of the incident loop and the template actions (docs/backoffice.md). */
export const INCIDENCE_ACTION = 'incidencia';
export const INCIDENCE_ANSWER_ACTION = 'respuesta_incidencia';
const TEMPLATE_EMAIL_ACTION = 'email_plantilla';
const TEMPLATE_PDF_ACTION = 'pdf_plantilla';

const INCIDENCE_TEXT_MAX = 5000;

/** Values an agent types for placeholders the order cannot give (only the seventeen names; blank ones ignored). */
export type ValueOverrides = Partial<Record<string, string>>;

/**
 * The item's answers that fill the property placeholders, found by the question's label (the catalogue's forms name
 * them this way in es and pt); the first answer whose label matches wins.
 */
const ANSWER_LABELS: ReadonlyArray<[TemplatePlaceholder, RegExp]> = [
  // A number of the property, not any question about it ("Dirección de la finca" is the address).
  ['numero_finca', /(n[uú]mero|n\.?º).*(finca|pr[eé]dio)|(finca|pr[eé]dio).*(n[uú]mero|n\.?º)/i],
  ['municipio', /municipio|concelho/i],
  ['provincia', /provincia|distrito/i],
  ['titular', /titular/i],
  ['articulo_matriz', /art[ií]culo\s+matri/i],
  ['descripcion_registral', /descripci[oó]n\s+registral|descri[cç][aã]o/i],
  ['direccion', /direcci[oó]n|morada|address/i],
];

/** Whether a write was based on the item as it is now: `version` is the updated_at the client loaded. */
export function assertItemVersion(item: { itemId: number; updatedAt: Date }, version: string): void {
  if (!isCurrentVersion(item.updatedAt, version)) {
    throw new AppError('VERSION_CONFLICT', `item ${item.itemId} is at ${item.updatedAt.toISOString()}, not ${version}`);
  }
}

/** The agent's template actions on an item: preview, e-mail, PDF, and raising an incidence (status 60). */
export class ItemTemplatesService {
  constructor(
    private readonly db: Db,
    private readonly templates: TemplatesService,
    private readonly email: EmailService,
    private readonly files: FileStorage,
    private readonly orderEvents: OrderEvents,
    private readonly locks: ItemLocksService,
    private readonly now: () => Date,
  ) {}

  /**
   * The item under its row lock for a write (like the item actions): notaries act on notary work only (anything else is
   * 404 for them), the lease is checked again under the row lock, and the version must be the item's current one.
   */
  private async forWrite(tx: Tx, agent: SessionUser, itemId: number, version: string) {
    const row = await this.load(tx, itemId, true);
    if (!staffMayWork(agent, row.item.panelStatusId)) throw new AppError('NOT_FOUND', `item ${itemId}`);
    await this.locks.assertItemWritable(agent, itemId, tx);
    assertItemVersion(row.item, version);
    return row;
  }

  private async load(tx: DbOrTx, itemId: number, forUpdate: boolean): Promise<{ item: ItemRow; order: OrderRow }> {
    const query = tx
      .select({ item: orderItems, order: orders })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .where(eq(orderItems.itemId, itemId));
    const [row] = forUpdate ? await query.for('update', { of: orderItems }) : await query;
    if (!row) throw new AppError('NOT_FOUND', `item ${itemId}`);
    return row;
  }

  /** The placeholder values the order gives, then the agent's own for the rest. */
  values(item: ItemRow, order: OrderRow, overrides: ValueOverrides = {}): TemplateValues {
    const brand = this.email.brand(order.storeId);
    const values: TemplateValues = {
      logo: brand.link('favicon.svg'),
      nombre: `${order.customerFirstname} ${order.customerLastname}`.trim(),
      motivo: item.incidenciaText,
      url: brand.link(`customer/form/${item.itemId}/${order.orderId}`),
      nombre_web: brand.name,
      referencia: item.referencia,
      nombre_producto: item.productName,
      id: item.itemId,
      order_id: order.orderId,
      numero_pedido: order.orderId,
    };
    for (const [name, label] of ANSWER_LABELS) {
      const line = item.productOptions.find((o) => label.test(o.label) && (o.print_value || o.value));
      if (line) values[name] = line.print_value || line.value;
    }
    for (const name of TEMPLATE_PLACEHOLDERS) {
      const typed = overrides[name]?.trim();
      if (typed) values[name] = typed;
    }
    return values;
  }

  /** What the agent's preview fills for an item: the store's language and the order's values. */
  async previewContext(itemId: number, overrides: ValueOverrides) {
    const { item, order } = await this.load(this.db, itemId, false);
    return { language: this.email.brand(order.storeId).language, values: this.values(item, order, overrides) };
  }

  /**
   * The template in the item's store language, read before the write's transaction (the embedded database has one
   * connection: a read outside an open transaction would wait for it).
   */
  private async templateFor(kind: TemplateKind, templateId: number, itemId: number): Promise<TemplateRow> {
    const { order } = await this.load(this.db, itemId, false);
    return this.templates.forLanguage(kind, templateId, this.email.brand(order.storeId).language);
  }

  private async enqueue(
    tx: Tx,
    kind: 'template' | 'incidence',
    filled: FilledTemplate,
    item: ItemRow,
    order: OrderRow,
  ) {
    const brand = this.email.brand(order.storeId);
    const id = await this.email.enqueue(tx, {
      storeId: order.storeId,
      to: order.customerEmail,
      orderId: order.orderId,
      userId: order.customerId,
      message: {
        kind,
        subject: filled.subject,
        header: filled.header,
        bodyHtml: filled.body_html,
        bodyText: filled.body_text,
        button: filled.button
          ? {
              label: filled.button,
              url:
                kind === 'incidence'
                  ? brand.link(`customer/form/${item.itemId}/${order.orderId}`)
                  : brand.link(`orders/detail/${order.orderId}`),
            }
          : null,
      },
    });
    if (id === null) throw new Error('outbox insert returned nothing');
    return id;
  }

  /** Sends an e-mail template to the customer (in the store's language), recorded in the history. */
  async sendEmail(agent: SessionUser, itemId: number, templateId: number, version: string, overrides: ValueOverrides) {
    const row = await this.templateFor('email', templateId, itemId);
    return this.db.transaction(async (tx) => {
      const { item, order } = await this.forWrite(tx, agent, itemId, version);
      const filled = fillTemplate(row, this.values(item, order, overrides));
      const outboxId = await this.enqueue(tx, 'template', filled, item, order);
      const now = this.now();
      const [updated] = await tx
        .update(orderItems)
        .set({ staffMessageAt: now, updatedAt: nextVersion(item.updatedAt, now) })
        .where(eq(orderItems.itemId, itemId))
        .returning({ updatedAt: orderItems.updatedAt });
      await recordHistory(tx, [
        {
          itemId,
          accion: TEMPLATE_EMAIL_ACTION,
          adminUserId: agent.id,
          details: { template_id: templateId, outbox_id: outboxId, subject: filled.subject },
        },
      ]);
      return {
        outbox_id: outboxId,
        to: order.customerEmail,
        subject: filled.subject,
        updated_at: (updated?.updatedAt ?? now).toISOString(),
      };
    });
  }

  /** Generates a PDF (an authorisation, a letter) from an e-mail template and attaches it to the item's files. */
  async generatePdf(
    agent: SessionUser,
    itemId: number,
    templateId: number,
    version: string,
    overrides: ValueOverrides,
  ) {
    const { item, order } = await this.load(this.db, itemId, false);
    assertItemVersion(item, version);
    const row = await this.templateFor('email', templateId, itemId);
    const filled = fillTemplate(row, this.values(item, order, overrides));
    const { renderTemplatePdf } = await import('./template-pdf.js');
    const bytes = Buffer.from(
      await renderTemplatePdf({
        title: filled.header || row.name,
        body: filled.body_text,
        author: this.email.brand(order.storeId).name,
        date: this.now(),
      }),
    );
    const stored = await this.files.put(bytes);
    return this.db.transaction(async (tx) => {
      const { item: current } = await this.forWrite(tx, agent, itemId, version);
      const filename = `${
        row.name
          .replace(/[^\p{L}\p{N} _-]/gu, '')
          .trim()
          .slice(0, 80) || 'documento'
      } ${itemId}.pdf`;
      const [file] = await tx
        .insert(itemFiles)
        .values({
          itemId,
          filename,
          contentType: 'application/pdf',
          size: bytes.length,
          sha256: stored.sha256,
          storageKey: stored.key,
          uploadedBy: agent.id,
          visibleToCustomer: false,
        })
        .returning();
      if (!file) throw new Error('file insert returned nothing');
      const now = this.now();
      const [updated] = await tx
        .update(orderItems)
        .set({ updatedAt: nextVersion(current.updatedAt, now) })
        .where(eq(orderItems.itemId, itemId))
        .returning({ updatedAt: orderItems.updatedAt });
      await recordHistory(tx, [
        {
          itemId,
          accion: TEMPLATE_PDF_ACTION,
          adminUserId: agent.id,
          details: { template_id: templateId, file_id: file.id },
        },
      ]);
      return {
        id: file.id,
        filename: file.filename,
        content_type: file.contentType,
        size: file.size,
        created_at: file.createdAt.toISOString(),
        visible_to_customer: file.visibleToCustomer,
        updated_at: (updated?.updatedAt ?? now).toISOString(),
      };
    });
  }

  /**
   * Raises an incidence: status 60 with the template's id and the agent's text (the {{motivo}}), recorded in the
   * history, and the incidence e-mail to the customer in the store's language, all in one transaction.
   */
  async raiseIncidence(
    agent: SessionUser,
    itemId: number,
    input: { incidenceId: number; text: string; version: string; overrides: ValueOverrides },
  ) {
    const text = input.text.trim();
    if (!text)
      throw new AppError('VALIDATION_ERROR', 'empty incidence', { fields: [{ field: 'text', key: 'note.empty' }] });
    if (text.length > INCIDENCE_TEXT_MAX) {
      throw new AppError('VALIDATION_ERROR', 'long incidence', {
        fields: [{ field: 'text', key: 'field.too_long', params: { max: INCIDENCE_TEXT_MAX } }],
      });
    }
    const row = await this.templateFor('incidence', input.incidenceId, itemId);
    return this.db.transaction(async (tx) => {
      const { item, order } = await this.forWrite(tx, agent, itemId, input.version);
      const raised: ItemRow = { ...item, incidenciaText: text };
      const filled = fillTemplate(row, this.values(raised, order, input.overrides));
      const now = this.now();
      const [updated] = await tx
        .update(orderItems)
        .set({
          panelStatusId: PanelStatus.Incident,
          incidenciaStatusId: input.incidenceId,
          incidenciaText: text,
          staffMessageAt: now,
          updatedAt: nextVersion(item.updatedAt, now),
        })
        .where(eq(orderItems.itemId, itemId))
        .returning({ updatedAt: orderItems.updatedAt });
      const outboxId = await this.enqueue(tx, 'incidence', filled, raised, order);
      await recordHistory(tx, [
        {
          itemId,
          accion: INCIDENCE_ACTION,
          oldStatus: item.panelStatusId,
          newStatus: PanelStatus.Incident,
          adminUserId: agent.id,
          details: { incidence_id: input.incidenceId, text, outbox_id: outboxId },
        },
      ]);
      if (item.panelStatusId !== PanelStatus.Incident) {
        await this.orderEvents.emit('itemStatusChanged', tx, {
          orderId: order.orderId,
          itemId,
          oldStatus: item.panelStatusId,
          newStatus: PanelStatus.Incident,
          customerNotified: true,
        });
      }
      return {
        item_id: itemId,
        panel_status_id: PanelStatus.Incident,
        incidence_id: input.incidenceId,
        outbox_id: outboxId,
        updated_at: (updated?.updatedAt ?? now).toISOString(),
      };
    });
  }

  /** The item's incident as the agent sees it: the incidence, the text, and the customer's answers with files. */
  async incidence(viewer: SessionUser, itemId: number) {
    const { item, order } = await this.load(this.db, itemId, false);
    if (!staffMayWork(viewer, item.panelStatusId)) throw new AppError('NOT_FOUND', `item ${itemId}`);
    const language = this.email.brand(order.storeId).language;
    const template =
      item.incidenciaStatusId !== null
        ? await this.templates.find('incidence', item.incidenciaStatusId, language)
        : undefined;
    return {
      item_id: itemId,
      panel_status_id: item.panelStatusId,
      incidence_id: item.incidenciaStatusId,
      incidence_name: template?.name ?? null,
      text: item.incidenciaText,
      answered: isClientEmailAnswered({
        panelStatusId: item.panelStatusId,
        incidenciaStatusId: item.incidenciaStatusId,
        latestClientEmailAt: item.customerMessageAt,
        latestRegistryEmailAt: item.staffMessageAt,
      }),
      answers: await incidenceAnswers(this.db, itemId),
    };
  }
}

function staffMayWork(user: SessionUser, panelStatusId: number): boolean {
  return (
    (user.role === 'agent' || user.role === 'admin' || user.role === 'notary') &&
    mayWorkOnItem(user.role, panelStatusId)
  );
}

/** The customer's answers to an item's incidents, newest first, with the files each one brought. */
export async function incidenceAnswers(db: DbOrTx, itemId: number) {
  const rows = await db
    .select()
    .from(itemHistory)
    .where(and(eq(itemHistory.itemId, itemId), eq(itemHistory.accion, INCIDENCE_ANSWER_ACTION)))
    .orderBy(desc(itemHistory.id));
  const fileIds = rows.flatMap((r) => fileIdsOf(r.details));
  const files = fileIds.length ? await db.select().from(itemFiles).where(inArray(itemFiles.id, fileIds)) : [];
  return rows.map((r) => ({
    id: r.id,
    message: typeof r.details?.message === 'string' ? r.details.message : '',
    created_at: r.createdAt.toISOString(),
    files: fileIdsOf(r.details).flatMap((id) => {
      const f = files.find((file) => file.id === id);
      return f ? [{ id: f.id, filename: f.filename, content_type: f.contentType, size: f.size }] : [];
    }),
  }));
}

function fileIdsOf(details: Record<string, unknown> | null): number[] {
  const ids = details?.file_ids;
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
}
