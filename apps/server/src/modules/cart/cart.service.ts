import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  answersVerdict,
  deliveryTimeOf,
  requiredConsents,
  startsAtOnce,
  checkCartQuantity,
  maxLineQuantity,
  describeAnswers,
  formatMoneyString,
  orderSummary,
  orderTotals,
  orderability,
  productOffer,
  refcatElsewhere,
  refcatPlaceChecks,
  translateDomainMessage,
  type CadastralRecord,
  type RefcatPlaceCheck,
  type CartOrderability,
  type Orderability,
  type AnswerValue,
  type DescribedAnswer,
  type FormEvaluation,
} from '@ventanilla/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { reusableSql, reusableStatement, rowOf } from '../../db/statements.js';
import { cartItems, carts } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import {
  type CatalogProduct,
  type CatalogService,
  errorsOut,
  evaluateProduct,
  offerOf,
  priceOut,
  type RawAnswers,
  type StoreInfo,
} from '../catalog/index.js';
import { placeDirectory } from '../geo/index.js';
import type { SessionState } from '../../shared/session-types.js';
import { ownerOf, type UploadsService } from '../uploads/index.js';

type CartRow = typeof carts.$inferSelect;
type CartLineRow = typeof cartItems.$inferSelect;

/** A cart line re-evaluated against the current catalogue (the server never trusts a stored or sent price). */
export interface PricedLine {
  id: number;
  product: CatalogProduct;
  qty: number;
  version: number;
  evaluation: FormEvaluation;
  described: DescribedAnswer[];
}

export interface PricedCart {
  cart: CartRow;
  store: StoreInfo;
  lines: PricedLine[];
}

