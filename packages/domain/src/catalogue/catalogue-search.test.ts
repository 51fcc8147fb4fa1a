import { describe, expect, it } from 'vitest';
import { foldSearchText, mostOrdered, searchProducts, searchTerms } from './catalogue-search.js';
import { groupsIn, productGroupOfSlug, productGroupSlug } from './product-groups.js';

const product = (name: string, short_description = '', description = '') => ({ name, short_description, description });

describe('foldSearchText', () => {
  it.each([
    ['Certificación', 'certificacion'],
    ['CERTIDÃO Permanente', 'certidao permanente'],
    ['Informação predial', 'informacao predial'],
    ['Año, ñandú!', 'ano nandu'],
    ['  nota   simple ', 'nota simple'],
  ])('%s -> %s', (text, folded) => expect(foldSearchText(text)).toBe(folded));
});

describe('searchProducts', () => {
  const catalogue = [
    product('Nota simple', 'Información registral de un inmueble'),
    product('Certificado de matrimonio', 'Del Registro Civil'),
    product('Certificación registral', 'Titularidad y cargas', 'Una nota simple no basta para...'),
    product('Certidão permanente', 'Registo predial'),
  ];
  it.each([
    ['nota simple', ['Nota simple', 'Certificación registral']],
    ['NOTA', ['Nota simple', 'Certificación registral']],
    ['certificacion', ['Certificación registral']],
    ['certidao', ['Certidão permanente']],
    ['informacion registral', ['Nota simple']],
    ['certif', ['Certificado de matrimonio', 'Certificación registral']],
    ['matrimonio registral', []],
    ['', []],
    ['   ', []],
    ['ota', []],
  ])('%j', (query, names) => expect(searchProducts(catalogue, query).map((p) => p.name)).toEqual(names));

  it('ignores what is past the longest query', () => {
    expect(searchTerms(`${'a'.repeat(100)} nota`)).toEqual(['a'.repeat(100)]);
  });
});

describe('mostOrdered', () => {
  const order = [10, 20, 30, 40, 50];
  it.each([
    ['no orders: catalogue order', new Map<number, number>(), 3, [10, 20, 30]],
    [
      'most orders first, ties by catalogue order',
      new Map([
        [40, 5],
        [30, 9],
        [50, 5],
      ]),
      3,
      [30, 40, 50],
    ],
    ['fewer ordered than asked: topped up', new Map([[50, 2]]), 3, [50, 10, 20]],
    [
      'products no longer listed are skipped',
      new Map([
        [99, 100],
        [20, 1],
      ]),
      2,
      [20, 10],
    ],
    ['a short catalogue', new Map<number, number>(), 9, [10, 20, 30, 40, 50]],
  ])('%s', (_, counts, limit, ids) => expect(mostOrdered(order, counts, limit)).toEqual(ids));
});

describe('product groups', () => {
  it('round-trips every slug', () => {
    expect(productGroupSlug('Registro Propiedad')).toBe('registro-propiedad');
    expect(productGroupOfSlug('registro-propiedad')).toBe('Registro Propiedad');
    expect(productGroupOfSlug('marcas')).toBe('Marcas');
    expect(productGroupOfSlug('Marcas')).toBeNull();
    expect(productGroupOfSlug('nada')).toBeNull();
    expect(productGroupOfSlug(null)).toBeNull();
  });
  it('lists the groups present in chip order', () => {
    expect(groupsIn([{ group: 'Otros' }, { group: 'Marcas' }, { group: 'Otros' }])).toEqual(['Marcas', 'Otros']);
  });
});
