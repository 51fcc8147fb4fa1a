import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canReuseLastForm, REUSE_ALWAYS } from './form-reuse.js';
import {
  cartAddPath,
  CART_ADD_KINDS,
  flowBySlug,
  productOfCartAdd,
  flowConfirmationPath,
  flowOfProduct,
  flowPage,
  flowStepPath,
  productStartPath,
  SHOP_FLOWS,
  type ShopFlow,
} from './shop-flows.js';

const catalogDir = new URL('../../../../catalog/', import.meta.url);
const formOf = (urlKey: string) =>
  JSON.parse(readFileSync(new URL(`forms/${urlKey}.json`, catalogDir), 'utf8')) as {
    product_id: number;
    url_key: string;
    steps: number[][];
    question_on_start?: number | null;
  };
const productOf = (urlKey: string) =>
  JSON.parse(readFileSync(new URL(`products/${urlKey}.json`, catalogDir), 'utf8')) as {
    product_id: number;
    stores: string[];
  };
const flow = (slug: string): ShopFlow => {
  const found = flowBySlug(slug);
  if (!found) throw new Error(`no flow ${slug}`);
  return found;
};

describe("the spec's shop routes map onto the catalogue forms", () => {
  it('the four dedicated flows of the spec, with their page names', () => {
    const names = (f: ShopFlow) => [...f.steps, f.confirmation];
    expect(names(flow('nota-simple'))).toEqual([
      'step1',
      'step2',
      'step3',
      'step4',
      'step5',
      'step51',
      'step52',
      'step6',
      'step7',
    ]);
    expect(names(flow('q-propiedades'))).toEqual(['step1', 'step2', 'step3', 'step4', 'step5', 'step6', 'step7']);
    expect(names(flow('i-predial-simplificada'))).toEqual([
      'step1',
      'step2',
      'step21',
      'step3',
      'step4',
      'confirmation',
    ]);
    expect(names(flow('certidao-permanente'))).toEqual([
      'step1',
      'step2',
      'step3',
      'step4',
      'step5',
      'step6',
      'step7',
      'step8',
      'confirmation',
    ]);
  });

  it.each(SHOP_FLOWS.map((f) => [f.slug, f] as const))(
    '%s: one page name per wizard page of its product',
    (_slug, f) => {
      const form = formOf(f.urlKey);
      expect(form).toMatchObject({ product_id: f.productId, url_key: f.urlKey });
      expect(productOf(f.urlKey).product_id).toBe(f.productId);
      // No question on start: it would add a page before the product's steps.
      expect(form.question_on_start ?? null).toBeNull();
      expect(form.steps).toHaveLength(f.steps.length);
      expect(new Set(f.steps).size).toBe(f.steps.length);
      expect(f.steps).not.toContain(f.confirmation);
    },
  );

  it('nota simple: 5.1 and 5.2 hold the cadastral reference and the IDUFIR (asked when the owner is unknown)', () => {
    const steps = formOf('nota-simple').steps;
    const f = flow('nota-simple');
    expect(steps[f.steps.indexOf('step1')]).toEqual([78, 79]);
    expect(steps[f.steps.indexOf('step3')]).toEqual([77]);
    expect(steps[f.steps.indexOf('step51')]).toEqual([82]);
    expect(steps[f.steps.indexOf('step52')]).toEqual([83]);
    expect(steps[f.steps.indexOf('step6')]).toEqual([411]);
  });

  it('i-predial-simplificada: 2.1 is the property type, asked only for a matrix article', () => {
    const f = flow('i-predial-simplificada');
    expect(formOf(f.urlKey).steps[f.steps.indexOf('step21')]).toEqual([4004]);
  });
});