export class CartService {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
    private readonly uploads: UploadsService,
    /** The cadastre's records of a reference (the lookups module's); without it references are not compared. */
    private readonly cadastre?: (query: RefcatPlaceCheck['query']) => Promise<CadastralRecord[]>,
  ) {}

  /**
   * A cadastral reference must be of a property in the municipality chosen beside it (the cadastre says where it is).
   * A reference the cadastre does not know, or a cadastre that cannot answer now, is not refused: nothing to compare.
   */
  private async refuseRefcatElsewhere(
    product: CatalogProduct,
    answers: Record<string, AnswerValue>,
    store: StoreInfo,
  ): Promise<void> {
    if (!this.cadastre) return;
    const errors = [];
    for (const check of refcatPlaceChecks(product.form, answers)) {
      const records = await this.cadastre(check.query).catch(() => []);
      const elsewhere = refcatElsewhere(records, check.municipalityCode);
      if (elsewhere === undefined) continue;
      errors.push({
        option_id: check.refcatOptionId,
        message: translateDomainMessage(store.language, {
          key: 'validator.refcat_municipality',
          params: { municipality: elsewhere },
        }),
      });
    }
    if (errors.length > 0) throw new AppError('INVALID_ANSWERS', 'cadastral reference elsewhere', { errors });
  }

  /** The active cart of this session (or of its user) in a store, if any (checkout locks it: lockActiveWithLines). */
  async findActive(db: DbOrTx, session: SessionState, storeId: number): Promise<CartRow | undefined> {
    const find = session.user ? activeCartOfUser : activeCartOfSession;
    const rows = await find(db, { owner: session.user ? session.user.id : session.idHash, storeId });
    return rows[0];
  }

  /**
   * The active cart of this session (or of its user) in a store, locked FOR UPDATE, with its lines, in one statement
   * (checkout: inside its transaction). See findActive.
   */
  async lockActiveWithLines(
    tx: DbOrTx,
    session: SessionState,
    storeId: number,
  ): Promise<{ cart: CartRow; lines: CartLineRow[] } | undefined> {
    const lock = session.user ? lockedCartOfUserWithLines : lockedCartOfSessionWithLines;
    const [row] = await lock(tx, { owner: session.user ? session.user.id : session.idHash, storeId });
    if (!row) return undefined;
    return { cart: row.cart, lines: linesOf(row.lines, row.cart.quoteId) };
  }

  /**
   * On login: the anonymous cart follows the user into the new session; an older cart of the user is merged in first
   * (its lines move over and it becomes 'merged'), as a user has one active cart per store (migration 0035). The cart
   * of another customer signed in on that browser stays theirs (someone signing in over them on a shared computer).
   */
  async adoptSessionCart(oldHash: string, newHash: string, userId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const anonymous = await tx
        .select()
        .from(carts)
        .where(
          and(
            eq(carts.sessionHash, oldHash),
            eq(carts.status, 'active'),
            or(isNull(carts.userId), eq(carts.userId, userId)),
          ),
        )
        .for('update');
      for (const cart of anonymous) {
        const older = await tx
          .update(carts)
          .set({ status: 'merged' })
          .where(and(eq(carts.userId, userId), eq(carts.storeId, cart.storeId), eq(carts.status, 'active')))
          .returning({ quoteId: carts.quoteId });
        const others = older.map((c) => c.quoteId).filter((id) => id !== cart.quoteId);
        if (others.length > 0) {
          await tx.update(cartItems).set({ quoteId: cart.quoteId }).where(inArray(cartItems.quoteId, others));
        }
        // 'active' again: a cart already the user's (signing in once more) was among those just marked merged.
        await tx
          .update(carts)
          .set({ sessionHash: newHash, userId, status: 'active', updatedAt: new Date() })
          .where(eq(carts.quoteId, cart.quoteId));
      }
    });
  }

  /**
   * Validates the answers with the product's engine and adds a line; invalid answers are refused with the reasons.
   * Returns the cart it went into and its lines (the caller shows them without reading them again).
   */
  async addItem(
    session: SessionState,
    input: { storeId: number; urlKey: string; answers: RawAnswers },
  ): Promise<{ cart: CartRow; lines: CartLineRow[] }> {
    const store = this.catalog.getStore(input.storeId);
    const product = this.catalog.findProduct(input.storeId, input.urlKey);
    if (!store || !product) throw new AppError('NOT_FOUND', `product ${input.urlKey} in store ${input.storeId}`);
    const files = await this.uploads.resolverFor(this.db, ownerOf(session), [input.answers]);
    const evaluation = evaluateProduct(store, product, input.answers, files);
    const verdict = orderability(offerOf(product), input.storeId, evaluation);
    if (!verdict.orderable) {
      refuseUnorderable(verdict, store, (id) => this.catalog.findProductById(input.storeId, id), 'add to cart');
    }
    await this.refuseRefcatElsewhere(product, evaluation.answers, store);
    // The owner's active cart (made if there is none), the line, the cart's touch and the cart's lines after: one
    // statement (atomic without a transaction of its own).
    const add = session.user ? addLineForUser : addLineForSession;
    const params = {
      owner: session.user ? session.user.id : session.idHash,
      sessionHash: session.idHash,
      userId: session.user?.id ?? null,
      storeId: input.storeId,
      productId: product.row.productId,
      answers: JSON.stringify(evaluation.answers),
      now: new Date(),
    };
    // Nothing back: another add made the owner's first cart at the same moment (the unique index made this insert
    // yield); the statement again, with a new snapshot, finds that cart.
    const row = (await add(this.db, params)).rows[0] ?? (await add(this.db, params)).rows[0];
    if (!row) throw new Error('cart line insert returned nothing');
    return { cart: rowOf(carts, row), lines: linesOf(row.lines, row.quote_id) };
  }

  async removeItem(session: SessionState, storeId: number, itemId: number): Promise<void> {
    const cart = await this.findActive(this.db, session, storeId);
    if (!cart) throw new AppError('CART_ITEM_NOT_FOUND');
    await this.db.transaction(async (tx) => {
      const deleted = await tx
        .delete(cartItems)
        .where(and(eq(cartItems.id, itemId), eq(cartItems.quoteId, cart.quoteId)))
        .returning({ id: cartItems.id });
      if (deleted.length === 0) throw new AppError('CART_ITEM_NOT_FOUND');
      await touchLines(tx, cart.quoteId);
    });
  }

  /**
   * updatequoteitem: changes a line's quantity and/or answers. The answers are evaluated like an add to the cart
   * (visibility, validators, prices: nothing the browser computed is kept); the quantity follows checkCartQuantity.
   * `version` is the line's version the change was made on: another change since (another tab) is VERSION_CONFLICT,
   * and the check and the write are one UPDATE, so two concurrent edits cannot both win.
   */
  async updateItem(
    session: SessionState,
    storeId: number,
    itemId: number,
    change: { version: number; qty?: unknown; answers?: RawAnswers },
  ): Promise<void> {
    const cart = await this.findActive(this.db, session, storeId);
    const [row] = cart
      ? await this.db
          .select()
          .from(cartItems)
          .where(and(eq(cartItems.id, itemId), eq(cartItems.quoteId, cart.quoteId)))
      : [];
    if (!cart || !row) throw new AppError('CART_ITEM_NOT_FOUND');
    const set: { qty?: number; answers?: Record<string, AnswerValue> } = {};
    if (change.qty !== undefined) {
      // A product that left the store keeps the general limit here; the checkout refuses the line anyway.
      const product = this.catalog.findProductById(storeId, row.productId);
      const checked = checkCartQuantity(
        change.qty,
        product ? maxLineQuantity({ group: product.row.groupName }) : undefined,
      );
      if (!checked.ok)
        throw new AppError('VALIDATION_ERROR', 'qty', { fields: [{ field: 'qty', message: checked.message }] });
      set.qty = checked.qty;
    }
    if (change.answers !== undefined) {
      const store = this.catalog.getStore(storeId);
      const product = this.catalog.findProductById(storeId, row.productId);
      if (!store || !product) throw new AppError('CART_ITEM_NOT_FOUND', 'product left the store');
      const files = await this.uploads.resolverFor(this.db, ownerOf(session), [change.answers]);
      const evaluation = evaluateProduct(store, product, change.answers, files);
      const verdict = orderability(offerOf(product), storeId, evaluation);
      if (!verdict.orderable) {
        refuseUnorderable(verdict, store, (id) => this.catalog.findProductById(storeId, id), 'update cart line');
      }
      await this.refuseRefcatElsewhere(product, evaluation.answers, store);
      set.answers = evaluation.answers;
    }
    await this.db.transaction(async (tx) => {
      const changed = await tx
        .update(cartItems)
        .set({ ...set, version: sql`${cartItems.version} + 1` })
        .where(
          and(eq(cartItems.id, itemId), eq(cartItems.quoteId, cart.quoteId), eq(cartItems.version, change.version)),
        )
        .returning({ id: cartItems.id });
      if (changed.length === 0) throw new AppError('VERSION_CONFLICT', `cart line ${itemId}`);
      await touchLines(tx, cart.quoteId);
    });
  }

  /**
   * Loads (unless `known`: the cart's lines as just read) and re-prices a cart's lines; lines whose product left the
   * store or was disabled are dropped from the result.
   */
  async price(db: DbOrTx, cart: CartRow, known?: readonly CartLineRow[]): Promise<PricedCart> {
    const store = this.catalog.getStore(cart.storeId);
    if (!store) throw new AppError('NOT_FOUND', `store ${cart.storeId}`);
    const rows = known ?? (await cartLines(db, { quoteId: cart.quoteId }));
    const lines: PricedLine[] = [];
    // Document answers are re-checked too: they must still exist and belong to the cart's session or user.
    const files = await this.uploads.resolverFor(
      db,
      { sessionHash: cart.sessionHash, userId: cart.userId },
      rows.map((r) => r.answers),
    );
    for (const row of rows) {
      const product = this.catalog.findProductById(cart.storeId, row.productId);
      if (!product || !productOffer(offerOf(product), cart.storeId).orderable) continue;
      const evaluation = evaluateProduct(store, product, row.answers, files);
      lines.push({
        id: row.id,
        product,
        qty: row.qty,
        version: row.version,
        evaluation,
        described: describeAnswers(product.form, evaluation.answers, placeDirectory()),
      });
    }
    return { cart, store, lines };
  }

  async view(session: SessionState, storeId: number) {
    const cart = await this.findActive(this.db, session, storeId);
    if (!cart) return emptyCart(storeId);
    return this.viewOf(cart);
  }

  /** The API shape of a cart this request already has (re-priced; its lines read now unless `known`). */
  async viewOf(cart: CartRow, known?: readonly CartLineRow[]) {
    return cartOut(await this.price(this.db, cart, known));
  }
}

