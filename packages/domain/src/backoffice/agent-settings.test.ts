import { describe, expect, it } from 'vitest';
import {
  checkOwnSettings,
  EMPTY_OWN_SETTINGS,
  type OwnSettings,
  type ProductList,
  type SettingsProblem,
} from './agent-settings.js';

const settings = (over: Partial<OwnSettings>): OwnSettings => ({ ...EMPTY_OWN_SETTINGS, ...over });

describe('checkOwnSettings', () => {
  it('accepts and trims; blanks are none', () => {
    const r = checkOwnSettings(
      settings({
        aircall: { user_id: ' 1234 ', number: '' },
        product_lists: [{ id: 'notas', name: ' Notas simples ', short_name: 'NS', product_names: ['Nota Simple'] }],
      }),
    );
    expect(r).toEqual({
      ok: true,
      value: settings({
        aircall: { user_id: '1234', number: null },
        product_lists: [{ id: 'notas', name: 'Notas simples', short_name: 'NS', product_names: ['Nota Simple'] }],
      }),
    });
  });
  it.each<[string, Partial<OwnSettings>, string, string]>([
    [
      'a phone with letters',
      { aircall: { user_id: null, number: '91abc' } },
      'aircall.number',
      'agent_settings.format',
    ],
    [
      'a Correos code with spaces',
      { correos: { codigo_etiquetador: 'AB 12', numero_contrato: null, numero_cliente: null } },
      'correos.codigo_etiquetador',
      'agent_settings.format',
    ],
    [
      'a repeated list id',
      {
        product_lists: [
          { id: 'a', name: 'A', short_name: 'A', product_names: [] },
          { id: 'a', name: 'B', short_name: 'B', product_names: [] },
        ],
      },
      'product_lists.1.id',
      'saved_item.repeated_value',
    ],
    [
      'a list without a name',
      { product_lists: [{ id: 'a', name: ' ', short_name: 'A', product_names: [] }] },
      'product_lists.0.name',
      'validation.required_text',
    ],
    [
      'a repeated product',
      { product_lists: [{ id: 'a', name: 'A', short_name: 'A', product_names: ['X', 'x'] }] },
      'product_lists.0.product_names.1',
      'saved_item.repeated_value',
    ],
    [
      'a long short name',
      { product_lists: [{ id: 'a', name: 'A', short_name: 'ABCDEFGHIJKLM', product_names: [] }] },
      'product_lists.0.short_name',
      'validation.too_long',
    ],
  ])('refuses %s', (_n, over, field, key) => {
    const r = checkOwnSettings(settings(over));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems[0]).toMatchObject({ field, message: { key } });
  });
});

