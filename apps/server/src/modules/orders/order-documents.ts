import { withdrawalFormVariant, type Language } from '@ventanilla/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { orders, type MailDocument } from '../../db/schema.js';
import type { InvoicingService, LegalEntities } from '../invoicing/index.js';

/**
 * The documents e-mails carry, made when each message is sent (EmailDispatcher.renderDocument), from rows that do not
 * change: an invoice or credit note (the same PDF as its download), and an order's model withdrawal form filled with
 * its store's seller (docs/withdrawal.md). Nothing is rendered inside the transaction that queues the message.
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
        return this.withdrawalForm(document.orderId);
    }
  }

  /** The model withdrawal form of an order, in its store's language and its seller's wording. */
  async withdrawalForm(orderId: number): Promise<Uint8Array> {
    const [order] = await this.db.select({ storeId: orders.storeId }).from(orders).where(eq(orders.orderId, orderId));
    if (!order) throw new Error(`order ${orderId} not found for its withdrawal form`);
    const store = this.storeOf(order.storeId);
    const entity = this.entities.forStore(order.storeId).entity;
    const { renderWithdrawalFormPdf } = await import('./withdrawal-form-pdf.js');
    return renderWithdrawalFormPdf({
      variant: withdrawalFormVariant(store?.language ?? 'es', store?.country ?? entity.country),
      seller: { legal_name: entity.legal_name, address: entity.address, email: entity.email },
      storeName: store?.name ?? 'Ventanilla',
      orderId,
      now: this.now(),
    });
  }
}
