import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Type, type Static, type TSchema } from 'typebox';
import { Nullable, OneOf } from '../../shared/http-schemas.js';
import { Compile, type Validator } from 'typebox/compile';
import { Value } from 'typebox/value';
import {
  CONDITION_OPS,
  DISPLAY_FLAGS,
  LANGUAGES,
  MONEY_PATTERNS,
  OPTION_TYPES,
  VALIDATOR_NAMES,
} from '@ventanilla/domain';
import {
  CategoryTranslationFile,
  CategoryTranslations,
  ProductTranslationFile,
  ProductTranslations,
} from './catalog-translations.js';

const Money = Type.String({ pattern: MONEY_PATTERNS.amount });

export const StoreFile = Type.Array(
  Type.Object({
    store_id: Type.Integer({ minimum: 1, maximum: 99 }),
    name: Type.String({ minLength: 1 }),
    language: Type.Union([Type.Literal('es'), Type.Literal('en'), Type.Literal('pt')]),
    country: Type.Union([
      Type.Literal('ES'),
      Type.Literal('PT'),
      Type.Literal('IE'),
      Type.Literal('GB'),
      Type.Literal('NL'),
    ]),
    vat_rate: Money,
    hosts: Type.Array(Type.String()),
    description: Type.Optional(Type.String()),
  }),
);

export const CategoryFile = Type.Array(
  Type.Object({
    id: Type.Integer({ minimum: 1 }),
    url_key: Type.String({ pattern: '^[a-z0-9-]+$' }),
    name: Type.String({ minLength: 1 }),
    short_name: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    position: Type.Optional(Type.Integer()),
    language: Type.Union([Type.Literal('es'), Type.Literal('en'), Type.Literal('pt')]),
    /** The category page's <title>, meta description and picture (a path under the web app's public files). */
    meta_title: Type.Optional(Type.String({ maxLength: 70 })),
    meta_description: Type.Optional(Type.String({ maxLength: 170 })),
    image: Type.Optional(Type.String({ pattern: '^((/[a-z0-9-]+)+\\.(svg|png|jpe?g|webp))?$' })),
    /** Texts in other languages (read from catalog/translations/<language>/categories.json). */
    translations: Type.Optional(CategoryTranslations),
  }),
);

export const ProductFile = Type.Object({
  product_id: Type.Integer({ minimum: 1 }),
  url_key: Type.String({ pattern: '^[a-z0-9-]+$' }),
  cat_url_key: Type.String(),
  /** service (default): orderable; fee: an official fee product, charged only as a related line of a service. */
  kind: Type.Optional(Type.Union([Type.Literal('service'), Type.Literal('fee')])),
  name: Type.String({ minLength: 1 }),
  short_description: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  custom_text: Type.Optional(Type.String()),
  tooltip: Type.Optional(Nullable(Type.String())),
  image: Type.Optional(Type.String()),
  group: Type.Optional(Type.String()),
  /** The product page's <title> and meta description (search results); empty: the name and the short description. */
  meta_title: Type.Optional(Type.String({ maxLength: 70 })),
  meta_description: Type.Optional(Type.String({ maxLength: 170 })),
  base_price: Money,
  official_fee: Type.Optional(Money),
  stores: Type.Array(Type.String({ pattern: '^\\d+$' }), { minItems: 1 }),
  visible: Type.Optional(Type.Boolean()),
  visible_on_services: Type.Optional(Type.Boolean()),
  position: Type.Optional(Type.Integer()),
  /** Texts in other languages (read from catalog/translations/<language>/products/<url_key>.json). */
  translations: Type.Optional(ProductTranslations),
});

const Condition = Type.Object(
  {
    option_id: Type.Integer(),
    value: Type.String(),
    op: Type.Optional(OneOf(CONDITION_OPS)),
  },
  { additionalProperties: false },
);

/** Display flags of the spec: 0/1 or booleans in the files. */
const Flag = Type.Union([Type.Boolean(), Type.Literal(0), Type.Literal(1)]);

