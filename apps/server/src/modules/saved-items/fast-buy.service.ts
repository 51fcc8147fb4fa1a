import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  fastBuyProductIds,
  fastBuyStartPage,
  fastBuyTarget,
  isFileReference,
  NOTA_SIMPLE_PRODUCT_IDS,
  notaSimpleAgeDays,
  offersNotaSimpleRefresh,
  ORIGIN_KIND,
  prefillFromSavedItem,
  productOffer,
  savedItemFromOrderLine,
  wizardPages,
  type AnswerValue,
  type DocParsedEntity,
  type FastBuyKind,
  type FastBuyOrigin,
  type FastBuySource,
  type SavedItemAttr,
} from '@ventanilla/domain';
import type { Db } from '../../db/database.js';
import { itemDocumentReads, orderItems, orders, savedItemOrders, savedItems } from '../../db/schema.js';
import { AppError } from '../../shared/app-error.js';
import { type CatalogProduct, type CatalogService, evaluateProduct, offerOf, priceOut } from '../catalog/index.js';
import { foldText, type PlaceDirectory } from '../geo/index.js';

/** What an origin brings: a saved item's data, or an order line (its own answers re-order the same product). */
interface OriginData {
  name: string;
  kind: FastBuyKind | null;
  source: FastBuySource | null;
  line: { itemId: number; productId: number; answers: Record<string, AnswerValue> } | null;
  /** When the nota simple this origin knows was issued (note's date) or read (PDF attached), if known. */
  notaIssued: string | Date | null;
  /** The nota simple line a refresh re-orders. */
  notaLine: number | null;
}

/**
 * Fast-buy (docs/customer-panel.md, "Fast-buy"): a product ordered from one of the customer's saved items or order
 * lines, with the answers its data gives. Everything comes from the server's own rows (ownership-checked: another
 * customer's origin is 404) and is evaluated like any answers: hidden or invalid ones are dropped, prices are the
 * catalogue's, and the cart re-evaluates again when the wizard adds the line.
 */