describe('resolving page names and addresses', () => {
  it.each([
    ['nota-simple', 'step1', { kind: 'page', index: 0 }],
    ['nota-simple', 'step51', { kind: 'page', index: 5 }],
    ['nota-simple', 'step52', { kind: 'page', index: 6 }],
    ['nota-simple', 'step6', { kind: 'page', index: 7 }],
    ['nota-simple', 'step7', { kind: 'confirmation', canonical: true }],
    ['nota-simple', 'confirmation', { kind: 'confirmation', canonical: false }],
    ['nota-simple', 'step8', null],
    ['nota-simple', 'step53', null],
    ['i-predial-simplificada', 'step21', { kind: 'page', index: 2 }],
    ['i-predial-simplificada', 'step3', { kind: 'page', index: 3 }],
    ['i-predial-simplificada', 'confirmation', { kind: 'confirmation', canonical: true }],
    ['i-predial-simplificada', 'step5', null],
    ['q-propiedades', 'step7', { kind: 'confirmation', canonical: true }],
    ['certidao-permanente', 'step8', { kind: 'page', index: 7 }],
    ['certidao-permanente', 'step9', null],
  ] as const)('%s/%s', (slug, name, expected) => {
    expect(flowPage(flow(slug), name)).toEqual(expected);
  });

  it('addresses of pages and of the check-answers page', () => {
    expect(flowStepPath(flow('nota-simple'), 5)).toBe('/tienda/nota-simple/step51');
    expect(flowStepPath(flow('i-predial-simplificada'), 2)).toBe('/tienda/i-predial-simplificada/step21');
    expect(flowConfirmationPath(flow('nota-simple'))).toBe('/tienda/nota-simple/step7');
    expect(flowConfirmationPath(flow('certidao-permanente'))).toBe('/tienda/certidao-permanente/confirmation');
    // A page beyond the names (a catalogue edit added one) still has an address.
    expect(flowStepPath(flow('q-propiedades'), 6)).toBe('/tienda/q-propiedades/step7');
  });

  it('products find their flow; others start at /tienda/{url_key}/step1', () => {
    expect(flowOfProduct('propiedades-de-una-persona')?.slug).toBe('q-propiedades');
    expect(flowOfProduct('informacao-predial-simplificada')?.slug).toBe('i-predial-simplificada');
    expect(flowOfProduct('copia-escritura-notarial')).toBeNull();
    expect(flowBySlug('propiedades-de-una-persona')).toBeNull();
    expect(productStartPath('propiedades-de-una-persona')).toBe('/tienda/q-propiedades/step1');
    expect(productStartPath('copia-escritura-notarial')).toBe('/tienda/copia-escritura-notarial/step1');
  });
});

describe('canReuseLastForm: the last nota simple form within a number of seconds, -1 always', () => {
  const saved = Date.UTC(2026, 0, 10, 12, 0, 0);
  it.each([
    ['-1 always, even a year later', REUSE_ALWAYS, saved + 365 * 86_400_000, true],
    ['0 never', 0, saved, false],
    ['-5 (not -1) never', -5, saved, false],
    ['within the window', 3600, saved + 3_599_000, true],
    ['exactly at the end of the window', 3600, saved + 3_600_000, true],
    ['one second past the window', 3600, saved + 3_601_000, false],
    ['saved "in the future" (clock change)', 60, saved - 10_000, true],
    ['NaN window', Number.NaN, saved, false],
  ])('%s', (_name, window, now, expected) => {
    expect(canReuseLastForm(saved, now, window)).toBe(expected);
  });
});

describe('cart add addresses (the spec: cart/add/ns, qpropiedades, certidao, ipredial, product)', () => {
  it.each([
    ['nota-simple', '/tienda/cart/add/ns'],
    ['propiedades-de-una-persona', '/tienda/cart/add/qpropiedades'],
    ['certidao-permanente', '/tienda/cart/add/certidao'],
    ['informacao-predial-simplificada', '/tienda/cart/add/ipredial'],
    ['certificado-nacimiento', '/tienda/cart/add/product'],
  ])('%s -> %s', (urlKey, path) => expect(cartAddPath(urlKey)).toBe(path));

  it('names the five kinds and the product of each flow kind', () => {
    expect([...CART_ADD_KINDS].sort()).toEqual(['certidao', 'ipredial', 'ns', 'product', 'qpropiedades']);
    expect(productOfCartAdd('ns')).toBe('nota-simple');
    expect(productOfCartAdd('product')).toBeNull();
    expect(productOfCartAdd('nada')).toBeNull();
  });
});
