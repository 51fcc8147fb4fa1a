import { describe, expect, it } from 'vitest';
import { companyInitials } from './company-initials.js';
import { compareNewestFirst, SAVED_ITEMS_PAGE_SIZE, savedItemsListQuery } from './list-rules.js';
import {
  COMPANY_RELATIONSHIPS,
  isReferenceId,
  PROPERTY_TYPES,
  PROPERTY_USES,
  VEHICLE_FUELS,
  VEHICLE_RELATIONSHIPS,
} from './reference-ids.js';

const ids = (o: object) => Object.keys(o).map(Number);

describe('catalogue reference ids (spec, "Catalogue reference ids")', () => {
  it.each([
    [
      'property type',
      PROPERTY_TYPES,
      100,
      106,
      ['house', 'flat', 'building', 'land', 'rural_estate', 'commercial_unit', 'garage'],
    ],
    [
      'property use',
      PROPERTY_USES,
      200,
      206,
      ['owner', 'for_sale', 'administrator', 'rented_out', 'for_rent', 'interested', 'other'],
    ],
    [
      'vehicle fuel/label',
      VEHICLE_FUELS,
      300,
      307,
      ['petrol', 'diesel', 'hybrid', 'electric', 'label_b', 'label_c', 'label_eco', 'label_0'],
    ],
    ['vehicle relationship', VEHICLE_RELATIONSHIPS, 400, 404, ['owner', 'for_sale', 'shared', 'interested', 'other']],
    [
      'company relationship',
      COMPANY_RELATIONSHIPS,
      500,
      507,
      ['owner', 'partner', 'administrator', 'investee', 'supplier', 'client', 'interested', 'other'],
    ],
  ])('%s: %i to %i in the spec order', (_, table, first, last, names) => {
    expect(ids(table)).toEqual(Array.from({ length: last - first + 1 }, (_, i) => first + i));
    expect(Object.values(table)).toEqual(names);
  });

  it.each([
    ['property', 'tipo', 100, true],
    ['property', 'tipo', 106, true],
    ['property', 'tipo', 107, false],
    ['property', 'tipo', 200, false],
    ['property', 'uso', 206, true],
    ['property', 'relacion', 500, false],
    ['vehicle', 'tipo', 307, true],
    ['vehicle', 'tipo', 106, false],
    ['vehicle', 'relacion', 404, true],
    ['vehicle', 'relacion', 405, false],
    ['vehicle', 'uso', 200, false],
    ['company', 'relacion', 500, true],
    ['company', 'relacion', 507, true],
    ['company', 'relacion', 404, false],
    ['company', 'tipo', 100, false],
    ['document', 'tipo', 100, false],
    ['property', 'tipo', Number.NaN, false],
  ] as const)('%s %s %s -> %s', (kind, list, id, expected) => {
    expect(isReferenceId(kind, list, id)).toBe(expected);
  });
});

describe('companyInitials: first letters of words, uppercase, at most 2 (spec)', () => {
  it.each([
    ['Construcciones López SL', 'CL'],
    ['acme', 'A'],
    ['ñandú motor', 'ÑM'],
    ['Édison Óptica Ibérica', 'ÉÓ'],
    ['  grupo   -  norte  ', 'GN'],
    ['3M España', '3E'],
    ['"El Corte Inglés, S.A."', 'EC'],
    ['', ''],
    ['  ...  ', ''],
    ['ß strasse', 'SS'],
  ])('%j -> %j', (name, initials) => {
    expect(companyInitials(name)).toBe(initials);
    expect(Array.from(companyInitials(name)).length).toBeLessThanOrEqual(2);
  });
});

describe('list rules: page size 10, newest first (spec, "Business constants")', () => {
  it.each([
    [{}, { page: 1, perPage: SAVED_ITEMS_PAGE_SIZE, offset: 0, search: null, favouritesOnly: false }],
    [{ page: 3 }, { page: 3, perPage: 10, offset: 20, search: null, favouritesOnly: false }],
    [
      { page: 0, per_page: 0 },
      { page: 1, perPage: 1, offset: 0, search: null, favouritesOnly: false },
    ],
    [
      { page: -5, per_page: 1000 },
      { page: 1, perPage: 100, offset: 0, search: null, favouritesOnly: false },
    ],
    [
      { page: 2.5, per_page: Number.NaN },
      { page: 1, perPage: 10, offset: 0, search: null, favouritesOnly: false },
    ],
    [
      { q: '  Calle   MAYOR ', favourites: true },
      { page: 1, perPage: 10, offset: 0, search: 'calle mayor', favouritesOnly: true },
    ],
    [{ q: '   ' }, { page: 1, perPage: 10, offset: 0, search: null, favouritesOnly: false }],
    [{ q: 'a'.repeat(150) }, { page: 1, perPage: 10, offset: 0, search: 'a'.repeat(100), favouritesOnly: false }],
  ])('%j', (request, expected) => {
    expect(savedItemsListQuery(request)).toEqual(expected);
  });

  it('sorts newest first, the higher id first on equal dates', () => {
    const rows = [
      { id: 1, created_at: '2026-01-01T10:00:00Z' },
      { id: 3, created_at: '2026-01-02T10:00:00Z' },
      { id: 2, created_at: '2026-01-02T10:00:00Z' },
      { id: 4, created_at: '2025-12-31T10:00:00Z' },
    ];
    expect([...rows].sort(compareNewestFirst).map((r) => r.id)).toEqual([3, 2, 1, 4]);
  });

  it.each([
    [2, 1, -1],
    [1, 2, 1],
  ])('on equal dates: id %i against id %i -> %i', (a, b, sign) => {
    const at = '2026-01-02T10:00:00Z';
    expect(Math.sign(compareNewestFirst({ id: a, created_at: at }, { id: b, created_at: new Date(at) }))).toBe(sign);
  });
});