export const FormFile = Type.Object({
  product_id: Type.Integer(),
  url_key: Type.String(),
  steps: Type.Array(Type.Array(Type.Integer(), { minItems: 1 })),
  options: Type.Array(
    Type.Object({
      option_id: Type.Integer({ minimum: 1 }),
      type: OneOf(OPTION_TYPES),
      is_require: Type.Union([Type.Literal(0), Type.Literal(1)]),
      title: Type.String({ minLength: 1 }),
      placeholder: Nullable(Type.String()),
      error: Nullable(Type.String()),
      price: Money,
      index: Type.Integer(),
      previous_steps: Type.Array(Condition),
      opt_values: Type.Array(
        Type.Object({
          id: Type.Integer({ minimum: 1 }),
          name: Type.String(),
          price: Money,
          /** Province and district lists: the place's official code (docs/geo-data.md). */
          code: Type.Optional(Type.String({ pattern: '^[0-9A-Z]{2,6}$' })),
        }),
      ),
      max_length: Type.Optional(Type.Integer({ minimum: 1 })),
      autounset_option_values: Type.Optional(Type.Array(Condition)),
      validator: Type.Optional(Nullable(OneOf(VALIDATOR_NAMES))),
      /** A file question asking for an identity document (DNI, NIE, passport): hasDniUploaded counts its answer. */
      document: Type.Optional(Type.Literal('identity')),
      /** Place questions: country of the list and the question that narrows it (docs/geo-data.md). */
      place: Type.Optional(
        Type.Object(
          {
            country: Type.Optional(Type.Union([Type.Literal('ES'), Type.Literal('PT')])),
            parent_option: Type.Optional(Type.Integer({ minimum: 1 })),
          },
          { additionalProperties: false },
        ),
      ),
      ...Object.fromEntries(DISPLAY_FLAGS.map((f) => [f, Type.Optional(Flag)])),
    }),
  ),
  conditions_to_redirect: Type.Optional(
    Type.Array(
      Type.Object({
        option_id: Type.Integer(),
        value: Type.String(),
        op: Type.Optional(OneOf(CONDITION_OPS)),
        product_id_in: Type.Integer(),
        product_id_out: Type.Integer(),
        step_saved: Type.Integer({ minimum: 1 }),
      }),
    ),
  ),
  conditions_to_exit: Type.Optional(
    Type.Union([
      Type.Array(Type.Object({ message: Type.String(), options: Type.Array(Condition) })),
      Type.Literal(false),
    ]),
  ),
  conditions_to_earlycheckout: Type.Optional(
    Nullable(
      Type.Object({
        type: Type.Union([Type.Literal('or'), Type.Literal('and')]),
        options: Type.Array(Condition),
        confirmationOptions: Type.Array(Type.Integer()),
      }),
    ),
  ),
  questions_on_confirm: Type.Optional(Type.Array(Type.Integer())),
  question_on_start: Type.Optional(Nullable(Type.Integer())),
  related_product: Type.Optional(
    Type.Array(
      Type.Object({
        product_id: Type.Integer({ minimum: 1 }),
        name: Type.String({ minLength: 1 }),
        price: Money,
        vat: Type.Optional(Type.Boolean()),
      }),
    ),
  ),
  /** When a fee line of related_product is charged (docs/shop-flows.md, "Fee lines and their conditions"). */
  related_conditions: Type.Optional(
    Type.Array(Type.Object({ product_id: Type.Integer({ minimum: 1 }), options: Type.Array(Condition) })),
  ),
});

export type StoreRecord = Static<typeof StoreFile>[number];
export type CategoryRecord = Static<typeof CategoryFile>[number];
export type ProductRecord = Static<typeof ProductFile>;
export type FormRecord = Static<typeof FormFile>;

export interface CatalogFiles {
  stores: StoreRecord[];
  categories: CategoryRecord[];
  products: ProductRecord[];
  forms: FormRecord[];
}

export class CatalogFileError extends Error {
  override name = 'CatalogFileError';
}

