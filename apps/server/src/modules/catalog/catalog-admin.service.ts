import { and, asc, desc, eq } from 'drizzle-orm';
import { Value } from 'typebox/value';
import {
  atFeeProductPrices,
  formatMoneyString,
  formatRate,
  listPrice,
  rateBp,
  type Cents,
  type Language,
} from '@ventanilla/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { categories, productRevisions, products, productStores, stores, users } from '../../db/schema.js';
import { AppError, type CatalogProblemOut } from '../../shared/app-error.js';
import type { SessionUser } from '../../shared/session-types.js';
import { FormFile, type CatalogFiles, type FormRecord } from './catalog-files.js';
import { lintMessage } from './catalog-lint-messages.js';
import { lintCatalogFiles, type CatalogProblem } from './catalog-lint.js';
import { changedParts } from './catalog-seed.js';
import {
  fromStoredSnapshot,
  lockProduct,
  normaliseSnapshot,
  snapshotHash,
  snapshotOfRow,
  toStoredSnapshot,
  writeProduct,
  type ProductSnapshot,
} from './catalog-snapshot.js';
import type { CatalogService } from './catalog.service.js';
import { sanitizeFaqHtml } from './sanitize-faq.js';
import {
  baseLanguageOf,
  type CategoryTranslationsRecord,
  type ProductTranslationsRecord,
} from './catalog-translations.js';

type ProductRow = typeof products.$inferSelect;

/** The fields of a product the back office edits (docs/decisions/0005-catalogue-edits.md). */
export interface ProductFieldsInput {
  version: number;
  name: string;
  short_description: string;
  description: string;
  /** FAQ block (HTML): sanitised before it is stored. */
  custom_text: string;
  /** The product page's <title> and meta description; undefined: unchanged. */
  meta_title?: string;
  meta_description?: string;
  /** Before VAT, "25.12". */
  base_price: string;
  status: 'enabled' | 'disabled';
  stores: number[];
  /** The texts in other languages; undefined: unchanged. */
  translations?: ProductTranslationsRecord;
}

/** A translation's rich texts through the shop's allow-list, as the base FAQ is (they are rendered as HTML). */
function sanitizedTranslations(translations: ProductTranslationsRecord): ProductTranslationsRecord {
  return Object.fromEntries(
    Object.entries(translations).map(([language, t]) => [
      language,
      {
        ...t,
        ...(t.custom_text !== undefined ? { custom_text: sanitizeFaqHtml(t.custom_text) } : {}),
        ...(typeof t.tooltip === 'string' ? { tooltip: sanitizeFaqHtml(t.tooltip) } : {}),
      },
    ]),
  );
}

export interface ProductListFilter {
  store?: number;
  q?: string;
  status?: 'enabled' | 'disabled';
  page: number;
  per_page: number;
}

