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

  async render(document: MailDocument): Promise<Uint8Array> {
    switch (document.type) {
      case 'invoice':
        return (await this.invoicing.pdf(await this.invoicing.byId(document.invoiceId))).bytes;
      case 'withdrawal_form':
        return this.withdrawalForm(document.orderId, document.storeId);
      case 'terms':
        return this.termsAccepted(document.orderId);
    }
  }

  /**
   * The model withdrawal form of an order, in its store's language and its seller's wording. `knownStoreId`: the
   * order's store as its message recorded it (an order never changes store), which saves reading the order.
   */
  async withdrawalForm(orderId: number, knownStoreId?: number): Promise<Uint8Array> {
    const storeId = knownStoreId ?? (await this.storeIdOf(orderId));
    const store = this.storeOf(storeId);
    const entity = this.entities.forStore(storeId).entity;
    const { renderWithdrawalFormPdf } = await import('./withdrawal-form-pdf.js');
    return renderWithdrawalFormPdf({
      variant: withdrawalFormVariant(store?.language ?? 'es', store?.country ?? entity.country),
      seller: { legal_name: entity.legal_name, address: entity.address, email: entity.email },
      storeName: store?.name ?? 'Ventanilla',
      orderId,
      now: this.now(),
    });
  }

  /**
   * The terms of sale an order's customer accepted, in the language they accepted them, with the store's seller. The
   * text is the domain's: it is printed only when it is the very version the order keeps (date and SHA-256), else this
   * throws and the message waits, never carrying terms the customer did not accept.
   */
  async termsAccepted(orderId: number): Promise<Uint8Array> {
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
    const { version, hash, language, acceptedAt } = order;
    if (!version || !hash || !acceptedAt || !isLanguage(language))
      throw new Error(`order ${orderId} has no accepted terms to print`);
    const current = currentTermsVersion(language);
    if (current.version !== version || current.hash !== hash)
      throw new Error(`order ${orderId} accepted terms ${version}/${hash.slice(0, 12)}, not the text this build has`);
    const store = this.storeOf(order.storeId);
    const entity = this.entities.forStore(order.storeId).entity;
    const { renderTermsPdf } = await import('./terms-pdf.js');
    return renderTermsPdf({
      language,
      storeName: store?.name ?? 'Ventanilla',
      country: store?.country ?? entity.country,
      seller: entity,
      orderId,
      version,
      hash,
      acceptedAt,
      now: this.now(),
    });
  }

  private async storeIdOf(orderId: number): Promise<number> {
    const [order] = await this.db.select({ storeId: orders.storeId }).from(orders).where(eq(orders.orderId, orderId));
    if (!order) throw new Error(`order ${orderId} not found for its withdrawal form`);
    return order.storeId;
  }
}
