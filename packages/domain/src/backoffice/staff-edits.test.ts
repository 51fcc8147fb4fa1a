import { describe, expect, it } from 'vitest';
import {
  answerChanges,
  checkClientStatus,
  checkCustomerPayment,
  checkItemAttributes,
  clientStatusKeyOf,
  type CustomerPaymentInput,
  type CustomerPaymentProblem,
  dataChangeAlert,
  type ItemAttribute,
  isOnlineAgent,
  maskIban,
  PREFERRED_PAYMENTS,
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
    [Number.NaN, null, { ok: false, reason: 'unknown_status' }],
    [-4, null, { ok: false, reason: 'unknown_status' }],
  ] as const)('%s over %s', (raw, current, expected) => {
    expect(checkClientStatus(raw, current)).toEqual(expected);
  });
});

describe('clientStatusKeyOf', () => {
  it.each([
    [4, 'ready'],
    [1, 'pending'],
    [null, null],
    [9, null],
  ] as const)('%s is %s', (id, key) => {
    expect(clientStatusKeyOf(id)).toBe(key);
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
    expect(r).toEqual({
      ok: false,
      problems: [{ field: 'preferred_payment', message: { key: 'validation.unknown_value' } }],
    });
  });
  it.each(PREFERRED_PAYMENTS)('accepts the method %s', (method) => {
    expect(checkCustomerPayment({ preferred_payment: method }, { iban: IBAN_ES })).toEqual({
      ok: true,
      change: { method, iban: undefined, removeCard: false },
    });
  });
  it('reports every problem at once', () => {
    expect(checkCustomerPayment({ preferred_payment: 'cash', iban: 'ES00' }, { iban: null })).toEqual({
      ok: false,
      problems: [
        { field: 'preferred_payment', message: { key: 'validation.unknown_value' } },
        { field: 'iban', message: { key: 'validator.iban' } },
      ],
    });
  });
  it.each<[string, CustomerPaymentInput, string | null, CustomerPaymentProblem[]]>([
    [
      'no account on file',
      { preferred_payment: 'bank' },
      null,
      [{ field: 'iban', message: { key: 'validation.required_text' } }],
    ],
    [
      'the account removed',
      { preferred_payment: 'bank', iban: '' },
      IBAN_ES,
      [{ field: 'iban', message: { key: 'validation.required_text' } }],
    ],
    [
      'an invalid account (one problem)',
      { preferred_payment: 'bank', iban: 'ES00' },
      null,
      [{ field: 'iban', message: { key: 'validator.iban' } }],
    ],
  ])('bank refuses %s', (_n, input, stored, problems) => {
    expect(checkCustomerPayment(input, { iban: stored })).toEqual({ ok: false, problems });
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
  it.each<[string, ItemAttribute[]]>([
    ['30 attributes', Array.from({ length: 30 }, (_, i) => ({ key: `k${i}`, value: '' }))],
    ['a key of 60 characters and a value of 500', [{ key: 'k'.repeat(60), value: 'v'.repeat(500) }]],
    ['letters outside ASCII, emoji and a no-break space', [{ key: 'Año 😀', value: 'a\u00a0b ñ' }]],
  ])('accepts %s', (_name, attrs) => {
    expect(checkItemAttributes(attrs).ok).toBe(true);
  });
  it('reports every problem at once, by index and field', () => {
    expect(
      checkItemAttributes([
        { key: 'k'.repeat(61), value: 'x\u007f' },
        { key: 'B\u001f', value: 'x\u009f' },
        { key: 'C', value: 'x'.repeat(501) },
        { key: ' c ', value: 'lone \ud800' },
        { key: 'D', value: 'lone \udc00' },
        { key: ' ', value: '\ud800x' },
      ]),
    ).toEqual({
      ok: false,
      problems: [
        { index: 0, field: 'key', message: { key: 'validation.too_long', params: { max: 60 } } },
        { index: 0, field: 'value', message: { key: 'saved_item.invalid_characters' } },
        { index: 1, field: 'key', message: { key: 'saved_item.invalid_characters' } },
        { index: 1, field: 'value', message: { key: 'saved_item.invalid_characters' } },
        { index: 2, field: 'value', message: { key: 'validation.too_long', params: { max: 500 } } },
        { index: 3, field: 'key', message: { key: 'saved_item.repeated_attribute' } },
        { index: 3, field: 'value', message: { key: 'saved_item.invalid_characters' } },
        { index: 4, field: 'value', message: { key: 'saved_item.invalid_characters' } },
        { index: 5, field: 'key', message: { key: 'validation.required_text' } },
        { index: 5, field: 'value', message: { key: 'saved_item.invalid_characters' } },
      ],
    });
  });
  it('too many attributes: one problem, nothing else checked', () => {
    const attrs = Array.from({ length: 31 }, () => ({ key: '', value: '' }));
    expect(checkItemAttributes(attrs)).toEqual({
      ok: false,
      problems: [{ index: 30, field: 'key', message: { key: 'saved_item.too_many', params: { max: 30 } } }],
    });
  });
});

describe('online agents and the data-change alert', () => {
  const now = new Date('2026-12-01T10:00:00Z');
  it.each([
    ['used 4 minutes ago', '2026-12-01T09:56:00Z', '2026-12-02T00:00:00Z', true],
    ['used 5 minutes ago', '2026-12-01T09:55:00Z', '2026-12-02T00:00:00Z', true],
    ['used 6 minutes ago', '2026-12-01T09:54:00Z', '2026-12-02T00:00:00Z', false],
    ['expired', '2026-12-01T09:59:00Z', '2026-12-01T09:59:30Z', false],
    ['expiring now', '2026-12-01T09:59:00Z', '2026-12-01T10:00:00Z', false],
    ['expiring in a second', '2026-12-01T09:59:00Z', '2026-12-01T10:00:01Z', true],
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
    expect(dataChangeAlert(t1, t1)).toBe(false);
    expect(dataChangeAlert(null, t1)).toBe(false);
  });
  it('lists the answers that changed', () => {
    expect(answerChanges({ a: 'x', b: ['1', '2'], c: 1 }, { a: 'y', b: ['1', '2'], d: 'n' })).toEqual([
      { key: 'a', from: 'x', to: 'y' },
      { key: 'c', from: '1', to: '' },
      { key: 'd', from: '', to: 'n' },
    ]);
  });
  it('shows files by name, other objects as JSON, blanks as empty, numbered keys in number order', () => {
    expect(
      answerChanges(
        { q10: null, q2: [{ filename: 'a.pdf', file_id: 1 }, 'b.pdf'], q3: { m2: 80 }, q1: undefined, q4: true },
        { q10: 'x', q2: [], q3: { m2: 90 }, q1: '', q4: true },
      ),
    ).toEqual([
      { key: 'q2', from: 'a.pdf, b.pdf', to: '' },
      { key: 'q3', from: '{"m2":80}', to: '{"m2":90}' },
      { key: 'q10', from: '', to: 'x' },
    ]);
  });
  it('shows a file without a name as JSON', () => {
    expect(answerChanges({ f: { file_id: 7 } }, {})).toEqual([{ key: 'f', from: '{"file_id":7}', to: '' }]);
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
