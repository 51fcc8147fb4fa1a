// A product's and a category's texts in the other languages its stores speak (docs/catalogue.md, "Languages").
// The base texts (catalog/products/*.json, catalog/forms/*.json, catalog/categories.json) are in the language of the
// product's category; a translation (catalog/translations/<language>/...) replaces every visible text, keyed by the
// same ids. A store never shows another language's text silently: the linter requires a complete translation for
// every language of every store that sells the product, and the shop marks any gap it still meets (content_language).
import { Type, type Static } from 'typebox';
import type { Language } from '@ventanilla/domain';
import type { StoredProductForm } from '../../db/schema.js';
import { Nullable } from '../../shared/http-schemas.js';

const Text = Type.String({ minLength: 1 });

/** The texts of one option in another language: title, placeholder, error and the names of its values by id. */
export const OptionTranslation = Type.Object(
  {
    title: Type.Optional(Text),
    placeholder: Type.Optional(Text),
    error: Type.Optional(Text),
    values: Type.Optional(Type.Record(Type.String({ pattern: '^\\d+$' }), Text)),
  },
  { additionalProperties: false },
);

/**
 * The form's texts in another language: options by id and exit messages by position. Fee lines need none: they are
 * named by their fee product (a product of the catalogue with its own translations).
 */
export const FormTranslation = Type.Object(
  {
    options: Type.Optional(Type.Record(Type.String({ pattern: '^\\d+$' }), OptionTranslation)),
    exit_messages: Type.Optional(Type.Array(Text)),
  },
  { additionalProperties: false },
);

/** Everything of a product a customer reads, in one language. The url_key (slug) is the same in every language. */
export const ProductTranslation = Type.Object(
  {
    name: Text,
    short_description: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    custom_text: Type.Optional(Type.String()),
    tooltip: Type.Optional(Nullable(Type.String())),
    meta_title: Type.Optional(Type.String({ maxLength: 70 })),
    meta_description: Type.Optional(Type.String({ maxLength: 170 })),
    form: Type.Optional(FormTranslation),
  },
  { additionalProperties: false },
);

/** A product's translations by language (catalog/translations/<language>/products/<url_key>.json). */
export const ProductTranslations = Type.Object(
  {
    es: Type.Optional(ProductTranslation),
    en: Type.Optional(ProductTranslation),
    pt: Type.Optional(ProductTranslation),
  },
  { additionalProperties: false },
);

/** A translation file: the product's id and url_key say which product it translates. */
export const ProductTranslationFile = Type.Object(
  { product_id: Type.Integer({ minimum: 1 }), url_key: Type.String(), ...ProductTranslation.properties },
  { additionalProperties: false },
);

export const CategoryTranslation = Type.Object(
  {
    name: Text,
    short_name: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    meta_title: Type.Optional(Type.String({ maxLength: 70 })),
    meta_description: Type.Optional(Type.String({ maxLength: 170 })),
  },
  { additionalProperties: false },
);

export const CategoryTranslations = Type.Object(
  {
    es: Type.Optional(CategoryTranslation),
    en: Type.Optional(CategoryTranslation),
    pt: Type.Optional(CategoryTranslation),
  },
  { additionalProperties: false },
);

/** catalog/translations/<language>/categories.json: the categories' texts by url_key. */
export const CategoryTranslationFile = Type.Array(
  Type.Object({ url_key: Type.String(), ...CategoryTranslation.properties }, { additionalProperties: false }),
);

export type ProductTranslationRecord = Static<typeof ProductTranslation>;
export type ProductTranslationsRecord = Static<typeof ProductTranslations>;
export type FormTranslationRecord = Static<typeof FormTranslation>;
export type CategoryTranslationRecord = Static<typeof CategoryTranslation>;
export type CategoryTranslationsRecord = Static<typeof CategoryTranslations>;

/** The product's texts a translation must give when the base has them. */
export interface TranslatableProduct {
  name: string;
  short_description?: string;
  description?: string;
  custom_text?: string;
  tooltip?: string | null;
  meta_title?: string;
  meta_description?: string;
}

/** The form's texts as the files and the stored form share them (option titles, values, exits). */
export interface TranslatableForm {
  options: Array<{
    option_id: number;
    title: string;
    placeholder: string | null;
    error: string | null;
    opt_values: Array<{ id: number; name: string; code?: string }>;
  }>;
  conditions_to_exit?: Array<{ message: string }> | false;
}

const PRODUCT_FIELDS = [
  'short_description',
  'description',
  'custom_text',
  'tooltip',
  'meta_title',
  'meta_description',
] as const;

