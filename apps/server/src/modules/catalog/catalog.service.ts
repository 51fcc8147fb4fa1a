import type { CompressibleBody } from '../../shared/content-encoding.js';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  atFeeProductPrices,
  DISPLAY_FLAGS,
  formatMoneyString,
  formatRate,
  listPrice,
  orderPrefix,
  productOffer,
  rateBp,
  type Language,
  type OfferedProduct,
  type ProductForm,
  type RateBp,
} from '@ventanilla/domain';
import type { Db } from '../../db/database.js';
import { fromStoredForm } from './catalog-form.js';
import { formRulesJson } from './form-rules-json.js';
import { sanitizeFaqHtml } from './sanitize-faq.js';
import {
  baseLanguageOf,
  localizeStoredForm,
  type CategoryTranslationsRecord,
  type ProductTranslationsRecord,
} from './catalog-translations.js';
import { catalogRevision, categories, products, productStores, stores } from '../../db/schema.js';
import { reusableStatement } from '../../db/statements.js';

/** What names a request's store (CatalogService.resolveStoreId), as plain values. */
export interface StoreHints {
  /** The `?store=` query value, as it came (anything but a store's id is ignored). */
  requested?: unknown;
  /** The session's store, when there is a session (and it counts). */
  sessionStoreId?: number | null;
  /** The request's host name (a port is ignored). */
  host: string;
}

export interface StoreInfo {
  storeId: number;
  name: string;
  language: Language;
  country: string;
  vatRate: RateBp;
  hosts: string[];
}

type ProductRow = typeof products.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;

export interface CatalogProduct {
  /** The product's row with its texts in `language` (the base row when that is its category's language). */
  row: ProductRow;
  /** The language of the texts: the store's, or the base language where a translation is missing (never silent). */
  language: Language;
  storeIds: Set<number>;
  form: ProductForm;
  /** The product page's texts as the API serves them: rich texts sanitised, "no_selection" as no image. */
  page: ProductPage;
}

export interface ProductPage {
  customText: string;
  tooltip: string | null;
  image: string | null;
}

/** What the domain's orderability rules need to know of a catalogue product. */
export function offerOf(p: CatalogProduct): OfferedProduct {
  return { kind: p.row.kind, visible: p.row.visible, storeIds: p.storeIds };
}

/** The catalogue's placeholder for "no image". */
const NO_IMAGE = 'no_selection';

/** Sanitised once per snapshot: the web app renders these as HTML, so nothing else may reach it. */
function productPage(row: ProductRow): ProductPage {
  const tooltip = row.tooltip === null ? null : sanitizeFaqHtml(row.tooltip);
  const image = row.image.trim();
  return {
    customText: sanitizeFaqHtml(row.customText),
    tooltip: tooltip === '' ? null : tooltip,
    image: image === '' || image === NO_IMAGE ? null : image,
  };
}

/** A JSON body serialised once, with its ETag. */
export interface CachedJson {
  /** UTF-8 bytes, encoded once: sending a string would re-encode it on every response. */
  body: Buffer;
  etag: string;
  /** Compressed copies, made on the first request that takes each (once per snapshot, never per response). */
  encoded?: CompressibleBody['encoded'];
}

interface Snapshot {
  loadedAt: number;
  /** The database's catalogue revision counter when the rows were read (catalog_revision, migration 0033). */
  counter: number;
  /** A fingerprint of the catalogue's rows: pages rendered from an older revision are stale. */
  revision: string;
  stores: Map<number, StoreInfo>;
  categories: Array<typeof categories.$inferSelect>;
  /** The products with their texts in a language, built the first time a store of that language asks. */
  localized: (language: Language) => LocalizedProducts;
  hostMap: Map<string, number>;
  json: Map<string, CachedJson>;
}

const catalogRevisionQuery = reusableStatement('catalog_revision', (db) =>
  db.select({ value: catalogRevision.value }).from(catalogRevision).where(eq(catalogRevision.id, 1)),
);

/** The catalogue's revision counter (0 if its row is missing). */
async function readCatalogRevision(db: Db): Promise<number> {
  const [row] = await catalogRevisionQuery(db);
  return row?.value ?? 0;
}