export class FastBuyService {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
    private readonly places: PlaceDirectory,
    private readonly now: () => Date,
  ) {}

  /** The products this origin can order in the store, and the nota simple refresh when its note is over 60 days. */
  async overview(userId: number, storeId: number, origin: FastBuyOrigin, originId: number) {
    const data = await this.load(userId, origin, originId);
    const ids = new Set<number>();
    if (data.line) ids.add(data.line.productId);
    if (data.kind) for (const id of fastBuyProductIds(data.kind)) ids.add(id);
    const products = [...ids]
      .map((id) => this.offered(storeId, id))
      .filter((p): p is CatalogProduct => p !== undefined)
      .map((p) => ({ product_id: p.row.productId, url_key: p.row.urlKey, name: p.row.name }));
    return {
      origin,
      origin_id: originId,
      name: data.name,
      products,
      refresh: this.refreshOffer(storeId, data, origin, originId),
    };
  }

  /** The answers `urlKey` gets from this origin, evaluated, with the wizard page to start at (null: check answers). */
  async prefill(userId: number, storeId: number, origin: FastBuyOrigin, originId: number, urlKey: string) {
    const store = this.catalog.getStore(storeId);
    const product = this.catalog.findProduct(storeId, urlKey);
    if (!store || !product || !this.offered(storeId, product.row.productId)) {
      throw new AppError('NOT_FOUND', `product ${urlKey} in store ${storeId}`);
    }
    const data = await this.load(userId, origin, originId);
    const productId = product.row.productId;
    let raw: Record<string, AnswerValue> | null = null;
    if (data.line && (data.line.productId === productId || sameNotaSimple(data.line.productId, productId))) {
      // Ordered again: the line's own answers, without its documents (they belong to the old order).
      raw = Object.fromEntries(Object.entries(data.line.answers).filter(([, v]) => !isFileReference(v)));
    } else if (data.kind && data.source) {
      const target = fastBuyTarget(data.kind, productId);
      if (target) raw = prefillFromSavedItem(target, product.form, data.source, this.municipalityCode);
    }
    if (raw === null) throw new AppError('NOT_FOUND', `${urlKey} is not ordered from ${origin} ${originId}`);
    const evaluation = evaluateProduct(store, product, raw);
    const pages = wizardPages(product.form);
    const start = fastBuyStartPage(pages, evaluation.visible, evaluation.answers);
    return {
      product_id: productId,
      url_key: product.row.urlKey,
      origin,
      origin_id: originId,
      answers: evaluation.answers,
      prefilled: Object.keys(evaluation.answers).map(Number),
      /** The 1-based wizard page to open (as /stepN), or null for the check-answers page. */
      start_step: start === null ? null : start + 1,
      price: priceOut(evaluation.price),
    };
  }

  private offered(storeId: number, productId: number): CatalogProduct | undefined {
    const product = this.catalog.findProductById(storeId, productId);
    return product && productOffer(offerOf(product), storeId).orderable ? product : undefined;
  }

  /** A municipality's code by its exact name (accents and case aside) within a province. */
  private readonly municipalityCode = (provinceCode: string, name: string): string | undefined => {
    const wanted = foldText(name);
    const { items } = this.places.search({ kind: 'es_municipality', q: name, within: provinceCode, limit: 20 });
    return items.find((p) => foldText(p.name) === wanted)?.code;
  };

  private refreshOffer(storeId: number, data: OriginData, origin: FastBuyOrigin, originId: number) {
    if (!offersNotaSimpleRefresh(data.notaIssued, this.now())) return null;
    const product = NOTA_SIMPLE_PRODUCT_IDS.map((id) => this.offered(storeId, id)).find((p) => p !== undefined);
    if (!product) return null;
    return {
      age_days: notaSimpleAgeDays(data.notaIssued, this.now())!,
      url_key: product.row.urlKey,
      // The old line's answers when there is one (the spec's addactualizarnsahora {order_id, item_id}).
      origin: data.notaLine !== null ? ('pedido' as const) : origin,
      origin_id: data.notaLine ?? originId,
    };
  }

  private async load(userId: number, origin: FastBuyOrigin, originId: number): Promise<OriginData> {
    if (origin === 'pedido') return this.loadLine(userId, originId);
    const kind = ORIGIN_KIND[origin];
    const [row] = await this.db
      .select()
      .from(savedItems)
      .where(and(eq(savedItems.id, originId), eq(savedItems.userId, userId), eq(savedItems.kind, kind)));
    if (!row) throw new AppError('NOT_FOUND', `${origin} ${originId}`);
    const data: OriginData = {
      name: row.name,
      kind,
      source: { name: row.name, attr: withReadIdufir(row.meta.attr, row.docParsedEntities) },
      line: null,
      notaIssued: issuedDate(row.docParsedEntities),
      notaLine: null,
    };
    if (kind === 'property') {
      // The latest nota simple read among the property's lines: the refresh re-orders it.
      const [read] = await this.db
        .select({
          itemId: itemDocumentReads.itemId,
          at: itemDocumentReads.parsedAt,
          entities: itemDocumentReads.docParsedEntities,
        })
        .from(savedItemOrders)
        .innerJoin(itemDocumentReads, eq(itemDocumentReads.itemId, savedItemOrders.itemId))
        .innerJoin(orderItems, eq(orderItems.itemId, savedItemOrders.itemId))
        .where(
          and(eq(savedItemOrders.savedItemId, row.id), inArray(orderItems.productId, [...NOTA_SIMPLE_PRODUCT_IDS])),
        )
        .orderBy(desc(itemDocumentReads.parsedAt))
        .limit(1);
      if (read) {
        data.notaLine = read.itemId;
        data.notaIssued = data.notaIssued ?? issuedDate(read.entities) ?? read.at;
      }
    }
    return data;
  }

  private async loadLine(userId: number, itemId: number): Promise<OriginData> {
    const [row] = await this.db
      .select({ item: orderItems, read: itemDocumentReads })
      .from(orderItems)
      .innerJoin(orders, eq(orders.orderId, orderItems.orderId))
      .leftJoin(itemDocumentReads, eq(itemDocumentReads.itemId, orderItems.itemId))
      .where(and(eq(orderItems.itemId, itemId), eq(orders.customerId, userId)));
    if (!row) throw new AppError('NOT_FOUND', `order line ${itemId}`);
    const { item, read } = row;
    // The line's property, company or vehicle, as it would be saved: other products of its kind can use it.
    const saved = savedItemFromOrderLine(item.productId, item.productOptions);
    const isNota = NOTA_SIMPLE_PRODUCT_IDS.includes(item.productId);
    return {
      name: item.productName,
      kind: saved?.kind ?? null,
      source: saved ? { name: saved.item.name, attr: saved.item.meta.attr } : null,
      line: { itemId: item.itemId, productId: item.productId, answers: item.answers },
      notaIssued: isNota && read ? (issuedDate(read.docParsedEntities) ?? read.parsedAt) : null,
      notaLine: isNota ? item.itemId : null,
    };
  }
}

/** Normal and urgent nota simple share their questions: one's answers order the other. */
function sameNotaSimple(a: number, b: number): boolean {
  return NOTA_SIMPLE_PRODUCT_IDS.includes(a) && NOTA_SIMPLE_PRODUCT_IDS.includes(b);
}

/** The note's own date, read from the PDF (`fecha`, ISO). */
function issuedDate(entities: DocParsedEntity[] | null | undefined): string | null {
  return entities?.find((e) => e.entity === 'fecha')?.text_data ?? null;
}

/** A property's IDUFIR read from its nota simple counts when the customer did not write one. */
function withReadIdufir(attr: SavedItemAttr[], entities: DocParsedEntity[] | null): SavedItemAttr[] {
  const read = entities?.find((e) => e.entity === 'idufir')?.text_data;
  if (!read || attr.some((a) => a.key === 'idufir' && a.value.trim() !== '')) return attr;
  return [...attr, { key: 'idufir', value: read }];
}
