import { describe, expect, it } from 'vitest';
import { checkOwnSettings, EMPTY_OWN_SETTINGS, type OwnSettings } from './agent-settings.js';

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