const statusOf = (visible: boolean): 'enabled' | 'disabled' => (visible ? 'enabled' : 'disabled');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The back office's catalogue editing: products (fields, question form, status, stores), their revision history and
 * reverts, and categories. Every save locks the row, checks the version the editor loaded (409 when stale), runs the
 * catalogue schema and linter over the whole catalogue as it would be (422 with the linter's problems), and writes the
 * product with a revision in one transaction; then this instance reloads its catalogue at once (others within their
 * reload interval).
 */
export class CatalogAdminService {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
  ) {}

  async listProducts(filter: ProductListFilter) {
    const [rows, links, storeRows] = await Promise.all([
      this.db.select().from(products).orderBy(asc(products.catUrlKey), asc(products.position), asc(products.productId)),
      this.db.select().from(productStores),
      this.db.select().from(stores),
    ]);
    const storesOf = groupStores(links);
    const q = filter.q?.trim().toLowerCase() ?? '';
    const matching = rows.filter((r) => {
      if (filter.store !== undefined && !storesOf.get(r.productId)?.includes(filter.store)) return false;
      if (filter.status && statusOf(r.visible) !== filter.status) return false;
      return q === '' || r.name.toLowerCase().includes(q) || r.urlKey.includes(q) || String(r.productId) === q;
    });
    const start = (filter.page - 1) * filter.per_page;
    const fees = new Map(rows.filter((r) => r.kind === 'fee').map((r) => [r.productId, r]));
    const rateOf = new Map(storeRows.map((s) => [s.storeId, s.vatRateBp]));
    return {
      items: matching.slice(start, start + filter.per_page).map((r) => {
        const storeIds = storesOf.get(r.productId) ?? [];
        const priceStore = filter.store ?? storeIds[0];
        const rate = priceStore === undefined ? undefined : rateOf.get(priceStore);
        return {
          product_id: r.productId,
          url_key: r.urlKey,
          name: r.name,
          kind: r.kind,
          category: r.catUrlKey,
          status: statusOf(r.visible),
          base_price: formatMoneyString(r.basePrice),
          price: rate === undefined ? null : formatMoneyString(priceWithFees(r, fees, rate)),
          stores: storeIds,
          version: r.version,
          edited: r.editedAt !== null,
          file_pending: r.pendingFile !== null,
          updated_at: r.updatedAt.toISOString(),
        };
      }),
      total: matching.length,
      page: filter.page,
      per_page: filter.per_page,
    };
  }

  async getProduct(productId: number) {
    const [row] = await this.db.select().from(products).where(eq(products.productId, productId));
    if (!row) throw new AppError('NOT_FOUND', `product ${productId}`);
    const [links, storeRows, editor, feeRows, categoryRows] = await Promise.all([
      this.db.select().from(productStores).where(eq(productStores.productId, productId)),
      this.db.select().from(stores).orderBy(asc(stores.storeId)),
      row.editedBy === null ? Promise.resolve([]) : this.db.select().from(users).where(eq(users.id, row.editedBy)),
      this.db.select().from(products).where(eq(products.kind, 'fee')),
      this.db.select({ language: categories.language }).from(categories).where(eq(categories.urlKey, row.catUrlKey)),
    ]);
    const baseLanguage = baseLanguageOf(categoryRows[0]?.language);
    const snapshot = snapshotOfRow(
      row,
      links.map((l) => l.storeId),
    );
    const fees = new Map(feeRows.map((r) => [r.productId, r]));
    const storeIds = snapshot.product.stores.map(Number);
    return {
      product_id: row.productId,
      url_key: row.urlKey,
      kind: row.kind,
      category: row.catUrlKey,
      name: row.name,
      short_description: row.shortDescription,
      description: row.description,
      custom_text: row.customText,
      meta_title: row.metaTitle,
      meta_description: row.metaDescription,
      base_price: formatMoneyString(row.basePrice),
      official_fee: formatMoneyString(row.officialFee),
      status: statusOf(row.visible),
      stores: storeIds,
      version: row.version,
      updated_at: row.updatedAt.toISOString(),
      edited_at: iso(row.editedAt),
      edited_by: editor[0] ? `${editor[0].firstname} ${editor[0].lastname}`.trim() || editor[0].email : null,
      file_pending: row.pendingFile !== null,
      form: snapshot.form as unknown as Record<string, unknown> | null,
      base_language: baseLanguage,
      translations: snapshot.product.translations ?? {},
      needed_languages: [
        ...new Set(
          storeRows
            .filter((s) => links.some((l) => l.storeId === s.storeId) && s.language !== baseLanguage)
            .map((s) => s.language as Language),
        ),
      ].sort(),
      prices: storeRows
        .filter((s) => storeIds.includes(s.storeId))
        .map((s) => ({
          store_id: s.storeId,
          vat_rate: formatRate(rateBp(s.vatRateBp)),
          price: formatMoneyString(priceWithFees(row, fees, s.vatRateBp)),
        })),
      store_choices: storeRows.map((s) => ({ store_id: s.storeId, name: s.name, country: s.country })),
    };
  }

  /** Saves the editable fields (name, texts, FAQ, price, status, stores). */
  async updateProduct(user: SessionUser, productId: number, input: ProductFieldsInput, language: Language) {
    const customText = sanitizeFaqHtml(input.custom_text);
    await this.save(user, productId, input.version, language, 'backoffice', (current) => ({
      product: {
        ...current.product,
        name: input.name.trim(),
        short_description: input.short_description.trim(),
        description: input.description.trim(),
        custom_text: customText,
        ...(input.meta_title !== undefined ? { meta_title: input.meta_title.trim() } : {}),
        ...(input.meta_description !== undefined ? { meta_description: input.meta_description.trim() } : {}),
        base_price: input.base_price,
        visible: input.status === 'enabled',
        stores: input.stores.map(String),
        ...(input.translations !== undefined ? { translations: sanitizedTranslations(input.translations) } : {}),
      },
      form: current.form,
    }));
    return this.getProduct(productId);
  }

  /** Replaces the question form with a new one (the JSON of catalog/forms/<url_key>.json). */
  async replaceForm(user: SessionUser, productId: number, version: number, form: unknown, language: Language) {
    const schemaProblems = formSchemaProblems(form, language);
    if (schemaProblems.length > 0) throw new AppError('CATALOG_INVALID', 'form schema', { problems: schemaProblems });
    const record = form as FormRecord;
    await this.save(user, productId, version, language, 'backoffice', (current) => {
      if (record.product_id !== current.product.product_id || record.url_key !== current.product.url_key) {
        const detail = `product_id ${current.product.product_id}, url_key ${current.product.url_key}`;
        throw new AppError('CATALOG_INVALID', 'form of another product', {
          problems: [
            {
              rule: 'schema',
              url_key: current.product.url_key,
              path: 'product_id',
              message: lintMessage(language, { rule: 'schema', params: { path: 'product_id / url_key', detail } }),
            },
          ],
        });
      }
      if (current.product.kind === 'fee') {
        throw new AppError('CATALOG_INVALID', 'fee product with a form', {
          problems: [
            {
              rule: 'schema',
              url_key: current.product.url_key,
              message: lintMessage(language, { rule: 'schema', params: { path: 'form', detail: 'kind: fee' } }),
            },
          ],
        });
      }
      return { product: current.product, form: record };
    });
    return this.getProduct(productId);
  }

  async revisions(productId: number) {
    await this.requireProduct(productId);
    const rows = await this.db
      .select({ revision: productRevisions, user: users })
      .from(productRevisions)
      .leftJoin(users, eq(users.id, productRevisions.userId))
      .where(eq(productRevisions.productId, productId))
      .orderBy(desc(productRevisions.id));
    return {
      items: rows.map(({ revision, user }) => ({
        id: revision.id,
        version: revision.version,
        source: revision.source,
        user_name: user ? `${user.firstname} ${user.lastname}`.trim() || user.email : null,
        created_at: revision.createdAt.toISOString(),
        summary: revision.summary,
      })),
    };
  }

  async revision(productId: number, revisionId: number) {
    const [row] = await this.db
      .select()
      .from(productRevisions)
      .where(and(eq(productRevisions.productId, productId), eq(productRevisions.id, revisionId)));
    if (!row) throw new AppError('NOT_FOUND', `revision ${revisionId} of ${productId}`);
    return {
      id: row.id,
      version: row.version,
      source: row.source,
      created_at: row.createdAt.toISOString(),
      summary: row.summary,
      before: row.before as unknown as Record<string, unknown> | null,
      after: row.after as unknown as Record<string, unknown>,
    };
  }

  /** Puts the product back as it was after a revision (a new revision; checked like any other save). */
  async revert(user: SessionUser, productId: number, revisionId: number, version: number, language: Language) {
    const target = await this.revision(productId, revisionId);
    await this.save(
      user,
      productId,
      version,
      language,
      'revert',
      () => fromStoredSnapshot(target.after as never),
      `revert to version ${target.version}`,
    );
    return this.getProduct(productId);
  }

  /** Takes the file version the seed kept aside: the product follows its files again. */
  async applyFileVersion(user: SessionUser, productId: number, version: number, language: Language) {
    await this.save(user, productId, version, language, 'file', (_current, row) => {
      if (!row.pendingFile) throw new AppError('NOT_FOUND', `no pending file version for ${productId}`);
      return fromStoredSnapshot(row.pendingFile);
    });
    return this.getProduct(productId);
  }

  /** Every store (the list filter and the availability checkboxes). */
  async listStores() {
    const rows = await this.db.select().from(stores).orderBy(asc(stores.storeId));
    return { items: rows.map((s) => ({ store_id: s.storeId, name: s.name, country: s.country })) };
  }

  async listCategories() {
    const rows = await this.db
      .select()
      .from(categories)
      .orderBy(asc(categories.language), asc(categories.position), asc(categories.id));
    return { items: rows.map(categoryOut) };
  }

  async updateCategory(
    id: number,
    input: {
      version: number;
      name: string;
      position: number;
      meta_title?: string;
      meta_description?: string;
      image?: string;
    },
  ) {
    const updated = await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
      if (!row) throw new AppError('NOT_FOUND', `category ${id}`);
      if (row.version !== input.version)
        throw new AppError('STALE_CATALOG', `category ${id} is at ${row.version}, not ${input.version}`);
      const [next] = await tx
        .update(categories)
        .set({
          name: input.name.trim(),
          position: input.position,
          ...(input.meta_title !== undefined ? { metaTitle: input.meta_title.trim() } : {}),
          ...(input.meta_description !== undefined ? { metaDescription: input.meta_description.trim() } : {}),
          ...(input.image !== undefined ? { image: input.image } : {}),
          version: row.version + 1,
          editedAt: new Date(),
        })
        .where(eq(categories.id, id))
        .returning();
      return next!;
    });
    await this.catalog.load();
    return categoryOut(updated);
  }

  private async requireProduct(productId: number): Promise<void> {
    const [row] = await this.db
      .select({ id: products.productId })
      .from(products)
      .where(eq(products.productId, productId));
    if (!row) throw new AppError('NOT_FOUND', `product ${productId}`);
  }

  /**
   * The one write path of the back office: lock, version check, the next state, schema and linter over the whole
   * catalogue, write, revision; then reload this instance's catalogue. A fee product's new price or name is carried
   * into the fee lines (related_product) of the forms that charge it, in the same transaction, each with a revision.
   */
  private async save(
    user: SessionUser,
    productId: number,
    expectedVersion: number,
    language: Language,
    source: 'backoffice' | 'revert' | 'file',
    next: (current: ProductSnapshot, row: ProductRow) => ProductSnapshot,
    summaryNote?: string,
  ): Promise<void> {
    const wrote = await this.db.transaction(async (tx) => {
      const current = await lockProduct(tx, productId);
      if (!current) throw new AppError('NOT_FOUND', `product ${productId}`);
      if (current.row.version !== expectedVersion) {
        throw new AppError(
          'STALE_CATALOG',
          `product ${productId} is at version ${current.row.version}, not ${expectedVersion}`,
        );
      }
      const candidate = normaliseSnapshot(next(current.snapshot, current.row));
      const changed = changedParts(current.snapshot, candidate);
      if (changed.length === 0 && source !== 'file') return false;
      const writes = [{ current, candidate, changed, source, note: summaryNote }];
      for (const dependent of await this.feeLineUpdates(tx, current.snapshot, candidate))
        writes.push({ ...dependent, source: 'backoffice', note: `fee ${productId}` });
      await this.checkCatalogue(
        tx,
        writes.map((w) => w.candidate),
        language,
      );
      for (const w of writes) {
        const version = w.current.row.version + 1;
        const fromFile = w.source === 'file';
        await writeProduct(tx, w.candidate, {
          version,
          editedAt: fromFile ? null : new Date(),
          editedBy: fromFile ? null : user.id,
          ...(fromFile ? { fileHash: snapshotHash(w.candidate), pendingFile: null } : {}),
        });
        await tx.insert(productRevisions).values({
          productId: w.candidate.product.product_id,
          version,
          source: w.source,
          userId: user.id,
          summary: [w.note, w.changed.join(', ')].filter(Boolean).join(': '),
          before: toStoredSnapshot(w.current.snapshot),
          after: toStoredSnapshot(w.candidate),
        });
      }
      return true;
    });
    if (wrote) await this.catalog.load();
  }

  /** The products whose fee lines must follow a fee product's new price or name (locked, with their next state). */
  private async feeLineUpdates(tx: DbOrTx, before: ProductSnapshot, after: ProductSnapshot) {
    const fee = after.product;
    if (fee.kind !== 'fee' || (before.product.base_price === fee.base_price && before.product.name === fee.name))
      return [];
    const rows = await tx.select({ id: products.productId, form: products.form }).from(products);
    const ids = rows
      .filter((r) => (r.form.related_product ?? []).some((x) => x.product_id === fee.product_id))
      .map((r) => r.id);
    const updates = [];
    for (const id of ids) {
      const current = (await lockProduct(tx, id))!;
      const form = current.snapshot.form!;
      const candidate = normaliseSnapshot({
        product: current.snapshot.product,
        form: {
          ...form,
          related_product: (form.related_product ?? []).map((r) =>
            r.product_id === fee.product_id ? { ...r, name: fee.name, price: fee.base_price } : r,
          ),
        },
      });
      updates.push({ current, candidate, changed: changedParts(current.snapshot, candidate) });
    }
    return updates;
  }

  /** Refuses a state the catalogue linter would reject: only problems these changes bring count. */
  private async checkCatalogue(tx: DbOrTx, candidates: ProductSnapshot[], language: Language): Promise<void> {
    const known = new Set((await tx.select({ id: stores.storeId }).from(stores)).map((s) => s.id));
    for (const candidate of candidates) {
      const unknownStores = candidate.product.stores.filter((s) => !known.has(Number(s)));
      if (unknownStores.length === 0) continue;
      throw new AppError('CATALOG_INVALID', 'unknown stores', {
        problems: [
          {
            rule: 'schema',
            url_key: candidate.product.url_key,
            path: 'stores',
            message: lintMessage(language, {
              rule: 'schema',
              params: { path: 'stores', detail: unknownStores.join(', ') },
            }),
          },
        ],
      });
    }
    const before = await catalogueFiles(tx);
    const replaced = new Map(candidates.map((c) => [c.product.product_id, c]));
    const after: CatalogFiles = {
      ...before,
      products: before.products.map((p) => replaced.get(p.product_id)?.product ?? p),
      forms: [
        ...before.forms.filter((f) => !replaced.has(f.product_id)),
        ...candidates.flatMap((c) => (c.form ? [c.form] : [])),
      ],
    };
    const key = (p: CatalogProblem) => `${p.url_key}|${p.rule}|${p.option_id ?? ''}|${p.message}`;
    const existing = new Set(lintCatalogFiles(before).map(key));
    const introduced = lintCatalogFiles(after).filter((p) => !existing.has(key(p)));
    if (introduced.length > 0) {
      throw new AppError('CATALOG_INVALID', `${introduced.length} catalogue problem(s)`, {
        problems: introduced.map((p) => problemOut(p, language)),
      });
    }
  }
}

