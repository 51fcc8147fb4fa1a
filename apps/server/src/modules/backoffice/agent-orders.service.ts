import { and, asc, eq, sql } from 'drizzle-orm';
import {
  checkAccountEmail,
  checkLocalizaciones,
  checkQpPerson,
  describeAnswers,
  formatMoneyString,
  NAME_MAX,
  orderability,
  orderTotals,
  PanelStatus,
  parseMoney,
  qpMaximoOfAnswers,
  type QpLocalizationInput,
} from '@ventanilla/domain';
import type { Db, Tx } from '../../db/database.js';
import { orderItems, orders, qpLocalizations, qpNames, users } from '../../db/schema.js';
import { AppError, type FieldError } from '../../shared/app-error.js';
import { refuseUnorderable } from '../cart/index.js';
import { type CatalogService, evaluateProduct, offerOf, priceOut, type RawAnswers } from '../catalog/index.js';
import type { SessionState, SessionUser } from '../../shared/session-types.js';
import { placeDirectory } from '../geo/index.js';
import { allocateOrderNumber, type OrderEvents, recordHistory } from '../order-records/index.js';
import { type PasswordResetService, unusablePasswordHash } from '../customers/index.js';
import { attachAnswerUploads, ownerOf, type UploadsService } from '../uploads/index.js';
import { addQpName, lockQpItem, processQpNames, qpFields, qpProductIds, readQpList } from '../person-search/index.js';

export interface AgentOrderInput {
  customer: { email: string; firstname?: string; lastname?: string };
  storeId: number;
  urlKey: string;
  answers: RawAnswers;
  /** The total the agent's screen showed: only compared with the server's own (never used). */
  shownTotal?: string;
}

/**
 * Orders created by agents for customers (new procedure, Create NS, Create QP) and the QP person-search lists
 * (docs/backoffice.md, "Orders created by agents"). The answers go through the product's engine exactly as at
 * checkout; prices are the server's; the order is unpaid and the customer pays it by the e-mailed link.
 */
