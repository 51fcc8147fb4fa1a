import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCatalogFiles, type CatalogFiles } from './catalog-files.js';
import { lintCatalogFiles } from './catalog-lint.js';
import { localizeStoredForm, translationGaps } from './catalog-translations.js';
import { toStoredForm } from './catalog-form.js';

const CATALOG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../catalog');

let files: CatalogFiles;
beforeAll(async () => {
  files = await readCatalogFiles(CATALOG);
});

/** A copy of the catalogue files to break one thing in. */
const copy = (): CatalogFiles => structuredClone(files);
const product = (f: CatalogFiles, key: string) => {
  const found = f.products.find((p) => p.url_key === key);
  if (!found) throw new Error(key);
  return found;
};
const translationRules = (f: CatalogFiles) =>
  lintCatalogFiles(f).filter((p) => p.rule === 'missing-translation' || p.rule === 'unknown-translation-key');

describe('the catalogue files', () => {
  it('have every product and category of every store in the store’s language (npm run catalog:lint)', () => {
    expect(lintCatalogFiles(files)).toEqual([]);
  });

  it('give every product store 9 sells an English translation, and keep Spanish as the base texts', () => {
    const nine = files.products.filter((p) => p.stores.includes('9'));
    expect(nine.length).toBeGreaterThan(40);
    for (const p of nine) expect(p.translations?.en?.name, p.url_key).toBeTruthy();
    expect(product(files, 'nota-simple').name).toBe('Nota simple del Registro de la Propiedad');
  });
});

describe('missing-translation: a store never shows another language silently', () => {
  it('a product of store 9 without its English texts', () => {
    const f = copy();
    delete product(f, 'nota-simple').translations;
    const problems = translationRules(f);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ url_key: 'nota-simple', rule: 'missing-translation' });
    expect(problems[0]?.params).toMatchObject({ language: 'en', stores: '9' });
    expect(problems[0]?.message).toMatch(/^sold in store\(s\) 9 \(en\) without en text for \d+ text\(s\): name, /);
  });

  it('one question, one choice, the FAQ or the meta description missing', () => {
    const f = copy();
    const t = product(f, 'nota-simple').translations?.en;
    if (!t?.form?.options) throw new Error('no English form texts');
    delete t.form.options['411']?.values?.['3782'];
    delete t.custom_text;
    delete t.meta_description;
    const [problem] = translationRules(f);
    expect(problem?.params).toMatchObject({
      count: 3,
      paths: 'custom_text, meta_description, form.options.411.values.3782',
    });
  });

  it('a product moved into a Portuguese store needs Portuguese texts, and so does its category', () => {
    const f = copy();
    product(f, 'certificado-nacimiento').stores.push('16');
    const problems = translationRules(f);
    expect(problems.map((p) => [p.url_key, p.params.language])).toEqual([
      ['certificado-nacimiento', 'pt'],
      ['categories/registro-civil', 'pt'],
    ]);
  });

  it('a store switching language makes every product it sells an error until translated', () => {
    const f = copy();
    const store = f.stores.find((s) => s.store_id === 12);
    if (!store) throw new Error('store 12');
    store.language = 'pt';
    const problems = translationRules(f);
    expect(problems.length).toBe(f.products.filter((p) => p.stores.includes('12')).length + 11);
  });

  it('a Spanish store selling Spanish products needs nothing (the base texts are Spanish)', () => {
    const f = copy();
    for (const p of f.products) delete p.translations;
    for (const c of f.categories) delete c.translations;
    const store = f.stores.find((s) => s.store_id === 9);
    if (store) store.language = 'es';
    expect(translationRules(f)).toEqual([]);
  });
});

describe('unknown-translation-key: a translation naming what the form no longer has', () => {
  it('an option, a value or an exit that was removed', () => {
    const f = copy();
    const t = product(f, 'busqueda-catastral').translations?.en;
    if (!t?.form?.options) throw new Error('no English form texts');
    t.form.options['999999'] = { title: 'Gone' };
    t.form.options['3201'] = { ...t.form.options['3201'], values: { ...t.form.options['3201']?.values, '1': 'Gone' } };
    t.form.exit_messages = [...(t.form.exit_messages ?? []), 'Gone'];
    const problems = translationRules(f);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ rule: 'unknown-translation-key', url_key: 'busqueda-catastral' });
    expect(problems[0]?.params.paths).toBe('form.options.3201.values.1, form.options.999999, form.exit_messages.1');
  });
});

describe('translationGaps and localizeStoredForm', () => {
  const form = {
    product_id: 1,
    url_key: 'x',
    steps: [[1]],
    options: [
      {
        option_id: 1,
        type: 'drop_down' as const,
        is_require: 1 as const,
        title: 'Provincia',
        placeholder: 'Elige',
        error: null,
        price: '0.00',
        index: 1,
        previous_steps: [],
        opt_values: [
          { id: 10, name: 'Madrid', price: '0.00', code: '28' },
          { id: 11, name: 'Otra', price: '0.00' },
        ],
      },
    ],
    conditions_to_exit: [{ message: 'Lo sentimos', options: [{ option_id: 1, value: '11' }] }],
  };

  it('place values (with a code) need no translation; every other text does', () => {
    const gaps = translationGaps({ name: 'Producto', tooltip: null, description: '' }, form, { name: 'Product' });
    expect(gaps.map((g) => g.path)).toEqual([
      'form.options.1.title',
      'form.options.1.placeholder',
      'form.options.1.values.11',
      'form.exit_messages.0',
    ]);
  });

  it('lays the texts over the stored form and leaves ids, prices and places alone', () => {
    const stored = toStoredForm(form);
    const localized = localizeStoredForm(stored, {
      options: { '1': { title: 'Province', placeholder: 'Choose', values: { '11': 'Other' } } },
      exit_messages: ['Sorry'],
    });
    expect(localized.options[0]).toMatchObject({
      title: 'Province',
      placeholder: 'Choose',
      error: null,
      opt_values: [
        { id: 10, name: 'Madrid', code: '28' },
        { id: 11, name: 'Other' },
      ],
    });
    expect(localized.conditions_to_exit).toEqual([{ message: 'Sorry', options: [{ option_id: 1, value: '11' }] }]);
    expect(localized.steps).toBe(stored.steps);
    expect(stored.options[0]?.title).toBe('Provincia');
  });
});