type CartOwner = typeof carts.userId | typeof carts.sessionHash;

/** An active cart of an owner (placeholder `owner`: the user's id or the session's hash) in a store (`storeId`). */
const activeCartWhere = (owner: CartOwner) =>
  and(eq(owner, sql.placeholder('owner')), eq(carts.storeId, sql.placeholder('storeId')), eq(carts.status, 'active'));

/** The active cart of a user (or of an anonymous session) in a store, newest first. */
const activeCartOf = (owner: CartOwner) =>
  reusableStatement(`cart_active_by_${owner.name}`, (db) =>
    db.select().from(carts).where(activeCartWhere(owner)).orderBy(desc(carts.updatedAt)).limit(1),
  );
const activeCartOfUser = activeCartOf(carts.userId);
const activeCartOfSession = activeCartOf(carts.sessionHash);

/** A cart line as lineJson builds it. */
type CartLineJson = Omit<CartLineRow, 'quoteId' | 'createdAt'> & { createdAt: string };

/** A cart line (table alias `alias` of cart_items) as JSON, for the statements that return a cart with its lines. */
const lineJson = (alias: string) =>
  sql.raw(`json_build_object('id', ${alias}.id, 'productId', ${alias}.product_id, 'qty', ${alias}.qty, 'answers',
    ${alias}.answers, 'version', ${alias}.version, 'createdAt', ${alias}.created_at)`);

