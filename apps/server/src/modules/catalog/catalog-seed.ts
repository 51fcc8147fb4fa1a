import { eq, sql } from 'drizzle-orm';
import { cents, DISPLAY_FLAGS, money, parseRate, type DisplayFlag, type ProductForm, type ProductOption } from '@ventanilla/domain';
import type { Db } from '../../db/database.js';
import { categories, products, productStores, stores, type StoredProductForm } from '../../db/schema.js';
import type { CatalogFiles, FormRecord } from './catalog-files.js';

function displayFlags(option: FormRecord['options'][number]): Partial<Record<DisplayFlag, boolean>> | undefined {
  const raw = option as Record<string, unknown>;
  const set = DISPLAY_FLAGS.filter((f) => raw[f] !== undefined).map((f) => [f, raw[f] === true || raw[f] === 1] as const);
  return set.length > 0 ? Object.fromEntries(set) : undefined;
}

/** The form file in the shape the engine reads (prices in cents), with the product-level flow rules. */
export function toStoredForm(form: FormRecord | undefined): StoredProductForm {
  if (!form) return { steps: [], options: [] };
  return {
    steps: form.steps,
    options: form.options.map((o) => {
      const display = displayFlags(o);
      return {
        option_id: o.option_id,
        type: o.type,
        is_require: o.is_require === 1,
        title: o.title,
        placeholder: o.placeholder,
        error: o.error,
        price: money(o.price),
        index: o.index,
        previous_steps: o.previous_steps,
        opt_values: o.opt_values.map((v) => ({ id: v.id, name: v.name, price: money(v.price) })),
        ...(o.max_length ? { max_length: o.max_length } : {}),
        ...(o.autounset_option_values?.length ? { autounset_option_values: o.autounset_option_values } : {}),
        ...(o.validator ? { validator: o.validator } : {}),
        ...(display ? { display } : {}),
      };
    }),
    conditions_to_redirect: form.conditions_to_redirect ?? [],
    conditions_to_exit: form.conditions_to_exit || [],
    conditions_to_earlycheckout: form.conditions_to_earlycheckout ?? null,
    questions_on_confirm: form.questions_on_confirm ?? [],
    question_on_start: form.question_on_start ?? null,
    related_product: (form.related_product ?? []).map((r) => ({
      product_id: r.product_id,
      name: r.name,
      price: money(r.price),
      vat: r.vat ?? true,
    })),
  };
}

/** The engine's form from what the seed stored (prices as cents); the rules default to none for older rows. */
export function fromStoredForm(stored: StoredProductForm, product: { product_id: number; base_price: number; official_fee: number }): ProductForm {
  return {
    product_id: product.product_id,
    base_price: cents(product.base_price),
    official_fee: cents(product.official_fee),
    steps: stored.steps,
    options: stored.options.map((o) => ({
      ...o,
      type: o.type as ProductOption['type'],
      price: cents(o.price),
      opt_values: o.opt_values.map((v) => ({ ...v, price: cents(v.price) })),
    })),
    conditions_to_redirect: stored.conditions_to_redirect ?? [],
    conditions_to_exit: stored.conditions_to_exit ?? [],
    conditions_to_earlycheckout: stored.conditions_to_earlycheckout ?? null,
    questions_on_confirm: stored.questions_on_confirm ?? [],
    question_on_start: stored.question_on_start ?? null,
    related_product: (stored.related_product ?? []).map((r) => ({ ...r, price: cents(r.price) })),
  };
}

/** Writes the catalogue files into the database: upserts, so running it at every start never duplicates. */
export async function seedCatalog(db: Db, files: CatalogFiles): Promise<void> {
  const formByProduct = new Map(files.forms.map((f) => [f.product_id, f]));
  await db.transaction(async (tx) => {
    for (const s of files.stores) {
      const row = {
        storeId: s.store_id,
        name: s.name,
        language: s.language,
        country: s.country,
        vatRateBp: parseRate(s.vat_rate),
        hosts: s.hosts,
        description: s.description ?? '',
      };
      await tx.insert(stores).values(row).onConflictDoUpdate({ target: stores.storeId, set: row });
    }
    for (const c of files.categories) {
      const row = {
        id: c.id,
        urlKey: c.url_key,
        name: c.name,
        shortName: c.short_name ?? c.name,
        description: c.description ?? '',
        position: c.position ?? 0,
        language: c.language,
      };
      await tx.insert(categories).values(row).onConflictDoUpdate({ target: categories.id, set: row });
    }
    for (const p of files.products) {
      const row = {
        productId: p.product_id,
        urlKey: p.url_key,
        catUrlKey: p.cat_url_key,
        name: p.name,
        shortDescription: p.short_description ?? '',
        description: p.description ?? '',
        customText: p.custom_text ?? '',
        tooltip: p.tooltip ?? null,
        image: p.image ?? 'no_selection',
        groupName: p.group ?? 'Otros',
        basePrice: money(p.base_price),
        officialFee: money(p.official_fee ?? '0'),
        visible: p.visible ?? true,
        visibleOnServices: p.visible_on_services ?? true,
        position: p.position ?? 0,
        form: toStoredForm(formByProduct.get(p.product_id)),
      };
      await tx
        .insert(products)
        .values(row)
        .onConflictDoUpdate({ target: products.productId, set: { ...row, updatedAt: sql`now()` } });
      await tx.delete(productStores).where(eq(productStores.productId, p.product_id));
      await tx.insert(productStores).values(p.stores.map((s) => ({ productId: p.product_id, storeId: Number(s) })));
    }
  });
}