/** Values of place lists (provinces, districts: they carry a code) keep their own names in every language. */
export function isPlaceValue(value: { code?: string }): boolean {
  return value.code !== undefined;
}

/** A text the translation lacks or names wrongly: a path in the translation file and whether it is missing or stale. */
export interface TranslationGap {
  path: string;
  kind: 'missing' | 'unknown';
}

const filled = (text: string | null | undefined): text is string => typeof text === 'string' && text.trim() !== '';

/**
 * What a translation lacks against the base texts (every text the base has, the translation must have) and what it
 * names that the base does not have (an option, a value, an exit or a fee line since removed). Empty: complete.
 */
export function translationGaps(
  product: TranslatableProduct,
  form: TranslatableForm | null,
  given: ProductTranslationRecord | undefined,
): TranslationGap[] {
  // No translation at all: every text is missing (named one by one, like a partial translation's gaps).
  const translation = given ?? { name: '' };
  const gaps: TranslationGap[] = [];
  const missing = (path: string) => gaps.push({ path, kind: 'missing' });
  if (!filled(translation.name)) missing('name');
  for (const field of PRODUCT_FIELDS) {
    if (filled(product[field]) && !filled(translation[field])) missing(field);
  }
  const tf = translation.form ?? {};
  const options = tf.options ?? {};
  const known = new Set<string>();
  for (const o of form?.options ?? []) {
    const key = String(o.option_id);
    known.add(key);
    const t = options[key];
    const at = `form.options.${key}`;
    if (!filled(t?.title)) missing(`${at}.title`);
    if (filled(o.placeholder) && !filled(t?.placeholder)) missing(`${at}.placeholder`);
    if (filled(o.error) && !filled(t?.error)) missing(`${at}.error`);
    const valueIds = new Set<string>();
    for (const v of o.opt_values) {
      if (isPlaceValue(v)) continue;
      valueIds.add(String(v.id));
      if (!filled(t?.values?.[String(v.id)])) missing(`${at}.values.${v.id}`);
    }
    for (const id of Object.keys(t?.values ?? {})) {
      if (!valueIds.has(id)) gaps.push({ path: `${at}.values.${id}`, kind: 'unknown' });
    }
  }
  for (const key of Object.keys(options)) {
    if (!known.has(key)) gaps.push({ path: `form.options.${key}`, kind: 'unknown' });
  }
  const exits = form?.conditions_to_exit || [];
  const messages = tf.exit_messages ?? [];
  exits.forEach((e, i) => {
    if (filled(e.message) && !filled(messages[i])) missing(`form.exit_messages.${i}`);
  });
  for (let i = exits.length; i < messages.length; i += 1)
    gaps.push({ path: `form.exit_messages.${i}`, kind: 'unknown' });
  return gaps;
}

/** What a category translation lacks (its name, and every text the base category has). */
export function categoryTranslationGaps(
  category: { short_name?: string; description?: string; meta_title?: string; meta_description?: string },
  given: CategoryTranslationRecord | undefined,
): string[] {
  const translation = given ?? { name: '' };
  const gaps: string[] = [];
  if (!filled(translation.name)) gaps.push('name');
  for (const field of ['short_name', 'description', 'meta_title', 'meta_description'] as const) {
    if (filled(category[field]) && !filled(translation[field])) gaps.push(field);
  }
  return gaps;
}

/** The stored form with a translation's texts; a text the translation lacks stays as it is (the linter reports it). */
export function localizeStoredForm(form: StoredProductForm, translation: FormTranslationRecord | undefined) {
  if (!translation) return form;
  const options = translation.options ?? {};
  const exits = translation.exit_messages ?? [];
  return {
    ...form,
    options: form.options.map((o) => {
      const t = options[String(o.option_id)];
      if (!t) return o;
      return {
        ...o,
        title: t.title ?? o.title,
        placeholder: o.placeholder === null ? null : (t.placeholder ?? o.placeholder),
        error: o.error === null ? null : (t.error ?? o.error),
        opt_values: o.opt_values.map((v) => ({ ...v, name: t.values?.[String(v.id)] ?? v.name })),
      };
    }),
    ...(form.conditions_to_exit
      ? { conditions_to_exit: form.conditions_to_exit.map((e, i) => ({ ...e, message: exits[i] ?? e.message })) }
      : {}),
  } satisfies StoredProductForm;
}

/** The language a product's base texts are written in: its category's. */
export function baseLanguageOf(categoryLanguage: string | undefined): Language {
  return categoryLanguage === 'en' || categoryLanguage === 'pt' ? categoryLanguage : 'es';
}