function problemOut(p: CatalogProblem, language: Language): CatalogProblemOut {
  const path =
    typeof p.params.path === 'string'
      ? p.params.path
      : p.option_id !== undefined
        ? `options[${p.option_id}]`
        : undefined;
  return {
    rule: p.rule,
    url_key: p.url_key,
    ...(p.option_id !== undefined ? { option_id: p.option_id } : {}),
    ...(path ? { path } : {}),
    message: lintMessage(language, p),
  };
}

/** The form file schema's complaints (at most 20), with their JSON paths. */
function formSchemaProblems(form: unknown, language: Language): CatalogProblemOut[] {
  if (Value.Check(FormFile, form)) return [];
  const urlKey =
    typeof form === 'object' && form !== null && typeof (form as { url_key?: unknown }).url_key === 'string'
      ? (form as { url_key: string }).url_key
      : '';
  return [...Value.Errors(FormFile, form)].slice(0, 20).map((e) => {
    const path = e.instancePath || '/';
    return {
      rule: 'schema',
      url_key: urlKey,
      path,
      message: lintMessage(language, { rule: 'schema', params: { path, detail: e.message } }),
    };
  });
}

/** The whole catalogue as files would give it, read inside the transaction (only the fields the linter reads). */
async function catalogueFiles(tx: DbOrTx): Promise<CatalogFiles> {
  const [storeRows, categoryRows, productRows, links] = await Promise.all([
    tx.select().from(stores),
    tx.select().from(categories),
    tx.select().from(products),
    tx.select().from(productStores),
  ]);
  const storesOf = groupStores(links);
  const snapshots = productRows.map((r) => snapshotOfRow(r, storesOf.get(r.productId) ?? []));
  return {
    stores: storeRows.map((s) => ({
      store_id: s.storeId,
      name: s.name,
      language: s.language as 'es',
      country: s.country as 'ES',
      vat_rate: formatRate(rateBp(s.vatRateBp)),
      hosts: s.hosts,
    })),
    categories: categoryRows.map((c) => ({
      id: c.id,
      url_key: c.urlKey,
      name: c.name,
      language: c.language as 'es',
      short_name: c.shortName,
      description: c.description,
      meta_title: c.metaTitle,
      meta_description: c.metaDescription,
      translations: c.translations as CategoryTranslationsRecord,
    })),
    products: snapshots.map((s) => s.product),
    forms: snapshots.flatMap((s) => (s.form ? [s.form] : [])),
  };
}

