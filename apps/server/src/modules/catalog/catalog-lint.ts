import { lintCatalog, type LintRule } from '@ventanilla/domain';
import type { CatalogFiles } from './catalog-files.js';
import { fromStoredForm, toStoredForm } from './catalog-seed.js';

/**
 * Categories whose products may carry VAT-free amounts (official fees, fee products without VAT): trademarks and
 * designs (OEPM/EUIPO fees) and the residence card renewal (government fees); see docs/catalogue.md, "Price model".
 * Everything else is priced base + VAT of its stores' country.
 */
export const VAT_FREE_FEE_CATEGORIES: ReadonlySet<string> = new Set(['registro-de-marcas', 'extranjeria']);

export type CatalogLintRule = LintRule | 'mixed-vat-countries' | 'vat-free-outside-exceptions';

/** A catalogue problem, named by the product's url_key. */
export interface CatalogProblem {
  url_key: string;
  rule: CatalogLintRule;
  option_id?: number;
  message: string;
}

/**
 * Lints a catalogue read from files: the domain's form rules (lintCatalog) plus the product-level VAT rule (one VAT
 * country per product; VAT-free amounts only in the listed categories).
 */
export function lintCatalogFiles(files: CatalogFiles): CatalogProblem[] {
  const urlKeyOf = new Map(files.products.map((p) => [p.product_id, p.url_key]));
  const forms = files.forms.map((f) => fromStoredForm(toStoredForm(f), { product_id: f.product_id, base_price: 0, official_fee: 0 }));
  const problems: CatalogProblem[] = lintCatalog(forms, urlKeyOf.keys()).map(({ product_id, ...rest }) => ({
    url_key: urlKeyOf.get(product_id) ?? String(product_id),
    ...rest,
  }));

  const countryOf = new Map(files.stores.map((s) => [String(s.store_id), s.country]));
  const relatedOf = new Map(files.forms.map((f) => [f.product_id, f.related_product ?? []]));
  for (const p of files.products) {
    const countries = new Set(p.stores.map((s) => countryOf.get(s)));
    if (countries.size > 1) {
      problems.push({ url_key: p.url_key, rule: 'mixed-vat-countries', message: `sold in stores of ${[...countries].join(', ')}: one product has one VAT rate` });
    }
    if (VAT_FREE_FEE_CATEGORIES.has(p.cat_url_key)) continue;
    if (Number(p.official_fee ?? '0') > 0) {
      problems.push({ url_key: p.url_key, rule: 'vat-free-outside-exceptions', message: `official_fee ${p.official_fee} carries no VAT, outside the fee categories` });
    }
    for (const r of relatedOf.get(p.product_id) ?? []) {
      if (r.vat === false) {
        problems.push({ url_key: p.url_key, rule: 'vat-free-outside-exceptions', message: `related product ${r.product_id} has no VAT, outside the fee categories` });
      }
    }
  }
  return problems;
}
