import { describe, expect, it } from 'vitest';
import { foldName, landingSlug, municipioSeeds, nameVariants } from './municipality-seed.js';

const PROVINCES = new Map([
  ['01', 'Araba/Álava'],
  ['03', 'Alicante/Alacant'],
  ['07', 'Illes Balears'],
  ['28', 'Madrid'],
  ['46', 'Valencia/València'],
]);

describe('names', () => {
  it.each([
    ['Ayala/Aiara', ['Ayala', 'Aiara']],
    ['Madrid', ['Madrid']],
    ['Noáin (Valle de Elorz)/Noain (Elortzibar)', ['Noáin (Valle de Elorz)', 'Noain (Elortzibar)']],
    [' Getafe ', ['Getafe']],
    ['Ayala/', ['Ayala']],
    ['/', ['/']],
    [' / ', ['/']],
  ])('%s -> %j', (name, variants) => {
    expect(nameVariants(name)).toEqual(variants);
  });

  it.each([
    ['Alcalá de Henares', 'alcala-de-henares'],
    ["L'Hospitalet de Llobregat", 'l-hospitalet-de-llobregat'],
    ['Noáin (Valle de Elorz)', 'noain-valle-de-elorz'],
    ['València', 'valencia'],
  ])('slug %s -> %s', (name, slug) => {
    expect(landingSlug(name)).toBe(slug);
  });

  it('folds accents and case', () => {
    expect(foldName('  València ')).toBe(foldName('VALENCIA'));
    expect(foldName('Alcalá  de \t Henares')).toBe('alcala de henares');
  });
});

describe('municipioSeeds', () => {
  const registries = [
    { localidad: 'Madrid', provincia: 'Madrid' },
    { localidad: 'Valencia', provincia: 'Valencia' },
    { localidad: 'Alicante', provincia: 'Alicante' },
    { localidad: 'Palma de Mallorca', provincia: 'Illes Balears' },
  ];
  // Computed inside each test (not when the suite is collected), so every test exercises the rules.
  const seeds = () =>
    municipioSeeds(
      [
        { code: '28079', name: 'Madrid' },
        { code: '46250', name: 'València' },
        { code: '03014', name: 'Alicante/Alacant' },
        { code: '07040', name: 'Palma' },
        { code: '01036', name: 'Laudio/Llodio' },
        { code: '28065', name: 'Getafe' },
        { code: '99001', name: 'Sin provincia' },
      ],
      PROVINCES,
      registries,
    );
  const by = (name: string) => seeds().find((s) => s.nombre_landing === name);

  it('one row per municipality of a known province', () => {
    expect(seeds().map((s) => s.nombre_landing)).toEqual([
      'Madrid',
      'València',
      'Alicante',
      'Palma',
      'Laudio',
      'Getafe',
    ]);
  });

  it.each([
    ['Madrid', { nombre_registradores: 'Madrid', nombre_registradores2: null, aliases: [], alias_landing: 'madrid' }],
    ['València', { nombre_registradores: 'Valencia', nombre_registradores2: 'València', aliases: [] }],
    ['Alicante', { nombre_registradores: 'Alicante', nombre_registradores2: 'Alacant', aliases: ['Alacant'] }],
    [
      'Palma',
      { nombre_registradores: 'Palma de Mallorca', nombre_registradores2: 'Palma', aliases: ['Palma de Mallorca'] },
    ],
    [
      'Laudio',
      {
        nombre_registradores: 'Laudio',
        nombre_registradores2: 'Llodio',
        aliases: ['Llodio'],
        provincia_landing: 'Araba/Álava',
      },
    ],
    ['Getafe', { nombre_registradores: 'Getafe', nombre_registradores2: null, aliases: [] }],
  ])('%s', (name, expected) => {
    expect(by(name)).toMatchObject(expected);
  });

  it('a registry of another province does not map a town of the same name', () => {
    const [row] = municipioSeeds([{ code: '28065', name: 'Getafe' }], PROVINCES, [
      { localidad: 'Getafe (Toledo)', provincia: 'Toledo' },
      { localidad: 'GETAFE', provincia: 'Toledo' },
    ]);
    expect(row).toMatchObject({ nombre_registradores: 'Getafe', aliases: [] });
  });

  it('matches a registry by any form of a bilingual province and keeps each alias once', () => {
    const rows = municipioSeeds(
      [
        { code: '03014', name: 'Alicante/Alacant' },
        { code: '03065', name: 'Elche/Elx' },
      ],
      PROVINCES,
      [
        { localidad: 'Alacant', provincia: 'Alacant' },
        { localidad: 'Elx', provincia: 'Alicante' },
      ],
    );
    expect(rows).toEqual([
      {
        nombre_landing: 'Alicante',
        alias_landing: 'alicante',
        provincia_landing: 'Alicante/Alacant',
        nombre_registradores: 'Alacant',
        nombre_registradores2: 'Alicante',
        aliases: ['Alacant'],
      },
      {
        nombre_landing: 'Elche',
        alias_landing: 'elche',
        provincia_landing: 'Alicante/Alacant',
        nombre_registradores: 'Elx',
        nombre_registradores2: 'Elche',
        aliases: ['Elx'],
      },
    ]);
  });

  it("the second registrars' name is the other language's form, whatever the registry's accents", () => {
    const rows = municipioSeeds(
      [
        { code: '03014', name: 'Alicante/Alacant' },
        { code: '46001', name: 'Castellón de la Plana/Castelló de la Plana' },
      ],
      new Map([...PROVINCES, ['46', 'Valencia/València']]),
      [
        { localidad: 'ALACANT', provincia: 'Alicante' },
        { localidad: 'Castello de la Plana', provincia: 'Valencia' },
      ],
    );
    expect(rows.map((r) => [r.nombre_registradores, r.nombre_registradores2])).toEqual([
      ['ALACANT', 'Alicante'],
      ['Castello de la Plana', 'Castellón de la Plana'],
    ]);
  });

  it("a registry mapped by INE code keeps the bilingual name's other form as the second registrars' name", () => {
    const [row] = municipioSeeds([{ code: '07040', name: 'Palma/Ciutat de Mallorca' }], PROVINCES, [
      { localidad: 'Palma de Mallorca', provincia: 'Illes Balears' },
    ]);
    expect(row).toMatchObject({
      nombre_registradores: 'Palma de Mallorca',
      nombre_registradores2: 'Ciutat de Mallorca',
      aliases: ['Ciutat de Mallorca', 'Palma de Mallorca'],
    });
  });

  it('a form that differs from the landing name only in accents is no alias', () => {
    const [row] = municipioSeeds([{ code: '46250', name: 'València/Valencia' }], PROVINCES, []);
    expect(row).toMatchObject({ nombre_registradores: 'València', nombre_registradores2: null, aliases: [] });
  });

  it('an alias two municipalities share is left out', () => {
    const rows = municipioSeeds(
      [
        { code: '01001', name: 'Uno/Común' },
        { code: '01002', name: 'Dos/Común' },
        { code: '01003', name: 'Tres/Propio' },
      ],
      PROVINCES,
      [],
    );
    expect(rows.map((r) => r.aliases)).toEqual([[], [], ['Propio']]);
  });
});