function cached(body: unknown): CachedJson {
  const text = JSON.stringify(body);
  return {
    body: Buffer.from(text, 'utf8'),
    etag: `"${createHash('sha1').update(text).digest('base64url').slice(0, 27)}"`,
  };
}

/**
 * The read-mostly catalogue: loaded from the database into memory, serialised once per snapshot (with ETags),
 * and reloaded in the background after `ttlMs`, so edits made by another instance show up within seconds.
 */
export class CatalogService {
  private snapshot: Snapshot | null = null;
  private reloading: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: {
      ttlMs: number;
      defaultStoreId: number;
      storeHosts: Record<string, number>;
      /**
       * Told, per snapshot and language, of the products a store in that language sells but that have no texts in it
       * (shown in their base language: the linter's error). Products sold in no store of the language are not told.
       */
      onMissingText?: (urlKeys: string[], language: Language) => void;
    },
  ) {}

  /**
   * Reads the catalogue into memory. The revision counter is read first: a change made while the rows are read moves
   * it past the value kept here, so the next refresh reads the rows again (never the other way round).
   */
  async load(): Promise<void> {
    const counter = await readCatalogRevision(this.db);
    const [storeRows, categoryRows, productRows, links] = await Promise.all([
      this.db.select().from(stores),
      this.db.select().from(categories).orderBy(categories.position, categories.id),
      this.db.select().from(products).orderBy(products.position, products.productId),
      this.db.select().from(productStores),
    ]);
    const storeMap = new Map<number, StoreInfo>();
    const hostMap = new Map<string, number>();
    for (const s of storeRows) {
      storeMap.set(s.storeId, {
        storeId: s.storeId,
        name: s.name,
        language: s.language as Language,
        country: s.country,
        vatRate: rateBp(s.vatRateBp),
        hosts: s.hosts,
      });
      for (const h of s.hosts) hostMap.set(h.toLowerCase(), s.storeId);
    }
    for (const [h, id] of Object.entries(this.options.storeHosts)) hostMap.set(h, id);
    const storesByProduct = new Map<number, Set<number>>();
    for (const l of links) {
      const set = storesByProduct.get(l.productId) ?? new Set<number>();
      set.add(l.storeId);
      storesByProduct.set(l.productId, set);
    }
    const baseLanguage = new Map(categoryRows.map((c) => [c.urlKey, baseLanguageOf(c.language)]));
    const byLanguage = new Map<Language, LocalizedProducts>();
    const localized = (language: Language): LocalizedProducts => {
      let found = byLanguage.get(language);
      if (!found) {
        const soldIn = (productId: number) =>
          [...(storesByProduct.get(productId) ?? [])].some((id) => storeMap.get(id)?.language === language);
        found = localizeProducts(
          productRows,
          storesByProduct,
          baseLanguage,
          language,
          (urlKeys) => this.options.onMissingText?.(urlKeys, language),
          soldIn,
        );
        byLanguage.set(language, found);
      }
      return found;
    };
    const revision = createHash('sha1')
      .update(JSON.stringify([storeRows, categoryRows, productRows, links]))
      .digest('base64url');
    this.snapshot = {
      loadedAt: Date.now(),
      counter,
      revision,
      stores: storeMap,
      categories: categoryRows,
      localized,
      hostMap,
      json: new Map(),
    };
  }

  private current(): Snapshot {
    const snap = this.snapshot;
    if (!snap) throw new Error('Catalogue used before load()');
    this.startRefreshIfStale();
    return snap;
  }

  /**
   * Starts a refresh when the snapshot is older than `ttlMs` (requests keep the snapshot they have meanwhile);
   * resolves when the refresh under way, if any, is done.
   */
  refreshIfStale(): Promise<void> {
    this.startRefreshIfStale();
    return this.reloading ?? Promise.resolve();
  }

  /** Resolves when the refresh under way, if any, is done (without starting one): on close, before the pool ends. */
  async idle(): Promise<void> {
    await this.reloading;
  }

  private startRefreshIfStale(): void {
    const snap = this.snapshot;
    if (snap && Date.now() - snap.loadedAt > this.options.ttlMs && !this.reloading) {
      this.reloading = this.refresh(snap)
        .catch(() => undefined) // keep serving the last good snapshot while the database is away
        .finally(() => {
          this.reloading = null;
        });
    }
  }

  /** Reads the catalogue again if its revision counter moved (another instance's edit); otherwise keeps it. */
  private async refresh(snap: Snapshot): Promise<void> {
    if ((await readCatalogRevision(this.db)) !== snap.counter) return this.load();
    snap.loadedAt = Date.now();
  }

  /** Changes whenever a store, category, product or store link changes (here or through another instance). */
  revision(): string {
    return this.current().revision;
  }

  /** The catalogue's categories in catalogue order (every language). */
  listCategories(): ReadonlyArray<CategoryRow> {
    return this.current().categories;
  }

  /** The products a store lists on its catalogue and category pages. */
  listedProducts(storeId: number): CatalogProduct[] {
    return this.storeProducts(this.current(), storeId);
  }

  /** Every product a store offers (a page of its own), listed on the catalogue or not. */
  offeredProducts(storeId: number): CatalogProduct[] {
    return [...this.productsOf(this.current(), storeId).byId.values()].filter(
      (p) => productOffer(offerOf(p), storeId).orderable,
    );
  }

  /** The products with their texts in the store's language. */
  private productsOf(snap: Snapshot, storeId: number): LocalizedProducts {
    return snap.localized(snap.stores.get(storeId)?.language ?? 'es');
  }

  /** A category's texts in a store's language (base texts when it has none: the linter's error). */
  localizedCategory(storeId: number, category: CategoryRow): CategoryRow {
    const language = this.current().stores.get(storeId)?.language ?? 'es';
    if (language === baseLanguageOf(category.language)) return category;
    const t = (category.translations as CategoryTranslationsRecord)[language];
    if (!t) return category;
    return {
      ...category,
      name: t.name,
      shortName: t.short_name ?? category.shortName,
      description: t.description ?? category.description,
      metaTitle: t.meta_title ?? category.metaTitle,
      metaDescription: t.meta_description ?? category.metaDescription,
    };
  }

  /** The store a host name (lower case, no port) is mapped to: catalog/stores.json's hosts and STORE_HOSTS. */
  storeIdForHost(hostname: string): number | undefined {
    return this.current().hostMap.get(hostname);
  }

  getStore(storeId: number): StoreInfo | undefined {
    return this.current().stores.get(storeId);
  }

  listStores(): StoreInfo[] {
    return [...this.current().stores.values()];
  }

  /**
   * Which store a request is for: `?store=ID` (development and links), then the session's store, then the host map,
   * then the default store. The request's own is `request.store` (plugins/request-scope.ts).
   */
  resolveStoreId(hints: StoreHints): number {
    const snap = this.current();
    const fromQuery = Number(hints.requested);
    if (Number.isInteger(fromQuery) && snap.stores.has(fromQuery)) return fromQuery;
    const { sessionStoreId } = hints;
    if (sessionStoreId != null && snap.stores.has(sessionStoreId)) return sessionStoreId;
    const host = hints.host.toLowerCase().replace(/:\d+$/, '');
    const fromHost = snap.hostMap.get(host);
    if (fromHost !== undefined) return fromHost;
    return this.options.defaultStoreId;
  }

  /** A product offered in a store, or undefined (disabled products and fee products are not offered). */
  findProduct(storeId: number, urlKey: string): CatalogProduct | undefined {
    const snap = this.current();
    const entry = this.productsOf(snap, storeId).byKey.get(urlKey);
    return entry && productOffer(offerOf(entry), storeId).orderable ? entry : undefined;
  }

  /** A product of a store by id, even when disabled since (cart lines, redirect targets); never a fee product. */
  findProductById(storeId: number, productId: number): CatalogProduct | undefined {
    const snap = this.current();
    const entry = this.productsOf(snap, storeId).byId.get(productId);
    if (!entry) return undefined;
    const offer = productOffer(offerOf(entry), storeId);
    return offer.orderable || offer.reason === 'disabled' ? entry : undefined;
  }

  private memo(key: string, build: (snap: Snapshot) => unknown): CachedJson {
    const snap = this.current();
    let hit = snap.json.get(key);
    if (!hit) {
      hit = cached(build(snap));
      snap.json.set(key, hit);
    }
    return hit;
  }

  storeJson(storeId: number): CachedJson | undefined {
    const store = this.getStore(storeId);
    if (!store) return undefined;
    return this.memo(`store:${storeId}`, () => ({
      store_id: store.storeId,
      name: store.name,
      language: store.language,
      country: store.country,
      vat_rate: formatRate(store.vatRate),
      currency: 'EUR',
      order_prefix: orderPrefix(store.storeId),
    }));
  }

  private summary(store: StoreInfo, p: CatalogProduct) {
    return {
      product_id: p.row.productId,
      name: p.row.name,
      url_key: p.row.urlKey,
      cat_url_key: p.row.catUrlKey,
      short_description: p.row.shortDescription,
      group: p.row.groupName,
      base_price: formatMoneyString(p.row.basePrice),
      price: formatMoneyString(listPrice(p.form, store.vatRate)),
    };
  }

  private storeProducts(snap: Snapshot, storeId: number): CatalogProduct[] {
    return [...this.productsOf(snap, storeId).byId.values()].filter(
      (p) => p.row.visibleOnServices && productOffer(offerOf(p), storeId).orderable,
    );
  }

  /** A category with the products listed on the catalogue page of that store (none listed: not in the store). */
  private categoryJsonOf(snap: Snapshot, store: StoreInfo, base: Snapshot['categories'][number]) {
    const category = this.localizedCategory(store.storeId, base);
    return {
      id: category.id,
      name: category.name,
      url_key: category.urlKey,
      short_name: category.shortName,
      description: category.description,
      position: category.position,
      meta_title: category.metaTitle,
      meta_description: category.metaDescription,
      image: category.image === '' ? null : category.image,
      products: this.storeProducts(snap, store.storeId)
        .filter((p) => p.row.catUrlKey === category.urlKey)
        .map((p) => this.summary(store, p)),
    };
  }

  categoriesJson(storeId: number): CachedJson | undefined {
    const store = this.getStore(storeId);
    if (!store) return undefined;
    return this.memo(`categories:${storeId}`, (snap) => ({
      items: snap.categories.map((c) => this.categoryJsonOf(snap, store, c)).filter((c) => c.products.length > 0),
    }));
  }

  /**
   * One category of a store with its products. A category of the store's language answers even when the store lists
   * none of its products (the spec's "a category with no products": its page says so); one of another language is
   * not the store's (undefined) unless the store lists products in it.
   */
  categoryJson(storeId: number, urlKey: string): CachedJson | undefined {
    const store = this.getStore(storeId);
    const snap = this.current();
    const category = snap.categories.find((c) => c.urlKey === urlKey);
    if (!store || !category) return undefined;
    const lists = this.storeProducts(snap, storeId).some((p) => p.row.catUrlKey === urlKey);
    if (!lists && baseLanguageOf(category.language) !== store.language) return undefined;
    return this.memo(`category:${storeId}:${urlKey}`, (s) => this.categoryJsonOf(s, store, category));
  }

  productsJson(storeId: number): CachedJson | undefined {
    const store = this.getStore(storeId);
    if (!store) return undefined;
    return this.memo(`products:${storeId}`, (snap) => ({
      items: this.storeProducts(snap, storeId).map((p) => this.summary(store, p)),
    }));
  }

  productJson(storeId: number, urlKey: string): CachedJson | undefined {
    const store = this.getStore(storeId);
    const p = this.findProduct(storeId, urlKey);
    if (!store || !p) return undefined;
    return this.memo(`product:${storeId}:${urlKey}`, () => ({
      ...this.summary(store, p),
      content_language: p.language,
      meta_title: p.row.metaTitle,
      meta_description: p.row.metaDescription,
      description: p.row.description,
      custom_text: p.page.customText,
      tooltip: p.page.tooltip,
      image: p.page.image,
      thumbnail: p.page.image,
      official_fee: formatMoneyString(p.row.officialFee),
      tax_rate: formatRate(store.vatRate),
      stores: [...p.storeIds].map(String),
      steps: p.form.steps,
      options: p.form.options
        .slice()
        .sort((a, b) => a.index - b.index)
        .map((o) => ({
          option_id: o.option_id,
          product_id: p.row.productId,
          type: o.type,
          is_require: o.is_require ? 1 : 0,
          title: o.title,
          placeholder: o.placeholder ?? null,
          error: o.error ?? null,
          price: formatMoneyString(o.price),
          index: o.index,
          max_length: o.max_length ?? null,
          previous_steps: o.previous_steps,
          opt_values: o.opt_values.map((v) => ({
            id: v.id,
            name: v.name,
            price: formatMoneyString(v.price),
            ...(v.code ? { code: v.code } : {}),
          })),
          autounset_option_values: o.autounset_option_values ?? [],
          validator: o.validator ?? null,
          ...(o.place ? { place: o.place } : {}),
          ...Object.fromEntries(DISPLAY_FLAGS.map((f) => [f, o.display?.[f] ? 1 : 0])),
        })),
      ...formRulesJson(p.form, store.vatRate),
    }));
  }
}