export class AgentOrdersService {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
    private readonly uploads: UploadsService,
    private readonly orderEvents: OrderEvents,
    private readonly passwordReset: PasswordResetService,
  ) {}

  /** The customer of an e-mail (accounts of staff are refused), created with no password (and invited) when absent. */
  private async customerFor(tx: Tx, input: AgentOrderInput['customer']) {
    const emailProblem = checkAccountEmail(input.email);
    if (emailProblem) {
      throw new AppError('VALIDATION_ERROR', 'customer email', {
        fields: [{ field: 'customer.email', message: emailProblem }],
      });
    }
    const email = input.email.trim().toLowerCase();
    const [found] = await tx
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email));
    if (found) {
      if (found.role !== 'customer') {
        throw new AppError('VALIDATION_ERROR', 'not a customer account', {
          fields: [{ field: 'customer.email', key: 'field.invalid', code: 'not_a_customer' }],
        });
      }
      return { user: found, created: false };
    }
    const fields: FieldError[] = [];
    const names = { firstname: (input.firstname ?? '').trim(), lastname: (input.lastname ?? '').trim() };
    for (const field of ['firstname', 'lastname'] as const) {
      const value = names[field];
      // eslint-disable-next-line no-control-regex
      if (/[\u0000-\u001f\u007f]/.test(value))
        fields.push({ field: `customer.${field}`, key: 'field.invalid_characters' });
      else if (!value) fields.push({ field: `customer.${field}`, key: 'field.required' });
      else if (value.length > NAME_MAX)
        fields.push({ field: `customer.${field}`, key: 'field.too_long', params: { max: NAME_MAX } });
    }
    if (fields.length) throw new AppError('VALIDATION_ERROR', 'new customer', { fields });
    const passwordHash = await unusablePasswordHash();
    const [user] = await tx
      .insert(users)
      .values({ email, passwordHash, ...names, role: 'customer' })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (user) return { user, created: true };
    // Created meanwhile by a concurrent request: use it (the same checks as above).
    const [raced] = await tx.select().from(users).where(eq(users.email, email));
    if (!raced || raced.role !== 'customer') throw new AppError('EMAIL_TAKEN');
    return { user: raced, created: false };
  }

  private productOf(storeId: number, urlKey: string) {
    const store = this.catalog.getStore(storeId);
    const product = store ? this.catalog.findProduct(storeId, urlKey) : undefined;
    if (!store || !product) throw new AppError('NOT_FOUND', `product ${urlKey} in store ${storeId}`);
    return { store, product };
  }

  /** Creates the unpaid order for the customer; its history names the agent; the customer is e-mailed a pay link. */
  async create(session: SessionState, agent: SessionUser, input: AgentOrderInput) {
    const { store, product } = this.productOf(input.storeId, input.urlKey);
    // Documents answering file questions were uploaded by the agent (the agent's session owns them).
    const files = await this.uploads.resolverFor(this.db, ownerOf(session), [input.answers]);
    const evaluation = evaluateProduct(store, product, input.answers, files);
    const verdict = orderability(offerOf(product), input.storeId, evaluation);
    if (!verdict.orderable) {
      refuseUnorderable(verdict, store, (id) => this.catalog.findProductById(input.storeId, id), 'agent order');
    }
    const described = describeAnswers(product.form, evaluation.answers, placeDirectory());
    const totals = orderTotals([{ price: evaluation.price, qty: 1 }], store.vatRate);
    const line = totals.lines[0]!;
    const result = await this.db.transaction(async (tx) => {
      const { user, created } = await this.customerFor(tx, input.customer);
      // A customer the agent just created gets an invitation (a single-use link that sets the password), in the
      // order's store language, beside the order's pay link.
      if (created) await this.passwordReset.invite(tx, user, store.storeId, false);
      const orderId = await allocateOrderNumber(tx, store.storeId);
      await tx.insert(orders).values({
        orderId,
        storeId: store.storeId,
        customerId: user.id,
        status: 'pending',
        taxRateBp: store.vatRate,
        subtotal: totals.subtotal,
        taxAmount: totals.tax,
        fees: totals.fees,
        total: totals.total,
        customerEmail: user.email,
        customerFirstname: user.firstname,
        customerLastname: user.lastname,
      });
      const [item] = await tx
        .insert(orderItems)
        .values({
          orderId,
          productId: product.row.productId,
          productName: product.row.name,
          qty: 1,
          answers: evaluation.answers,
          productOptions: described,
          basePrice: evaluation.price.base,
          optionsPrice: evaluation.price.options,
          subtotal: line.subtotal,
          taxAmount: line.tax,
          fees: line.fees,
          total: line.total,
          panelStatusId: PanelStatus.PendingPayment,
          origin: 'backoffice',
        })
        .returning({ itemId: orderItems.itemId });
      if (!item) throw new Error('item insert returned nothing');
      await recordHistory(tx, [
        {
          itemId: item.itemId,
          accion: 'pedido_creado_agente',
          newStatus: PanelStatus.PendingPayment,
          adminUserId: agent.id,
          details: { agent_email: agent.email, customer_created: created },
        },
      ]);
      await attachAnswerUploads(tx, agent.id, [{ itemId: item.itemId, answers: evaluation.answers }]);
      // The "order received" e-mail with its pay link (payment/order/{order_id}) goes through the outbox.
      await this.orderEvents.emit('placed', tx, { orderId, paymentId: null, method: null, agentId: agent.id });
      return { orderId, itemId: item.itemId, customerId: user.id, created };
    });
    const shown = input.shownTotal === undefined ? null : parseMoney(input.shownTotal);
    return {
      order_id: result.orderId,
      item_id: result.itemId,
      customer_id: result.customerId,
      customer_created: result.created,
      total: formatMoneyString(totals.total),
      price: priceOut(evaluation.price),
      /** The screen showed another total: the server's (this one) was used. */
      price_changed: input.shownTotal !== undefined && shown !== totals.total,
      pay_path: `/payment/order/${result.orderId}`,
    };
  }

  /** A QP item (the person-search product), or not found. */
  private async qpItem(db: Db | Tx, itemId: number) {
    const [row] = await db
      .select({ itemId: orderItems.itemId, answers: orderItems.answers, productId: orderItems.productId })
      .from(orderItems)
      .where(eq(orderItems.itemId, itemId));
    if (!row || !qpProductIds(this.catalog).has(row.productId)) throw new AppError('NOT_FOUND', `QP item ${itemId}`);
    return { itemId: row.itemId, paidMaximo: qpMaximoOfAnswers(row.answers) };
  }

  /** listaNombresQP: the item's people (processed or not), its localizations and how many more fit. */
  async lists(itemId: number, db: Db | Tx = this.db) {
    const item = await this.qpItem(db, itemId);
    const list = await readQpList(db, itemId);
    return {
      item_id: itemId,
      paid_maximo: item.paidMaximo,
      maximo: list.maximo,
      room: Math.max((list.maximo ?? 0) - list.localizations.length, 0),
      names: list.names.map((n) => ({ ...n.out, maximo: n.row.maximo })),
      localizations: list.localizations.map((l) => ({ ...l.out, created_at: l.row.createdAt.toISOString() })),
    };
  }

  /**
   * searchListaNombresQP: adds a person to search for to the item's list and answers which other QP items searched
   * the same NIF before (their localizations may already answer it).
   */
  async addName(agent: SessionUser, input: { item_id: number; nombre: string; apellidos: string; nif: string }) {
    const check = checkQpPerson(input);
    if (!check.ok) throw new AppError('VALIDATION_ERROR', 'qp person', { fields: qpFields(check.problems) });
    const person = check.value;
    return this.db.transaction(async (tx) => {
      await this.qpItem(tx, input.item_id);
      // Serialises additions to one item: the list's limit holds under concurrent requests.
      const locked = await lockQpItem(tx, input.item_id);
      await addQpName(locked, person, agent.id, {
        accion: 'qp_nombre_anadido',
        adminUserId: agent.id,
        details: { nombre: person.nombre, apellidos: person.apellidos, nif: person.nif },
      });
      const earlier = await tx
        .selectDistinct({ itemId: qpNames.itemId })
        .from(qpNames)
        .where(and(eq(qpNames.nif, person.nif), sql`${qpNames.itemId} <> ${input.item_id}`))
        .orderBy(asc(qpNames.itemId))
        .limit(20);
      return { ...(await this.lists(input.item_id, tx)), earlier_item_ids: earlier.map((e) => e.itemId) };
    });
  }

  /** tramitaListaNombresQP: sends the chosen pending names for searching with a maximum of properties to locate. */
  async processNames(agent: SessionUser, itemId: number, input: { maximo: number; list: number[] }, now: Date) {
    return this.db.transaction(async (tx) => {
      const item = await this.qpItem(tx, itemId);
      const locked = await lockQpItem(tx, itemId);
      await processQpNames(locked, input, item.paidMaximo, now, (sent) => ({
        accion: 'qp_nombres_tramitados',
        adminUserId: agent.id,
        details: { maximo: sent.maximo, names: sent.list },
      }));
      return this.lists(itemId, tx);
    });
  }

  /** tramitaLocalizaciones: records the properties found, at most the processed maximum in all. */
  async addLocalizations(agent: SessionUser, itemId: number, list: QpLocalizationInput[]) {
    return this.db.transaction(async (tx) => {
      await this.qpItem(tx, itemId);
      await lockQpItem(tx, itemId);
      const current = await this.lists(itemId, tx);
      const check = checkLocalizaciones(list, current.room);
      if (!check.ok) throw new AppError('VALIDATION_ERROR', 'localizations', { fields: qpFields(check.problems) });
      await tx.insert(qpLocalizations).values(check.value.map((l) => ({ itemId, ...l, adminUserId: agent.id })));
      await recordHistory(tx, [
        {
          itemId,
          accion: 'qp_localizaciones',
          adminUserId: agent.id,
          details: { count: check.value.length },
        },
      ]);
      return this.lists(itemId, tx);
    });
  }
}