// Each file schema compiled once into a validator: at every start ~120 files are checked (Value.Check's interpreter
// took ~190 ms of the start's CPU, the compiled check a few ms); the errors of a refused file still come from Value.
const validators = new WeakMap<TSchema, Validator>();

function validatorOf(schema: TSchema): Validator {
  let validator = validators.get(schema);
  if (!validator) {
    validator = Compile(schema);
    validators.set(schema, validator);
  }
  return validator;
}

async function readJson<T extends TSchema>(file: string, schema: T): Promise<Static<T>> {
  const data: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (!validatorOf(schema).Check(data)) {
    const problems = [...Value.Errors(schema, data)]
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'} ${e.message}`)
      .join('; ');
    throw new CatalogFileError(`${file}: ${problems}`);
  }
  return data as Static<T>;
}

async function jsonFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => path.join(dir, f));
  } catch {
    return [];
  }
}

/** Reads and validates catalog/ (stores, categories, products/*.json, forms/*.json) and checks cross-references. */
export async function readCatalogFiles(dir: string): Promise<CatalogFiles> {
  const stores = await readJson(path.join(dir, 'stores.json'), StoreFile);
  const categories = await readJson(path.join(dir, 'categories.json'), CategoryFile);
  const products = await Promise.all(
    (await jsonFiles(path.join(dir, 'products'))).map((f) => readJson(f, ProductFile)),
  );
  const forms = await Promise.all((await jsonFiles(path.join(dir, 'forms'))).map((f) => readJson(f, FormFile)));

  const storeIds = new Set(stores.map((s) => s.store_id));
  const categoryKeys = new Set(categories.map((c) => c.url_key));
  const productById = new Map<number, ProductRecord>();
  const urlKeys = new Set<string>();
  for (const p of products) {
    if (productById.has(p.product_id)) throw new CatalogFileError(`Duplicate product_id ${p.product_id}`);
    if (urlKeys.has(p.url_key)) throw new CatalogFileError(`Duplicate url_key ${p.url_key}`);
    if (!categoryKeys.has(p.cat_url_key)) throw new CatalogFileError(`${p.url_key}: unknown category ${p.cat_url_key}`);
    for (const s of p.stores) {
      if (!storeIds.has(Number(s))) throw new CatalogFileError(`${p.url_key}: unknown store ${s}`);
    }
    productById.set(p.product_id, p);
    urlKeys.add(p.url_key);
  }
  for (const f of forms) {
    const product = productById.get(f.product_id);
    if (!product || product.url_key !== f.url_key) {
      throw new CatalogFileError(`Form for ${f.url_key} (${f.product_id}) has no matching product`);
    }
    if (product.kind === 'fee') throw new CatalogFileError(`${f.url_key}: a fee product has no form`);
    const optionIds = new Set(f.options.map((o) => o.option_id));
    for (const step of f.steps) {
      for (const id of step)
        if (!optionIds.has(id)) throw new CatalogFileError(`${f.url_key}: step lists unknown option ${id}`);
    }
  }
  for (const language of LANGUAGES) {
    const base = path.join(dir, 'translations', language);
    for (const file of await jsonFiles(path.join(base, 'products'))) {
      const { product_id, url_key, ...translation } = await readJson(file, ProductTranslationFile);
      const product = productById.get(product_id);
      if (!product || product.url_key !== url_key || path.basename(file) !== `${url_key}.json`) {
        throw new CatalogFileError(`${file}: no product ${url_key} (${product_id})`);
      }
      product.translations = { ...product.translations, [language]: translation };
    }
    const categoryFile = path.join(base, 'categories.json');
    const categoryTexts = await readJson(categoryFile, CategoryTranslationFile).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    });
    for (const { url_key, ...translation } of categoryTexts) {
      const category = categories.find((c) => c.url_key === url_key);
      if (!category) throw new CatalogFileError(`${categoryFile}: no category ${url_key}`);
      category.translations = { ...category.translations, [language]: translation };
    }
  }
  return { stores, categories, products, forms };
}
