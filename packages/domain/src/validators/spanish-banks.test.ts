import { describe, expect, it } from 'vitest';
import { evaluateForm } from '../forms/evaluate-form.js';
import type { ProductForm, ProductOption } from '../forms/product-form.js';
import { cents, rateBp } from '../money/money.js';
import { validateCcc, validateIban } from './bank-accounts.js';
import { accountEntity, bankChoices, bankMatchesAccount, SPANISH_BANKS, spanishBank } from './spanish-banks.js';

describe('the Spanish bank list (Banco de España entity codes)', () => {
  it('codes are 4 digits, unique, sorted; names are set; absorbing entities are on the list and not absorbed', () => {
    const codes = SPANISH_BANKS.map((b) => b.code);
    expect(codes.every((c) => /^\d{4}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(codes);
    for (const bank of SPANISH_BANKS) {
      expect(bank.name.trim()).not.toBe('');
      if (bank.absorbed_by) expect(spanishBank(bank.absorbed_by)?.absorbed_by).toBeUndefined();
    }
  });

  it.each([
    ['0049', 'Banco Santander'],
    ['0182', 'BBVA (Banco Bilbao Vizcaya Argentaria)'],
    ['2100', 'CaixaBank'],
    ['0081', 'Banco Sabadell'],
  ])('%s is %s', (code, name) => {
    expect(spanishBank(code)?.name).toBe(name);
  });

  it.each([['1234'], ['49'], ['00049'], [''], ['abcd']])('%j is no bank of the list', (code) => {
    expect(spanishBank(code)).toBeUndefined();
  });
});

describe('accountEntity and bankMatchesAccount', () => {
  // The published vectors of iberian-algorithms.md: CCC 2100 0418 45 0200051332, IBAN ES91 2100 0418 4502 0005 1332.
  it('the published vectors are valid accounts of entity 2100', () => {
    expect(validateCcc('2100 0418 45 0200051332').ok).toBe(true);
    expect(validateIban('ES91 2100 0418 4502 0005 1332').ok).toBe(true);
  });

  it.each([
    ['2100 0418 45 0200051332', '2100'],
    ['ES91 2100 0418 4502 0005 1332', '2100'],
    ['es9121000418450200051332', '2100'],
    ['PT50000201231234567890154', null],
    ['12345', null],
    ['', null],
  ])('%j names entity %j', (account, entity) => {
    expect(accountEntity(account)).toBe(entity);
  });

  it.each([
    ['2100', 'ES91 2100 0418 4502 0005 1332', true],
    ['0049', 'ES91 2100 0418 4502 0005 1332', false],
    // Bankia's mortgage, paid from a CaixaBank account (Bankia merged into CaixaBank), and the reverse.
    ['2038', 'ES91 2100 0418 4502 0005 1332', true],
    ['2100', '2038 0000 00 0000000000', true],
    // Two entities absorbed by the same one are still two banks.
    ['0065', '2038 0000 00 0000000000', false],
    // A foreign account says nothing about a Spanish bank.
    ['0049', 'PT50000201231234567890154', true],
  ])('bank %s with account %s -> %s', (code, account, expected) => {
    expect(bankMatchesAccount(code, account)).toBe(expected);
  });
});

const VAT_ES = rateBp(2100);

const option = (o: Partial<ProductOption> & Pick<ProductOption, 'option_id' | 'type'>): ProductOption => ({
  is_require: true,
  title: `q${o.option_id}`,
  price: cents(0),
  index: o.option_id,
  previous_steps: [],
  opt_values: [],
  ...o,
});

describe('the engine: banco answers are entity codes, checked against an account of the same form', () => {
  const form: ProductForm = {
    product_id: 1,
    base_price: cents(1000),
    official_fee: cents(0),
    steps: [],
    options: [
      option({ option_id: 1, type: 'banco' }),
      option({ option_id: 2, type: 'field', validator: 'iban', is_require: false }),
    ],
  };

  it.each<[string, Record<string, string>, Record<string, string>, string[]]>([
    ['a code of the list', { 1: '0049' }, { 1: '0049' }, []],
    ['spaces are dropped', { 1: ' 00 49 ' }, { 1: '0049' }, []],
    ['a bank name is not a code', { 1: 'Banco Ejemplo' }, {}, ['bank.unknown_entity']],
    ['an unknown code', { 1: '1234' }, {}, ['bank.unknown_entity']],
    [
      'the IBAN of the same bank',
      { 1: '2100', 2: 'ES9121000418450200051332' },
      { 1: '2100', 2: 'ES9121000418450200051332' },
      [],
    ],
    [
      'the IBAN of another bank: the bank answer is refused',
      { 1: '0049', 2: 'ES91 2100 0418 4502 0005 1332' },
      { 2: 'ES9121000418450200051332' },
      ['bank.iban_mismatch'],
    ],
    [
      'an invalid IBAN is its own error, the bank stands',
      { 1: '0049', 2: 'ES00 2100' },
      { 1: '0049' },
      ['validator.iban'],
    ],
  ])('%s', (_label, raw, accepted, errorKeys) => {
    const evaluation = evaluateForm(form, raw, VAT_ES);
    expect(evaluation.answers).toEqual(accepted);
    expect(evaluation.errors.map((e) => e.message.key).sort()).toEqual(errorKeys.sort());
  });

  it('the mismatch names the entity of the account', () => {
    const evaluation = evaluateForm(form, { 1: '0049', 2: 'ES9121000418450200051332' }, VAT_ES);
    expect(evaluation.errors[0]?.message).toEqual({ key: 'bank.iban_mismatch', params: { entity: '2100' } });
  });
});

describe('bankChoices', () => {
  it('lists every bank once by name, labelled with its entity code, the code as the value', () => {
    const choices = bankChoices();
    expect(choices).toHaveLength(SPANISH_BANKS.length);
    expect(new Set(choices.map((c) => c.value)).size).toBe(SPANISH_BANKS.length);
    const names = choices.map((c) => c.label.replace(/ \(\d{4}\)$/, ''));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
    const first = SPANISH_BANKS[0]!;
    expect(choices).toContainEqual({ value: first.code, label: `${first.name} (${first.code})` });
  });
});
