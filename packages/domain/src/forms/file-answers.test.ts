import { describe, expect, it } from 'vitest';
import { cents, rateBp } from '../money/money.js';
import { translateDomainMessage } from '../i18n/domain-messages.js';
import { describeAnswers, orderSummary } from './describe-answers.js';
import { evaluateForm, type FileResolver } from './evaluate-form.js';
import { isFileReference, type Answers, type FileReference, type ProductForm } from './product-form.js';

const VAT_ES = rateBp(2100);

/** A deed-like form: who you are (radio), the deed copy (required file, shown to heirs), a note and an optional file. */
const form: ProductForm = {
  product_id: 1,
  base_price: cents(2900),
  official_fee: cents(0),
  steps: [[1], [2], [3, 4]],
  options: [
    {
      option_id: 1,
      type: 'radio',
      is_require: true,
      title: 'Relación',
      price: cents(0),
      index: 1,
      previous_steps: [],
      opt_values: [
        { id: 11, name: 'Titular', price: cents(0) },
        { id: 12, name: 'Heredero', price: cents(2600) },
      ],
    },
    {
      option_id: 2,
      type: 'file',
      is_require: true,
      title: 'Certificado de defunción',
      price: cents(0),
      index: 2,
      previous_steps: [{ option_id: 1, value: '12' }],
      opt_values: [],
    },
    {
      option_id: 3,
      type: 'field',
      is_require: false,
      title: 'Observaciones',
      price: cents(0),
      index: 3,
      previous_steps: [],
      opt_values: [],
    },
    {
      option_id: 4,
      type: 'file',
      is_require: false,
      title: 'Otros documentos',
      price: cents(0),
      index: 4,
      previous_steps: [],
      opt_values: [],
    },
  ],
};

const deed: FileReference = {
  file_id: 'up_abc',
  filename: 'defuncion.pdf',
  size: 1234,
  content_type: 'application/pdf',
};
const stored: FileReference = {
  file_id: 'up_abc',
  filename: 'certificado.pdf',
  size: 999,
  content_type: 'application/pdf',
};
const mine: FileResolver = (id) => (id === 'up_abc' ? stored : undefined);

const messages = (answers: Answers, files?: FileResolver) =>
  evaluateForm(form, answers, VAT_ES, files ? { files } : {}).errors.map((e) => [
    e.option_id,
    translateDomainMessage('es', e.message),
  ]);

describe('file questions: the answer is a file reference', () => {
  it.each<[string, Answers, FileResolver | undefined, Array<[number, string]>]>([
    [
      'required file of a heir missing: "adjunta el documento"',
      { '1': '12' },
      undefined,
      [[2, 'Por favor, adjunta el documento']],
    ],
    ['required file given as a reference: no error', { '1': '12', '2': deed }, undefined, []],
    ['hidden file question (owner) is not required', { '1': '11' }, undefined, []],
    [
      'a text where a file reference is expected is invalid',
      { '1': '12', '2': 'defuncion.pdf' },
      undefined,
      [[2, 'El documento no está disponible: vuelve a subirlo']],
    ],
    [
      'a reference without file_id is invalid',
      { '1': '12', '2': { filename: 'x.pdf' } as unknown as FileReference },
      undefined,
      [[2, 'El documento no está disponible: vuelve a subirlo']],
    ],
    [
      'an empty answer to a required file is "missing", not invalid',
      { '1': '12', '2': '' },
      undefined,
      [[2, 'Por favor, adjunta el documento']],
    ],
    [
      'a file reference given to a text question is refused',
      { '1': '11', '3': deed },
      undefined,
      [[3, 'Por favor, selecciona una opción']],
    ],
    [
      'a file reference given to a choice is refused',
      { '1': deed },
      undefined,
      [[1, 'Por favor, selecciona una opción']],
    ],
    ["the server's resolver knows the id: accepted", { '1': '12', '2': deed }, mine, []],
    [
      "someone else's (or an unknown) id: invalid answer",
      { '1': '12', '2': { ...deed, file_id: 'up_other' } },
      mine,
      [[2, 'El documento no está disponible: vuelve a subirlo']],
    ],
    [
      'an unknown id on an optional file question is invalid too (never silently dropped)',
      { '1': '11', '4': { ...deed, file_id: 'up_x' } },
      mine,
      [[4, 'El documento no está disponible: vuelve a subirlo']],
    ],
  ])('%s', (_name, answers, files, expected) => {
    expect(messages(answers, files)).toEqual(expected);
  });

  it('the resolver replaces name, size and type with the stored ones; extra fields are dropped', () => {
    const result = evaluateForm(form, { '1': '12', '2': { ...deed, evil: 'x' } as FileReference }, VAT_ES, {
      files: mine,
    });
    expect(result.answers['2']).toEqual(stored);
  });

  it('a file answer of a question that becomes hidden is dropped', () => {
    const result = evaluateForm(form, { '1': '11', '2': deed }, VAT_ES);
    expect(result.visible).not.toContain(2);
    expect(result.answers['2']).toBeUndefined();
  });

  it('a file answer does not change the price (only the heir supplement does)', () => {
    const withFile = evaluateForm(form, { '1': '12', '2': deed }, VAT_ES);
    const without = evaluateForm(form, { '1': '12' }, VAT_ES);
    expect(withFile.price.total).toBe(without.price.total);
  });

  it('messages in English and Portuguese', () => {
    const [error] = evaluateForm(form, { '1': '12' }, VAT_ES).errors;
    expect(translateDomainMessage('en', error!.message)).toBe('Please attach the document');
    expect(translateDomainMessage('pt', error!.message)).toBe('Por favor, anexe o documento');
  });

  it('orders show the file name, and keep the id as the value', () => {
    const result = evaluateForm(form, { '1': '12', '2': deed }, VAT_ES);
    const described = describeAnswers(form, result.answers);
    expect(described[1]).toEqual({
      option_id: 2,
      label: 'Certificado de defunción',
      value: 'up_abc',
      print_value: 'defuncion.pdf',
      option_type: 'file',
    });
    expect(orderSummary(described)).toBe('Heredero | defuncion.pdf');
  });

  it.each<[unknown, boolean]>([
    [deed, true],
    [{ file_id: '' }, false],
    [{ file_id: 5 }, false],
    ['up_abc', false],
    [['up_abc'], false],
    [null, false],
  ])('isFileReference(%j) is %s', (value, expected) => {
    expect(isFileReference(value)).toBe(expected);
  });
});
