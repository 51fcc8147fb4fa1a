import { ASSISTANT_MARKDOWN_MAX, ASSISTANT_MARKDOWN_MAX_DEPTH, mayWorkOnItem } from '@ventanilla/domain';
import { and, eq } from 'drizzle-orm';
import type { AssistantConfig } from '../../config/assistant-config.js';
import type { Db } from '../../db/database.js';
import { itemAssistant, itemFiles, orderItems, orders } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import type { ItemActionsService } from '../backoffice/index.js';
import type { CatalogService } from '../catalog/index.js';
import type { SessionUser } from '../../shared/session-types.js';
import { type FileStorage, readStoredFile } from '../files/index.js';
import type { LegalEntities } from '../invoicing/index.js';
import { recordHistory } from '../order-records/index.js';
import { pdfText } from '../saved-items/index.js';
import type { ChatMessage } from './chat-client.js';
import type { Letterhead } from './markdown-pdf.js';

/** The spec's three drafting calls: generateTogaDocument, togaBotAgent, generaPildoraIA. */
export type DraftKind = 'document' | 'agent' | 'pildora';

/** Text of an order's document given to the model at most (a long deed would not fit its context anyway). */
const FILE_TEXT_MAX = 20_000;

const SYSTEM: Record<DraftKind, string> = {
  document:
    'Eres el asistente de redacción de una gestoría de trámites registrales y administrativos (España, Portugal, ' +
    'Irlanda). Redacta el documento que pide el agente a partir de los datos del pedido y del documento adjunto. ' +
    'Responde solo con el documento, en markdown (títulos, listas, tablas si hacen falta), en el idioma de la ' +
    'instrucción, sin explicaciones ni comentarios. No inventes datos: deja [POR COMPLETAR] donde falte uno.',
  agent:
    'Eres el asistente de los agentes del back office de una gestoría de trámites registrales y administrativos. ' +
    'Responde a la pregunta del agente sobre el pedido de forma breve y precisa, en markdown. Si no lo sabes, dilo.',
  pildora:
    'Eres el asistente de los agentes de una gestoría. Resume el pedido en una "píldora": de 3 a 6 viñetas en ' +
    'markdown con lo esencial del trámite, los datos clave y el siguiente paso. Sin introducción.',
};

export interface AssistantStatus {
  configured: boolean;
  disabled: boolean;
  model: string | null;
}

/**
 * The document assistant (docs/integrations.md, "Document assistant"): what a draft sends the model, the switch that
 * turns it off per item (the spec's disablePedidoIA), and markdown turned into a PDF with the store's letterhead,
 * downloaded or attached to the item as one of its documents.
 */
export class AssistantService {
  private running = 0;

  constructor(
    private readonly db: Db,
    private readonly config: AssistantConfig,
    private readonly catalog: CatalogService,
    private readonly legalEntities: LegalEntities,
    private readonly itemActions: ItemActionsService,
    private readonly files: FileStorage,
    private readonly now: () => Date,
    private readonly defaultStoreId: number,
  ) {}

  /** The item as the account may see it (a notary sees notary work only: anything else is 404). */
  private async item(user: SessionUser, itemId: number) {
    const [row] = await this.db
      .select({ item: orderItems, storeId: orders.storeId, disabled: itemAssistant.disabled })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .leftJoin(itemAssistant, eq(itemAssistant.itemId, orderItems.itemId))
      .where(eq(orderItems.itemId, itemId));
    if (!row || user.role === 'customer' || !mayWorkOnItem(user.role, row.item.panelStatusId))
      throw new AppError('NOT_FOUND', `item ${itemId}`);
    return { ...row, disabled: row.disabled ?? false };
  }

  async status(user: SessionUser, itemId: number): Promise<AssistantStatus> {
    const row = await this.item(user, itemId);
    return {
      configured: this.config.apiUrl !== null,
      disabled: row.disabled,
      model: this.config.apiUrl ? this.config.model : null,
    };
  }