/** The lines of lineJson as rows of cart_items. */
function linesOf(json: readonly CartLineJson[], quoteId: number): CartLineRow[] {
  return json.map((l) => ({ ...l, quoteId, createdAt: new Date(l.createdAt) }));
}

/** The cart's row as the driver returns it (column names), with its lines as JSON (`lines`). */
interface CartWithLinesRow extends Record<string, unknown> {
  quote_id: number;
  lines: CartLineJson[];
}

/**
 * A new line (quantity 1) in the owner's active cart in a store, in one statement: the cart found (newest first, as
 * findActive) or made when there is none (already at link generation 1: made by a change to its lines); the line;
 * no row at all when another statement made the owner's cart meanwhile (the one-active-cart index: the caller runs
 * it again); the found cart is locked first, so a sign-in folding it into another meanwhile is waited for and the
 * line goes into the cart that stays active;
 * the found cart's touch (a change to the lines: touchLines); and
 * the cart as it is now with all its lines (the new one too: a statement does not see its own inserts, so it is
 * added from the insert's RETURNING).
 */
const addLine = (owner: CartOwner) =>
  reusableSql<CartWithLinesRow>(`cart_add_line_by_${owner.name}`, () => {
    return sql`
      with found as (
        select * from ${carts} where ${activeCartWhere(owner)} order by ${carts.updatedAt} desc limit 1 for update
      ),
      created as (
        insert into ${carts} (session_hash, user_id, store_id, link_generation)
        select ${sql.placeholder('sessionHash')}, ${sql.placeholder('userId')}::integer, ${sql.placeholder('storeId')}::integer, 1
        where not exists (select 1 from found)
        on conflict do nothing
        returning *
      ),
      target as (select quote_id from found union all select quote_id from created),
      added as (
        insert into ${cartItems} (quote_id, product_id, qty, answers)
        select quote_id, ${sql.placeholder('productId')}::integer, 1, ${sql.placeholder('answers')}::jsonb from target
        returning *
      ),
      touched as (
        update ${carts} set updated_at = ${sql.placeholder('now')}::timestamptz,
          link_generation = ${carts.linkGeneration} + 1
        where ${carts.quoteId} = (select quote_id from found)
        returning *
      ),
      cart as (select * from touched union all select * from created)
      select cart.*, coalesce((
        select json_agg(l.line order by l.id) from (
          select i.id, ${lineJson('i')} as line from ${cartItems} i where i.quote_id = cart.quote_id
          union all
          select a.id, ${lineJson('a')} from added a
        ) l), '[]'::json) as lines
      from cart`;
  });
const addLineForUser = addLine(carts.userId);
const addLineForSession = addLine(carts.sessionHash);

/** An active cart, locked, with its lines (as JSON, in the order they were added): checkout's one read of it. */
const lockedCartWithLines = (owner: CartOwner) =>
  reusableStatement(`cart_locked_with_lines_by_${owner.name}`, (db) =>
    db
      .select({
        cart: carts,
        // Qualified by hand: Drizzle leaves a single table's columns unqualified, and the subquery's own quote_id wins.
        lines: sql<CartLineJson[]>`coalesce((
          select json_agg(${lineJson('l')} order by l.id)
          from ${cartItems} l where l.quote_id = ${sql.identifier('carts')}.${sql.identifier(carts.quoteId.name)}),
          '[]'::json)`,
      })
      .from(carts)
      .where(activeCartWhere(owner))
      .orderBy(desc(carts.updatedAt))
      .limit(1)
      .for('update', { of: carts }),
  );
const lockedCartOfUserWithLines = lockedCartWithLines(carts.userId);
const lockedCartOfSessionWithLines = lockedCartWithLines(carts.sessionHash);

