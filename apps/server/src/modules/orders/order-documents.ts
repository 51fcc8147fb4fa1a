import { isLanguage, withdrawalFormVariant, type Language } from '@ventanilla/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { orders, type MailDocument } from '../../db/schema.js';
import type { InvoicingService, LegalEntities } from '../invoicing/index.js';
import { currentTermsVersion } from '../../shared/terms-version.js';

/**
 * The documents e-mails carry, made when each message is sent (EmailDispatcher.renderDocument), from rows that do not
 * change: an invoice or credit note (the same PDF as its download), an order's model withdrawal form filled with its
 * store's seller, and the terms of sale its customer accepted (docs/withdrawal.md). Nothing is rendered inside the
 * transaction that queues the message.
 */
export class OrderDocuments {
  constructor(
    private readonly db: Db,
    private readonly invoicing: InvoicingService,
    private readonly entities: LegalEntities,
    private readonly storeOf: (storeId: number) => { name: string; language: Language; country: string } | undefined,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The documents that are the same for many orders (a store's withdrawal form, a version of the terms). */
  private readonly rendered = new RenderedDocuments();

  async render(document: MailDocument): Promise<Uint8Array> {
    switch (document.type) {
      case 'invoice':
        return (await this.invoicing.pdf(await this.invoicing.byId(document.invoiceId))).bytes;
      case 'withdrawal_form':
        return this.withdrawalForm(document.orderId, document.storeId);
      case 'terms':
        return this.termsAccepted(document);
    }
  }

  /**
   * The model withdrawal form of an order's store, in its language and its seller's wording. It is the store's form,
   * the same for every order (the e-mail names the order), so it is made once per store and seller and kept: a paid
   * order's confirmation costs no PDF rendering (docs/performance.md). `knownStoreId`: the order's store as its
   * message recorded it (an order never changes store), which saves reading the order.
   */
  async withdrawalForm(orderId: number, knownStoreId?: number): Promise<Uint8Array> {
    const storeId = knownStoreId ?? (await this.storeIdOf(orderId));
    const store = this.storeOf(storeId);
    const entity = this.entities.forStore(storeId).entity;
    const input = {
      variant: withdrawalFormVariant(store?.language ?? 'es', store?.country ?? entity.country),
      seller: { legal_name: entity.legal_name, address: entity.address, email: entity.email },
      storeName: store?.name ?? 'Ventanilla',
    };
    return this.rendered.get(['withdrawal_form', input], async () => {
      const { renderWithdrawalFormPdf } = await import('./withdrawal-form-pdf.js');
      return renderWithdrawalFormPdf({ ...input, now: this.now() });
    });
  }

  /**
   * The terms of sale an order's customer accepted, in the language they accepted them, with the store's seller. The
   * text is the domain's: it is printed only when it is the very version the order keeps (date and SHA-256), else this
   * throws and the message waits, never carrying terms the customer did not accept. The version, hash and language
   * are the message's (read from the order in the transaction that queued it); an older message's are read now.
   */
  async termsAccepted(document: Extract<MailDocument, { type: 'terms' }>): Promise<Uint8Array> {
    const { orderId } = document;
    const { storeId, version, hash, language } =
      document.storeId !== undefined && document.version && document.hash && document.language
        ? { ...document, storeId: document.storeId }
        : await this.acceptedTermsOf(orderId);
    if (!version || !hash || !isLanguage(language)) throw new Error(`order ${orderId} has no accepted terms to print`);
    const current = currentTermsVersion(language);
    if (current.version !== version || current.hash !== hash)
      throw new Error(`order ${orderId} accepted terms ${version}/${hash.slice(0, 12)}, not the text this build has`);
    const store = this.storeOf(storeId);
    const entity = this.entities.forStore(storeId).entity;
    // The version's text with the store's seller: the same for every order that accepted it (the e-mail names the
    // order and the order keeps when it was accepted), so it is made once and kept.
    const input = {
      language,
      storeName: store?.name ?? 'Ventanilla',
      country: store?.country ?? entity.country,
      seller: entity,
      version,
      hash,
    };
    return this.rendered.get(['terms', input], async () => {
      const { renderTermsPdf } = await import('./terms-pdf.js');
      return renderTermsPdf({ ...input, now: this.now() });
    });
  }

  /** The terms an order keeps as accepted (a message queued before they were carried in it). */
  private async acceptedTermsOf(orderId: number) {
    const [order] = await this.db
      .select({
        storeId: orders.storeId,
        version: orders.termsVersion,
        hash: orders.termsHash,
        language: orders.termsLanguage,
        acceptedAt: orders.termsAcceptedAt,
      })
      .from(orders)
      .where(eq(orders.orderId, orderId));
    if (!order) throw new Error(`order ${orderId} not found for its terms`);
    // Terms never accepted are none to print.
    return order.acceptedAt ? order : { ...order, version: null, hash: null };
  }

  private async storeIdOf(orderId: number): Promise<number> {
    const [order] = await this.db.select({ storeId: orders.storeId }).from(orders).where(eq(orders.orderId, orderId));
    if (!order) throw new Error(`order ${orderId} not found for its withdrawal form`);
    return order.storeId;
  }
}

/**
 * Rendered PDFs kept by what they are made from (at most MAX_KEPT, the least recently used dropped first): a
 * different seller, store name or version is a different key, so an edit never serves an old document.
 */
class RenderedDocuments {
  private readonly kept = new Map<string, Promise<Uint8Array>>();

  async get(key: unknown, render: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const id = JSON.stringify(key);
    let bytes = this.kept.get(id);
    if (bytes) {
      this.kept.delete(id);
    } else {
      bytes = render();
      // A failed rendering is not kept: the next message tries again.
      bytes.catch(() => this.kept.get(id) === bytes && this.kept.delete(id));
    }
    this.kept.set(id, bytes);
    if (this.kept.size > MAX_KEPT) this.kept.delete(this.kept.keys().next().value as string);
    return bytes;
  }
}

const MAX_KEPT = 64;