function groupStores(links: Array<{ productId: number; storeId: number }>): Map<number, number[]> {
  const map = new Map<number, number[]>();
  for (const l of links) map.set(l.productId, [...(map.get(l.productId) ?? []), l.storeId]);
  for (const list of map.values()) list.sort((a, b) => a - b);
  return map;
}

/** A product's list price in a store, its fee lines at their fee products' current prices. */
function priceWithFees(row: ProductRow, fees: Map<number, ProductRow>, vatRateBp: number): Cents {
  const stored = (row.form.related_product ?? []).map((r) => ({ ...r, price: r.price }));
  const related = atFeeProductPrices(stored, (id) => {
    const fee = fees.get(id);
    return fee && { name: fee.name, price: fee.basePrice };
  });
  const product = {
    base_price: row.basePrice,
    official_fee: row.officialFee,
    related_product: related,
    related_conditions: row.form.related_conditions ?? [],
  };
  return listPrice(product, rateBp(vatRateBp));
}

function categoryOut(c: typeof categories.$inferSelect) {
  return {
    id: c.id,
    url_key: c.urlKey,
    name: c.name,
    position: c.position,
    language: c.language,
    meta_title: c.metaTitle,
    meta_description: c.metaDescription,
    image: c.image,
    version: c.version,
    edited: c.editedAt !== null,
  };
}
