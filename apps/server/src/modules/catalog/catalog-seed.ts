import { eq, sql } from 'drizzle-orm';
import { money, parseRate } from '@ventanilla/domain';
import type { Db } from '../../db/database.js';
import { categories, products, productStores, stores, type StoredProductForm } from '../../db/schema.js';
import type { CatalogFiles, FormRecord } from './catalog-files.js';

function toStoredForm(form: FormRecord | undefined): StoredProductForm {
  if (!form) return { steps: [], options: [] };
  return {
    steps: form.steps,
    options: form.options.map((o) => ({
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
    })),
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