  /** Turns the assistant off (or back on) for an item; the history says who and when. */
  async setDisabled(user: SessionUser, itemId: number, disabled: boolean): Promise<AssistantStatus> {
    await this.item(user, itemId);
    await this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ disabled: itemAssistant.disabled })
        .from(itemAssistant)
        .where(eq(itemAssistant.itemId, itemId))
        .for('update');
      if ((before?.disabled ?? false) === disabled) return;
      await tx
        .insert(itemAssistant)
        .values({ itemId, disabled, changedBy: user.id, updatedAt: this.now() })
        .onConflictDoUpdate({
          target: itemAssistant.itemId,
          set: { disabled, changedBy: user.id, updatedAt: this.now() },
        });
      await recordHistory(tx, [
        { itemId, adminUserId: user.id, accion: disabled ? 'asistente_desactivado' : 'asistente_activado' },
      ]);
    });
    return this.status(user, itemId);
  }

  /**
   * What a draft sends the model: the instructions, the item's product, reference and answers (not the customer's
   * contact data), the chosen document's text, and the agent's instruction. Refuses before anything streams: no model
   * (503), the assistant off for the item (409), an unknown file (404), too many drafts at once (429).
   */
  async prepare(
    user: SessionUser,
    itemId: number,
    kind: DraftKind,
    input: { query?: string; fileId?: number },
  ): Promise<{ config: AssistantConfig & { apiUrl: string }; messages: ChatMessage[]; release: () => void }> {
    const row = await this.item(user, itemId);
    const apiUrl = this.config.apiUrl;
    if (!apiUrl) throw new AppError('ASSISTANT_NOT_CONFIGURED', 'no ASSISTANT_API_URL');
    if (row.disabled) throw new AppError('ASSISTANT_DISABLED', `assistant off for item ${itemId}`);
    const query = input.query?.trim() ?? '';
    if (kind !== 'pildora' && !query) {
      throw new AppError('VALIDATION_ERROR', 'empty query', { fields: [{ field: 'query', key: 'field.required' }] });
    }
    let attachment = '';
    if (input.fileId !== undefined) {
      const [file] = await this.db
        .select()
        .from(itemFiles)
        .where(and(eq(itemFiles.id, input.fileId), eq(itemFiles.itemId, itemId)));
      if (!file) throw new AppError('NOT_FOUND', `file ${input.fileId} of item ${itemId}`);
      attachment = `\n\nDocumento del pedido «${file.filename}»:\n${await this.fileText(file)}`;
    }
    const item = row.item;
    const answers = item.productOptions
      .filter((a) => a.print_value || a.value)
      .map((a) => `- ${a.label}: ${a.print_value || a.value}`)
      .join('\n');
    const context =
      `Pedido ${item.itemId} (tienda ${row.storeId}): ${item.productName}` +
      (item.referencia ? `\nReferencia: ${item.referencia}` : '') +
      (answers ? `\nDatos del trámite:\n${answers}` : '') +
      attachment;
    const user_ = kind === 'pildora' ? context : `${context}\n\nInstrucción del agente:\n${query}`;
    if (this.running >= this.config.maxConcurrent)
      throw new AppError('ASSISTANT_BUSY', `${this.running} drafts running`);
    this.running++;
    let released = false;
    return {
      config: { ...this.config, apiUrl },
      messages: [
        { role: 'system', content: SYSTEM[kind] },
        { role: 'user', content: user_ },
      ],
      release: () => {
        if (!released) this.running--;
        released = true;
      },
    };
  }

  private async fileText(file: typeof itemFiles.$inferSelect): Promise<string> {
    if (file.contentType !== 'application/pdf') return '(imagen: sin texto legible)';
    try {
      const text = await pdfText(await readStoredFile(this.files, file.storageKey));
      return text.length > FILE_TEXT_MAX ? `${text.slice(0, FILE_TEXT_MAX)}\n[...]` : text;
    } catch {
      return '(PDF sin texto legible)';
    }
  }

  private letterhead(storeId: number): Letterhead {
    const store = this.catalog.getStore(storeId) ?? this.catalog.getStore(this.defaultStoreId);
    const entity = this.legalEntities.forStore(store?.storeId ?? this.defaultStoreId).entity;
    return {
      brand: store?.name ?? 'Ventanilla',
      legalName: entity.legal_name,
      taxId: entity.tax_id,
      address: entity.address,
      ...(entity.email ? { email: entity.email } : {}),
    };
  }

  /** Markdown as a PDF with the store's letterhead (400 for NUL bytes or too deep nesting, 413 too long). */
  async pdf(markdown: string, storeId: number, title: string): Promise<Uint8Array> {
    if (markdown.length > ASSISTANT_MARKDOWN_MAX) {
      throw new AppError('CONTENT_TOO_LARGE', `${markdown.length} characters`, {
        params: { max: ASSISTANT_MARKDOWN_MAX },
      });
    }
    if (markdown.includes('\u0000')) {
      throw new AppError('VALIDATION_ERROR', 'NUL in content', {
        fields: [{ field: 'content', key: 'field.invalid_characters' }],
      });
    }
    if (!markdown.trim()) {
      throw new AppError('VALIDATION_ERROR', 'empty content', {
        fields: [{ field: 'content', key: 'field.required' }],
      });
    }
    // Loaded on first use: pdf-lib is ~170 modules that a start would otherwise compile (docs/performance.md).
    const { MarkdownTooDeepError, renderMarkdownPdf } = await import('./markdown-pdf.js');
    try {
      return await renderMarkdownPdf(markdown, { letterhead: this.letterhead(storeId), title, now: this.now() });
    } catch (error) {
      if (error instanceof MarkdownTooDeepError) {
        throw new AppError('VALIDATION_ERROR', error.message, {
          fields: [{ field: 'content', key: 'markdown.too_deep', params: { max: ASSISTANT_MARKDOWN_MAX_DEPTH } }],
        });
      }
      throw new AppError('PDF_FAILED', `markdown pdf: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The default store's letterhead (the contract route names no item). */
  get fallbackStoreId(): number {
    return this.defaultStoreId;
  }

  /** The spec's generatePdfFromMarkdown for an item: the PDF becomes one of its documents (history: archivo_subido). */
  async attachPdf(user: SessionUser, itemId: number, markdown: string, version: string, filename?: string) {
    const row = await this.item(user, itemId);
    const date = this.now().toISOString().slice(0, 10);
    const name = (filename?.trim() || `documento-${itemId}-${date}`).replace(/\.pdf$/i, '');
    const bytes = await this.pdf(markdown, row.storeId, name);
    const file = await this.itemActions.addFile(
      user,
      itemId,
      { filename: `${name}.pdf`, bytes: Buffer.from(bytes) },
      version,
    );
    return file;
  }
}
