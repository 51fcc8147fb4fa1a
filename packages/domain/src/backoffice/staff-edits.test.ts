import { describe, expect, it } from 'vitest';
import {
  answerChanges,
  checkClientStatus,
  checkCustomerPayment,
  checkItemAttributes,
  dataChangeAlert,
  isOnlineAgent,
  maskIban,
} from './staff-edits.js';
import { historyChanges } from './history-changes.js';

const IBAN_ES = 'ES9121000418450200051332';

describe('checkClientStatus', () => {
  it.each([
    [4, null, { ok: true, value: 4 }],
    [null, 4, { ok: true, value: null }],
    [4, 4, { ok: false, reason: 'same_status' }],
    [null, null, { ok: false, reason: 'same_status' }],
    [6, null, { ok: false, reason: 'unknown_status' }],
    [0, null, { ok: false, reason: 'unknown_status' }],
    [1.5, null, { ok: false, reason: 'unknown_status' }],
  ] as const)('%s over %s', (raw, current, expected) => {
    expect(checkClientStatus(raw, current)).toEqual(expected);
  });
});

describe('checkCustomerPayment', () => {
  it('accepts a method and a valid IBAN written with spaces and lowercase, normalised', () => {
    const r = checkCustomerPayment(
      { preferred_payment: 'bank', iban: 'es91 2100 0418 4502 0005 1332' },
      { iban: null },
    );
    expect(r).toEqual({ ok: true, change: { method: 'bank', iban: IBAN_ES, removeCard: false } });
  });
  it.each([
    ['bad check digits', 'ES9121000418450200051333', 'validator.iban'],
    ['a card number', '4111111111111111', 'validator.iban'],
    ['a country outside SEPA', 'US12345678901234567890', 'validator.iban_country'],
  ])('refuses %s', (_name, iban, key) => {
    const r = checkCustomerPayment({ preferred_payment: 'cc', iban }, { iban: null });
    expect(r).toEqual({ ok: false, problems: [{ field: 'iban', message: { key } }] });
  });
  it('refuses an unknown method', () => {
    const r = checkCustomerPayment({ preferred_payment: 'cash' }, { iban: null });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems[0]?.field).toBe('preferred_payment');
  });
  it('bank needs an account: the one given or the one on file', () => {
    expect(checkCustomerPayment({ preferred_payment: 'bank' }, { iban: null }).ok).toBe(false);
    expect(checkCustomerPayment({ preferred_payment: 'bank', iban: null }, { iban: IBAN_ES }).ok).toBe(false);
    expect(checkCustomerPayment({ preferred_payment: 'bank' }, { iban: IBAN_ES }).ok).toBe(true);
  });
  it('a blank IBAN removes it; an absent one keeps it', () => {
    const blank = checkCustomerPayment({ preferred_payment: 'cc', iban: ' ' }, { iban: IBAN_ES });
    expect(blank.ok && blank.change.iban).toBeNull();
    const absent = checkCustomerPayment({ preferred_payment: 'cc', remove_card: true }, { iban: IBAN_ES });
    expect(absent.ok && absent.change).toEqual({ method: 'cc', iban: undefined, removeCard: true });
  });
  it('masks all but the country, check digits and last four', () => {
    expect(maskIban(IBAN_ES)).toBe('ES91 •••• 1332');
    expect(maskIban(null)).toBeNull();
  });
});

describe('checkItemAttributes', () => {
  it('trims and accepts', () => {
    expect(checkItemAttributes([{ key: ' Finca ', value: ' 123 ' }])).toEqual({
      ok: true,
      value: [{ key: 'Finca', value: '123' }],
    });
  });
  it.each([
    ['blank key', [{ key: ' ', value: 'x' }], 'validation.required_text'],
    [
      'repeated key',
      [
        { key: 'A', value: '1' },
        { key: 'a', value: '2' },
      ],
      'saved_item.repeated_attribute',
    ],
    ['control character', [{ key: 'A', value: 'x\u0000' }], 'saved_item.invalid_characters'],
    ['too long value', [{ key: 'A', value: 'x'.repeat(501) }], 'validation.too_long'],
    ['too many', Array.from({ length: 31 }, (_, i) => ({ key: `k${i}`, value: '' })), 'saved_item.too_many'],
  ])('refuses %s', (_name, attrs, key) => {
    const r = checkItemAttributes(attrs);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems[0]?.message.key).toBe(key);
  });
});

describe('online agents and the data-change alert', () => {
  const now = new Date('2026-12-01T10:00:00Z');
  it.each([
    ['used 4 minutes ago', '2026-12-01T09:56:00Z', '2026-12-02T00:00:00Z', true],
    ['used 5 minutes ago', '2026-12-01T09:55:00Z', '2026-12-02T00:00:00Z', true],
    ['used 6 minutes ago', '2026-12-01T09:54:00Z', '2026-12-02T00:00:00Z', false],
    ['expired', '2026-12-01T09:59:00Z', '2026-12-01T09:59:30Z', false],
  ])('%s', (_n, seen, expires, online) => {
    expect(isOnlineAgent(new Date(seen), new Date(expires), now)).toBe(online);
  });
  it('alerts while a change is newer than the switch-off', () => {
    const t1 = new Date('2026-12-01T09:00:00Z');
    const t2 = new Date('2026-12-01T10:00:00Z');
    expect(dataChangeAlert(null, null)).toBe(false);
    expect(dataChangeAlert(t1, null)).toBe(true);
    expect(dataChangeAlert(t1, t2)).toBe(false);
    expect(dataChangeAlert(t2, t1)).toBe(true);
  });
  it('lists the answers that changed', () => {
    expect(answerChanges({ a: 'x', b: ['1', '2'], c: 1 }, { a: 'y', b: ['1', '2'], d: 'n' })).toEqual([
      { key: 'a', from: 'x', to: 'y' },
      { key: 'c', from: '1', to: '' },
      { key: 'd', from: '', to: 'n' },
    ]);
  });
});

describe('history lines of staff edits', () => {
  it.each([
    [
      'cambio_estado_cliente',
      { old: null, new: 'ready' },
      [{ field: 'clientStatus', from: { type: 'none' }, to: { type: 'clientStatus', key: 'ready' } }],
    ],
    [
      'cambio_pago',
      { old: 'cc', new: 'bank' },
      [
        {
          field: 'paymentMethod',
          from: { type: 'paymentMethod', method: 'cc' },
          to: { type: 'paymentMethod', method: 'bank' },
        },
      ],
    ],
    [
      'cambio_cuenta',
      { old: null, new: 'ES91 •••• 1332' },
      [{ field: 'bankAccount', from: { type: 'none' }, to: { type: 'text', value: 'ES91 •••• 1332' } }],
    ],
    [
      'tarjeta_borrada',
      { old: 'visa 4242' },
      [{ field: 'card', from: { type: 'text', value: 'visa 4242' }, to: { type: 'none' } }],
    ],
    ['alerta_datos', { on: false }, [{ field: 'dataChangeAlert', to: { type: 'switch', on: false } }]],
    [
      'cambio_atributos',
      { old: [], new: [{ key: 'Finca', value: '12' }] },
      [{ field: 'attributes', from: { type: 'none' }, to: { type: 'text', value: 'Finca: 12' } }],
    ],
  ])('%s', (accion, details, expected) => {
    expect(historyChanges({ accion, details })).toEqual(expected);
  });
});
