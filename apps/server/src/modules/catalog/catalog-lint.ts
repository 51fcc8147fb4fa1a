import { cents, lintCatalog, money, type LintRule } from '@ventanilla/domain';
import type { CatalogFiles } from './catalog-files.js';
import { fromStoredForm, toStoredForm } from './catalog-form.js';
import { baseLanguageOf, categoryTranslationGaps, translationGaps } from './catalog-translations.js';

/**
 * Categories whose products may carry VAT-free amounts (official fees, fee products without VAT): trademarks and
 * designs (OEPM/EUIPO fees) and the residence card renewal (government fees); see docs/catalogue.md, "Price model".
 * Everything else is priced base + VAT of its stores' country.
 */
export const VAT_FREE_FEE_CATEGORIES: ReadonlySet<string> = new Set(['registro-de-marcas', 'extranjeria']);

export type CatalogLintRule =
  | LintRule
  | 'mixed-vat-countries'
  | 'vat-free-outside-exceptions'
  | 'related-not-a-fee-product'
  | 'related-price-mismatch'
  | 'missing-translation'
  | 'unknown-translation-key';

/** A catalogue problem, named by the product's url_key. */
export interface CatalogProblem {
  url_key: string;
  rule: CatalogLintRule;
  option_id?: number;
  /** For catalogue editors, in English (the command's output). */
  message: string;
  /** The values of the message, to say it in the editor's language (catalog-lint-messages.ts). */
  params: Record<string, string | number>;
}

/**
 * Lints a catalogue read from files: the domain's form rules (lintCatalog), the product-level VAT rule (one VAT
 * country per product; VAT-free amounts only in the listed categories) and the fee lines (related_product: a fee
 * product of the catalogue, at that product's price).
 */
export function lintCatalogFiles(files: CatalogFiles): CatalogProblem[] {
  const urlKeyOf = new Map(files.products.map((p) => [p.product_id, p.url_key]));
  const forms = files.forms.map((f) =>
    fromStoredForm(toStoredForm(f), { product_id: f.product_id, base_price: cents(0), official_fee: cents(0) }),
  );
  const problems: CatalogProblem[] = lintCatalog(forms, urlKeyOf.keys()).map(({ product_id, ...rest }) => ({
    url_key: urlKeyOf.get(product_id) ?? String(product_id),
    ...rest,
  }));

  const countryOf = new Map(files.stores.map((s) => [String(s.store_id), s.country]));
  const relatedOf = new Map(files.forms.map((f) => [f.product_id, f.related_product ?? []]));
  const productById = new Map(files.products.map((p) => [p.product_id, p]));
  for (const p of files.products) {
    const countries = new Set(p.stores.map((s) => countryOf.get(s)));
    if (countries.size > 1) {
      const list = [...countries].join(', ');
      problems.push({
        url_key: p.url_key,
        rule: 'mixed-vat-countries',
        message: `sold in stores of ${list}: one product has one VAT rate`,
        params: { countries: list },
      });
    }
    for (const r of relatedOf.get(p.product_id) ?? []) {
      const fee = productById.get(r.product_id);
      if (fee?.kind !== 'fee') {
        problems.push({
          url_key: p.url_key,
          rule: 'related-not-a-fee-product',
          message: `related product ${r.product_id} is not a fee product of the catalogue`,
          params: { product: r.product_id },
        });
      } else if (money(fee.base_price) !== money(r.price)) {
        problems.push({
          url_key: p.url_key,
          rule: 'related-price-mismatch',
          message: `related product ${r.product_id} costs ${r.price} here but ${fee.base_price} in its own product`,
          params: { product: r.product_id, price: r.price, expected: fee.base_price },
        });
      }
    }
    if (VAT_FREE_FEE_CATEGORIES.has(p.cat_url_key)) continue;
    if (money(p.official_fee ?? '0') > 0) {
      problems.push({
        url_key: p.url_key,
        rule: 'vat-free-outside-exceptions',
        message: `official_fee ${p.official_fee} carries no VAT, outside the fee categories`,
        params: { fee: p.official_fee ?? '0' },
      });
    }
    for (const r of relatedOf.get(p.product_id) ?? []) {
      if (r.vat === false) {
        problems.push({
          url_key: p.url_key,
          rule: 'vat-free-outside-exceptions',
          message: `related product ${r.product_id} has no VAT, outside the fee categories`,
          params: { product: r.product_id },
        });
      }
    }
  }
  problems.push(...translationProblems(files));
  return problems;
}