/** A cart's lines in the order they were added. */
const cartLines = reusableStatement('cart_lines', (db) =>
  db
    .select()
    .from(cartItems)
    .where(eq(cartItems.quoteId, sql.placeholder('quoteId')))
    .orderBy(asc(cartItems.id)),
);

/** A change to a cart's lines: the cart is newer, and the quote links given so far no longer pay it. */
function touchLinesQuery(tx: DbOrTx, quoteId: number) {
  return tx
    .update(carts)
    .set({ updatedAt: new Date(), linkGeneration: sql`${carts.linkGeneration} + 1` })
    .where(eq(carts.quoteId, quoteId))
    .returning({ quoteId: carts.quoteId });
}

async function touchLines(tx: DbOrTx, quoteId: number): Promise<void> {
  await touchLinesQuery(tx, quoteId);
}

/**
 * Add-to-cart and checkout refuse what the wizard would not let through, with the API error of the reason: a product
 * not on offer (404), an exit (422, with its message), a redirect (409, naming the product the answers belong to),
 * invalid answers (422, with the reasons in the store's language), an empty cart.
 */
export function refuseUnorderable(
  verdict: Exclude<Orderability | CartOrderability, { orderable: true }>,
  store: StoreInfo,
  findProduct: (productId: number) => CatalogProduct | undefined,
  context: string,
): never {
  switch (verdict.reason) {
    case 'fee_product':
    case 'disabled':
    case 'not_in_store':
      throw new AppError('NOT_FOUND', `${context}: product ${verdict.reason} in store ${store.storeId}`);
    case 'empty':
      throw new AppError('CART_EMPTY');
    case 'exit':
      throw new AppError('FORM_EXIT', 'exit condition met', { params: { message: verdict.message } });
    case 'redirect': {
      const target = findProduct(verdict.product_id);
      throw new AppError('PRODUCT_REDIRECT', `redirect to ${verdict.product_id}`, {
        params: { product: target?.row.name ?? String(verdict.product_id) },
        redirect: {
          product_id: verdict.product_id,
          ...(target ? { url_key: target.row.urlKey } : {}),
          step_saved: verdict.step_saved,
        },
      });
    }
    case 'invalid_answers':
      throw new AppError('INVALID_ANSWERS', context, { errors: errorsOut(verdict, store.language) });
  }
}

/** Refuses an exit or a redirect (the caller checks the answers' errors itself); lets anything else through. */
export function refuseStoppingOutcome(
  evaluation: FormEvaluation,
  store: StoreInfo,
  findProduct: (productId: number) => CatalogProduct | undefined,
): void {
  const verdict = answersVerdict(evaluation);
  if (!verdict.orderable && verdict.reason !== 'invalid_answers') {
    refuseUnorderable(verdict, store, findProduct, 'stopping outcome');
  }
}

export function emptyCart(storeId: number) {
  return {
    quote_id: null,
    store_id: storeId,
    items: [],
    totals: { subtotal: '0.00', tax: '0.00', fees: '0.00', total: '0.00' },
    required_consents: requiredConsents([]),
  };
}

/** The API shape of a priced cart. */
export function cartOut(priced: PricedCart) {
  const totals = orderTotals(
    priced.lines.map((l) => ({ price: l.evaluation.price, qty: l.qty })),
    priced.store.vatRate,
  );
  return {
    quote_id: priced.cart.quoteId,
    store_id: priced.cart.storeId,
    items: priced.lines.map((l) => ({
      id: l.id,
      product_id: l.product.row.productId,
      url_key: l.product.row.urlKey,
      product_name: l.product.row.name,
      qty: l.qty,
      max_qty: maxLineQuantity({ group: l.product.row.groupName }),
      version: l.version,
      answers: l.evaluation.answers,
      summary: orderSummary(l.described),
      options: l.described,
      valid: answersVerdict(l.evaluation).orderable,
      price: priceOut(l.evaluation.price),
      characteristics: l.product.row.shortDescription,
      delivery_time: deliveryTimeOf(l.product.page.customText),
      starts_now: startsAtOnce({ kind: l.product.row.kind }),
    })),
    required_consents: requiredConsents(priced.lines.map((l) => ({ kind: l.product.row.kind }))),
    totals: {
      subtotal: formatMoneyString(totals.subtotal),
      tax: formatMoneyString(totals.tax),
      fees: formatMoneyString(totals.fees),
      total: formatMoneyString(totals.total),
    },
  };
}