describe('checkOwnSettings limits and every problem at once', () => {
  const list = (over: Partial<ProductList> = {}): ProductList => ({
    id: 'a',
    name: 'A',
    short_name: 'A',
    product_names: [],
    ...over,
  });
  const correos = (over: Partial<OwnSettings['correos']>): OwnSettings['correos'] => ({
    ...EMPTY_OWN_SETTINGS.correos,
    ...over,
  });

  it.each<[string, Partial<OwnSettings>]>([
    ['a phone with a "+" and 15 digits', { aircall: { user_id: null, number: '+349' + '1'.repeat(11) } }],
    ['a phone of 6 digits', { aircall: { user_id: null, number: '912345' } }],
    [
      'Correos codes of letters and digits',
      { correos: { codigo_etiquetador: 'Ab1', numero_contrato: 'C9', numero_cliente: 'z' } },
    ],
    ['a code of 100 characters', { correos: correos({ numero_contrato: 'x'.repeat(100) }) }],
    ['20 product lists', { product_lists: Array.from({ length: 20 }, (_, i) => list({ id: `l${i}` })) }],
    ['a list id of 40 characters with "_" and "-"', { product_lists: [list({ id: '0' + 'a_-'.repeat(13) })] }],
    ['a name of 100 characters', { product_lists: [list({ name: 'n'.repeat(100) })] }],
    ['a short name of 12 characters', { product_lists: [list({ short_name: 'S'.repeat(12) })] }],
    ['50 products', { product_lists: [list({ product_names: Array.from({ length: 50 }, (_, i) => `P${i}`) })] }],
    [
      'the same product in two lists',
      { product_lists: [list({ product_names: ['X'] }), list({ id: 'b', product_names: ['X'] })] },
    ],
  ])('accepts %s', (_n, over) => {
    expect(checkOwnSettings(settings(over)).ok).toBe(true);
  });

  it('an agent who saved none has no settings', () => {
    expect(checkOwnSettings(EMPTY_OWN_SETTINGS)).toEqual({
      ok: true,
      value: {
        aircall: { user_id: null, number: null },
        correos: { codigo_etiquetador: null, numero_contrato: null, numero_cliente: null },
        product_lists: [],
      },
    });
  });

  it('trims list ids and product names', () => {
    const r = checkOwnSettings(settings({ product_lists: [list({ id: ' a ', product_names: [' X '] })] }));
    expect(r.ok && r.value.product_lists).toEqual([list({ product_names: ['X'] })]);
  });

  it.each<[string, Partial<OwnSettings>, SettingsProblem[]]>([
    [
      'an Aircall user id that is not a code',
      { aircall: { user_id: 'ab-1', number: null } },
      [{ field: 'aircall.user_id', message: { key: 'agent_settings.format' } }],
    ],
    [
      'a phone of 5 digits',
      { aircall: { user_id: null, number: '91234' } },
      [{ field: 'aircall.number', message: { key: 'agent_settings.format' } }],
    ],
    [
      'a phone of 16 digits',
      { aircall: { user_id: null, number: '1'.repeat(16) } },
      [{ field: 'aircall.number', message: { key: 'agent_settings.format' } }],
    ],
    [
      'a phone with text around the number',
      { aircall: { user_id: null, number: 'tel 912345678 x' } },
      [{ field: 'aircall.number', message: { key: 'agent_settings.format' } }],
    ],
    [
      'Correos numbers with signs',
      { correos: correos({ numero_contrato: '12-3', numero_cliente: '4.5' }) },
      [
        { field: 'correos.numero_contrato', message: { key: 'agent_settings.format' } },
        { field: 'correos.numero_cliente', message: { key: 'agent_settings.format' } },
      ],
    ],
    [
      'a code of 101 characters',
      { correos: correos({ numero_cliente: 'x'.repeat(101) }) },
      [{ field: 'correos.numero_cliente', message: { key: 'validation.too_long', params: { max: 100 } } }],
    ],
    [
      'a setting with a control character',
      { aircall: { user_id: '12\u000034', number: null } },
      [{ field: 'aircall.user_id', message: { key: 'saved_item.invalid_characters' } }],
    ],
    [
      '21 product lists (nothing else checked)',
      {
        aircall: { user_id: 'a b', number: null },
        product_lists: Array.from({ length: 21 }, () => list({ id: '' })),
      },
      [
        { field: 'aircall.user_id', message: { key: 'agent_settings.format' } },
        { field: 'product_lists', message: { key: 'saved_item.too_many', params: { max: 20 } } },
      ],
    ],
    [
      'list ids not lowercase, not starting with a letter or digit, or too long',
      {
        product_lists: [list({ id: 'Notas' }), list({ id: '-a' }), list({ id: 'a'.repeat(41) }), list({ id: ' ' })],
      },
      [
        { field: 'product_lists.0.id', message: { key: 'agent_settings.format' } },
        { field: 'product_lists.1.id', message: { key: 'agent_settings.format' } },
        { field: 'product_lists.2.id', message: { key: 'agent_settings.format' } },
        { field: 'product_lists.3.id', message: { key: 'agent_settings.format' } },
      ],
    ],
    [
      'texts of a list too long, blank or with control characters',
      {
        product_lists: [
          list({ name: 'n'.repeat(101), short_name: ' ', product_names: ['x\u0007', ' ', 'p'.repeat(101)] }),
          list({ id: 'b', name: 'a\nb', short_name: 'S'.repeat(13) }),
        ],
      },
      [
        { field: 'product_lists.0.name', message: { key: 'validation.too_long', params: { max: 100 } } },
        { field: 'product_lists.0.short_name', message: { key: 'validation.required_text' } },
        { field: 'product_lists.0.product_names.0', message: { key: 'saved_item.invalid_characters' } },
        { field: 'product_lists.0.product_names.1', message: { key: 'validation.required_text' } },
        { field: 'product_lists.0.product_names.2', message: { key: 'validation.too_long', params: { max: 100 } } },
        { field: 'product_lists.1.name', message: { key: 'saved_item.invalid_characters' } },
        { field: 'product_lists.1.short_name', message: { key: 'validation.too_long', params: { max: 12 } } },
      ],
    ],
    [
      '51 products in a list',
      { product_lists: [list({ product_names: Array.from({ length: 51 }, () => '') })] },
      [{ field: 'product_lists.0.product_names', message: { key: 'saved_item.too_many', params: { max: 50 } } }],
    ],
  ])('refuses %s', (_n, over, problems) => {
    expect(checkOwnSettings(settings(over))).toEqual({ ok: false, problems });
  });
});