/** At most this many paths are named in one problem (the count says how many there are). */
const PATHS_SHOWN = 5;

function pathList(paths: string[]): string {
  const shown = paths.slice(0, PATHS_SHOWN);
  return paths.length > PATHS_SHOWN ? `${shown.join(', ')}, …` : shown.join(', ');
}

/**
 * Every product and every category a store shows has its texts in the store's language: in its base texts (the
 * category's language) or in a complete translation. A missing text is an error, never a silent fallback; a
 * translation naming an option, value, exit or fee line the form no longer has is an error too (a stale text).
 */
export function translationProblems(files: CatalogFiles): CatalogProblem[] {
  const problems: CatalogProblem[] = [];
  const storeLanguage = new Map(files.stores.map((s) => [String(s.store_id), s.language]));
  const categoryByKey = new Map(files.categories.map((c) => [c.url_key, c]));
  const formOf = new Map(files.forms.map((f) => [f.product_id, f]));
  const categoryNeeds = new Map<string, Map<string, string[]>>();
  for (const p of files.products) {
    const base = baseLanguageOf(categoryByKey.get(p.cat_url_key)?.language);
    const storesByLanguage = new Map<string, string[]>();
    for (const s of p.stores) {
      const language = storeLanguage.get(s);
      if (!language || language === base) continue;
      storesByLanguage.set(language, [...(storesByLanguage.get(language) ?? []), s]);
    }
    for (const [language, stores] of storesByLanguage) {
      const needs = categoryNeeds.get(p.cat_url_key) ?? new Map<string, string[]>();
      needs.set(language, [...new Set([...(needs.get(language) ?? []), ...stores])]);
      categoryNeeds.set(p.cat_url_key, needs);
    }
    const languages = new Set([...storesByLanguage.keys(), ...Object.keys(p.translations ?? {})]);
    for (const language of languages) {
      const translation = p.translations?.[language as 'en'];
      const gaps = translationGaps(p, formOf.get(p.product_id) ?? null, translation);
      const missing = gaps.filter((g) => g.kind === 'missing').map((g) => g.path);
      const unknown = gaps.filter((g) => g.kind === 'unknown').map((g) => g.path);
      const stores = storesByLanguage.get(language);
      if (stores && missing.length > 0) {
        const list = pathList(missing);
        problems.push({
          url_key: p.url_key,
          rule: 'missing-translation',
          message: `sold in store(s) ${stores.join(', ')} (${language}) without ${language} text for ${missing.length} text(s): ${list}`,
          params: { language, stores: stores.join(', '), count: missing.length, paths: list },
        });
      }
      if (translation && unknown.length > 0) {
        const list = pathList(unknown);
        problems.push({
          url_key: p.url_key,
          rule: 'unknown-translation-key',
          message: `the ${language} texts name ${unknown.length} thing(s) the product does not have: ${list}`,
          params: { language, count: unknown.length, paths: list },
        });
      }
    }
  }
  for (const [urlKey, needs] of categoryNeeds) {
    const category = categoryByKey.get(urlKey);
    if (!category) continue;
    for (const [language, stores] of needs) {
      const missing = categoryTranslationGaps(category, category.translations?.[language as 'en']);
      if (missing.length === 0) continue;
      const list = pathList(missing);
      problems.push({
        url_key: `categories/${urlKey}`,
        rule: 'missing-translation',
        message: `listed in store(s) ${stores.join(', ')} (${language}) without ${language} text for ${missing.length} text(s): ${list}`,
        params: { language, stores: stores.join(', '), count: missing.length, paths: list },
      });
    }
  }
  return problems;
}
