import { describe, expect, it } from 'vitest';
import {
  checkLocalizaciones,
  checkQpPerson,
  checkTramitaNombres,
  QP_MAX_NAMES,
  QP_MAXIMO_LIMIT,
  qpNameAddition,
  qpMaximoOfAnswers,
} from './agent-orders.js';

describe('qpMaximoOfAnswers', () => {
  it.each([
    [{ '1006': '2918' }, 1],
    [{ '1006': '2920' }, 3],
    [{ '1006': 2927 }, 10],
    [{ '1006': '2929' }, 25],
    [{ '1006': '2931' }, 50],
    [{ '1006': '9999' }, QP_MAXIMO_LIMIT],
    [{}, QP_MAXIMO_LIMIT],
    [{ '1006': ['2918'] }, QP_MAXIMO_LIMIT],
  ])('%j -> %i', (answers, maximo) => {
    expect(qpMaximoOfAnswers(answers)).toBe(maximo);
  });
});

describe('checkQpPerson', () => {
  it('accepts a person with a DNI or NIE and normalises them', () => {
    expect(checkQpPerson({ nombre: '  Lucía ', apellidos: 'Pérez  García', nif: '12345678z' })).toEqual({
      ok: true,
      value: { nombre: 'Lucía', apellidos: 'Pérez García', nif: '12345678Z' },
    });
    expect(checkQpPerson({ nombre: 'Ana', apellidos: 'Silva', nif: 'X1234567L' }).ok).toBe(true);
    // A foreigner without NIE has an M NIF (RD 1065/2007 art. 20).
    expect(checkQpPerson({ nombre: 'John', apellidos: 'Smith', nif: 'm6976964y' })).toMatchObject({
      ok: true,
      value: { nif: 'M6976964Y' },
    });
  });

  it.each([
    [{ nombre: '', apellidos: 'P', nif: '12345678Z' }, [{ field: 'nombre', reason: 'required' }]],
    [{ nombre: 'A', apellidos: ' ', nif: '12345678Z' }, [{ field: 'apellidos', reason: 'required' }]],
    [{ nombre: 'A', apellidos: 'P', nif: '' }, [{ field: 'nif', reason: 'required' }]],
    [{ nombre: 'A', apellidos: 'P', nif: '12345678A' }, [{ field: 'nif', reason: 'nif' }]],
    [{ nombre: 'A', apellidos: 'P', nif: '12345678-Z' }, [{ field: 'nif', reason: 'nif_separators' }]],
    [{ nombre: 'A', apellidos: 'P', nif: 'B12345674' }, [{ field: 'nif', reason: 'nif' }]],
    [{ nombre: 'A\u0000', apellidos: 'P', nif: '12345678Z' }, [{ field: 'nombre', reason: 'invalid_characters' }]],
    [{ nombre: 'A', apellidos: 'P', nif: '12345678Z\u0000' }, [{ field: 'nif', reason: 'invalid_characters' }]],
    [
      { nombre: 'x'.repeat(151), apellidos: 'P', nif: '12345678Z' },
      [{ field: 'nombre', reason: 'too_long', max: 150 }],
    ],
  ])('%j is refused', (input, problems) => {
    expect(checkQpPerson(input)).toEqual({ ok: false, problems });
  });
});

describe('checkTramitaNombres', () => {
  const item = { paidMaximo: 10, pendingNameIds: [1, 2, 3] };
  it('accepts pending names with a maximum up to what was paid', () => {
    expect(checkTramitaNombres({ maximo: 10, list: [1, 3] }, item)).toEqual({
      ok: true,
      value: { maximo: 10, list: [1, 3] },
    });
  });
  it.each([
    [{ maximo: 11, list: [1] }, [{ field: 'maximo', reason: 'out_of_range', max: 10 }]],
    [{ maximo: 0, list: [1] }, [{ field: 'maximo', reason: 'out_of_range', max: 10 }]],
    [{ maximo: 2.5, list: [1] }, [{ field: 'maximo', reason: 'out_of_range', max: 10 }]],
    [{ maximo: 1e308, list: [1] }, [{ field: 'maximo', reason: 'out_of_range', max: 10 }]],
    [{ maximo: 1, list: [] }, [{ field: 'list', reason: 'required' }]],
    [{ maximo: 1, list: [1, 1] }, [{ field: 'list', reason: 'out_of_range' }]],
    [{ maximo: 1, list: [4] }, [{ field: 'list', reason: 'out_of_range' }]],
  ])('%j is refused', (input, problems) => {
    expect(checkTramitaNombres(input, item)).toEqual({ ok: false, problems });
  });
});

describe('checkLocalizaciones', () => {
  const one = { registro: 'Madrid 2', finca: '12345', municipio: 'Madrid' };
  it('accepts up to the room left and fills the optional fields', () => {
    expect(checkLocalizaciones([one], 1)).toEqual({
      ok: true,
      value: [{ registro: 'Madrid 2', finca: '12345', municipio: 'Madrid', titular: '' }],
    });
  });
  it('refuses more than the room left, nothing, blanks and control characters', () => {
    expect(checkLocalizaciones([one, one], 1)).toEqual({
      ok: false,
      problems: [{ field: 'list', reason: 'out_of_range', max: 1 }],
    });
    expect(checkLocalizaciones([], 5)).toEqual({ ok: false, problems: [{ field: 'list', reason: 'required' }] });
    expect(checkLocalizaciones([{ registro: ' ', finca: '1\u0000' }], 5)).toEqual({
      ok: false,
      problems: [
        { field: 'list.0.registro', reason: 'required' },
        { field: 'list.0.finca', reason: 'invalid_characters' },
      ],
    });
  });
});

describe('qpNameAddition', () => {
  const full = Array.from({ length: QP_MAX_NAMES }, (_, i) => `NIF${i}`);
  it.each([
    [[], '1Z', 'add'],
    [['1Z'], '1Z', 'listed'],
    [full.slice(1), 'NEW', 'add'],
    [full, 'NEW', 'full'],
    [full, 'NIF3', 'listed'],
  ] as const)('%j + %s -> %s', (listed, nif, verdict) => {
    expect(qpNameAddition(listed, nif)).toBe(verdict);
  });
});