/** A language's view of the catalogue's products. */
interface LocalizedProducts {
  byKey: Map<string, CatalogProduct>;
  byId: Map<number, CatalogProduct>;
}

/**
 * Every product with its texts in `language`: the base row where that is its category's language, otherwise its
 * translation laid over the base texts (names, descriptions, FAQ, meta, the form's questions, values and exit
 * messages; a fee line takes its fee product's name in the same language). A product without a translation keeps
 * its base texts, marked with their language, and is reported (the catalogue linter refuses that state).
 */
function localizeProducts(
  productRows: ProductRow[],
  storesByProduct: Map<number, Set<number>>,
  baseLanguage: Map<string, Language>,
  language: Language,
  onMissingText: (urlKeys: string[]) => void,
  /** Whether a store in `language` sells the product (only then is a missing translation worth telling). */
  soldIn: (productId: number) => boolean,
): LocalizedProducts {
  const textsOf = (row: ProductRow): { row: ProductRow; language: Language } => {
    const base = baseLanguage.get(row.catUrlKey) ?? 'es';
    if (base === language) return { row, language };
    const t = (row.translations as ProductTranslationsRecord)[language];
    if (!t) return { row, language: base };
    return {
      language,
      row: {
        ...row,
        name: t.name,
        shortDescription: t.short_description ?? row.shortDescription,
        description: t.description ?? row.description,
        customText: t.custom_text ?? row.customText,
        tooltip: row.tooltip === null ? null : (t.tooltip ?? row.tooltip),
        metaTitle: t.meta_title ?? row.metaTitle,
        metaDescription: t.meta_description ?? row.metaDescription,
        form: localizeStoredForm(row.form, t.form),
      },
    };
  };
  const texts = new Map(productRows.map((r) => [r.productId, textsOf(r)]));
  const byKey = new Map<string, CatalogProduct>();
  const byId = new Map<number, CatalogProduct>();
  const missing: string[] = [];
  for (const base of productRows) {
    const { row, language: shown } = texts.get(base.productId) ?? { row: base, language };
    if (shown !== language && soldIn(row.productId)) missing.push(row.urlKey);
    const form = fromStoredForm(row.form, {
      product_id: row.productId,
      base_price: row.basePrice,
      official_fee: row.officialFee,
    });
    // A fee line costs what its fee product costs now (an admin may have updated the official fee there), and is
    // named as that product is named in this language.
    form.related_product = atFeeProductPrices(form.related_product, (id) => {
      const fee = texts.get(id)?.row;
      return fee?.kind === 'fee' ? { name: fee.name, price: fee.basePrice } : undefined;
    });
    const entry: CatalogProduct = {
      row,
      language: shown,
      storeIds: storesByProduct.get(row.productId) ?? new Set(),
      form,
      page: productPage(row),
    };
    byKey.set(row.urlKey, entry);
    byId.set(row.productId, entry);
  }
  if (missing.length > 0) onMissingText(missing);
  return { byKey, byId };
}
