import { cartOrderability } from '@ventanilla/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { carts, customerBilling, users } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import { cartOut, type CartService, refuseUnorderable } from '../cart/index.js';
import type { CatalogService } from '../catalog/index.js';
import type { SessionState, SessionUser } from '../../shared/session-types.js';
import type { PayLinks, PaymentMethodCode } from '../payments/index.js';
import type { CheckoutConsents, CheckoutService } from './checkout.service.js';

type CartRow = typeof carts.$inferSelect;

/**
 * The quote link (payment/quote/{quote_id}#k=<key>; docs/shop-flows.md, "Quote link"): the owner of a cart lets
 * another person (a company's accountant) pay it. The key is the agent pay link's mechanism (PayLinks: HMAC-SHA256
 * with PAY_LINK_SECRET, expiring after PAY_LINK_TTL_DAYS) over the quote and the cart's link generation, which the
 * owner raises to revoke and every change to the lines raises. The payer sees the lines' products, quantities and
 * prices and the invoice holder, nothing else of the owner.
 */
export class QuoteLinksService {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
    private readonly carts: CartService,
    private readonly checkout: CheckoutService,
    private readonly payLinks: PayLinks,
  ) {}

  /** A link for the owner's active cart in this store; an empty or unorderable cart has none to give. */
  async create(session: SessionState, user: SessionUser, storeId: number) {
    const cart = await this.carts.findActive(this.db, session, storeId);
    if (!cart || cart.userId !== user.id) throw new AppError('CART_EMPTY');
    const priced = await this.carts.price(this.db, cart);
    const verdict = cartOrderability(priced.lines.map((l) => l.evaluation));
    if (!verdict.orderable) {
      refuseUnorderable(verdict, priced.store, (id) => this.catalog.findProductById(storeId, id), 'quote link');
    }
    const { key, expiresAt } = this.payLinks.signQuote(cart.quoteId, cart.linkGeneration);
    return {
      quote_id: cart.quoteId,
      key,
      url: `/payment/quote/${cart.quoteId}#k=${key}`,
      expires_at: new Date(expiresAt * 1000).toISOString(),
    };
  }

  /** Revokes every link of the owner's active cart (none: nothing to revoke, still 204). */
  async revoke(session: SessionState, user: SessionUser, storeId: number): Promise<void> {
    const cart = await this.carts.findActive(this.db, session, storeId);
    if (!cart || cart.userId !== user.id) return;
    await this.db
      .update(carts)
      .set({ linkGeneration: sql`${carts.linkGeneration} + 1` })
      .where(eq(carts.quoteId, cart.quoteId));
  }

  /** The cart a presented link opens: a link that is not this cart's current one is 404, a real one past its time 410. */
  private async authorise(quoteId: number, key: string): Promise<CartRow> {
    const [cart] = await this.db.select().from(carts).where(eq(carts.quoteId, quoteId));
    // A cart merged into another on sign-in, or one without an owner, has no link to honour.
    const usable = cart && cart.userId !== null && (cart.status === 'active' || cart.status === 'converted');
    const verdict = usable ? this.payLinks.judgeQuote(quoteId, cart.linkGeneration, key) : 'invalid';
    if (verdict === 'expired') throw new AppError('PAY_LINK_EXPIRED', `quote ${quoteId}`);
    if (verdict !== 'valid' || !cart) throw new AppError('NOT_FOUND', `quote link ${quoteId}`);
    return cart;
  }

  /** What the payer sees: the lines (product, quantity, price), the totals, who the invoice is for, and the order. */
  async view(quoteId: number, key: string) {
    const cart = await this.authorise(quoteId, key);
    const order = await this.checkout.quoteOrderState(cart);
    const priced = cart.status === 'active' ? cartOut(await this.carts.price(this.db, cart)) : null;
    const [holder] = await this.db
      .select({
        firstname: users.firstname,
        lastname: users.lastname,
        billingName: customerBilling.name,
        taxId: customerBilling.taxId,
      })
      .from(users)
      .leftJoin(customerBilling, eq(customerBilling.userId, users.id))
      .where(eq(users.id, cart.userId!));
    return {
      quote_id: cart.quoteId,
      store_id: cart.storeId,
      items: (priced?.items ?? []).map((i) => ({
        product_name: i.product_name,
        qty: i.qty,
        unit_total: i.price.total,
      })),
      totals: priced?.totals ?? null,
      invoice: {
        name: holder?.billingName ?? `${holder?.firstname ?? ''} ${holder?.lastname ?? ''}`.trim(),
        tax_id: holder?.taxId ?? null,
      },
      order,
    };
  }

  async pay(quoteId: number, key: string, method: PaymentMethodCode, consents: CheckoutConsents) {
    await this.authorise(quoteId, key);
    return this.checkout.payQuote(quoteId, method, consents);
  }
}
