import { describe, expect, it } from 'vitest';
import { answerLabel, answerLead, errorWithQuestion } from './describe-answers.js';
import { isChoiceOption, OPTION_TYPES, type OptionType } from './product-form.js';

const values = [
  { id: 11, name: 'Urgente' },
  { id: 12, name: 'Normal' },
  { id: 13, name: 'Con apostilla' },
];
const option = (type: OptionType, opt_values = values) => ({ type, opt_values });

describe('isChoiceOption', () => {
  it.each(OPTION_TYPES.map((type) => [type] as const))('%s', (type) => {
    const choice = ['radio', 'radio_button', 'drop_down', 'checkbox', 'multiple'].includes(type);
    expect(isChoiceOption(option(type, []))).toBe(choice);
  });

  it('counts a question of another type that carries values', () => {
    expect(isChoiceOption(option('field'))).toBe(true);
  });
});

describe('answerLabel', () => {
  it.each([
    ['radio', '11', 'Urgente'],
    ['drop_down', '12', 'Normal'],
    ['checkbox', '11,13', 'Urgente, Con apostilla'],
    ['multiple', [13, 11], 'Urgente, Con apostilla'],
    ['radio', '99', '99'],
    ['radio', '', ''],
    ['radio', undefined, ''],
    ['field', 'Calle Mayor 1', 'Calle Mayor 1'],
    ['area', 'una, dos', 'una, dos'],
  ] as const)('%s %j -> %j', (type, value, label) => {
    const opt = type === 'field' || type === 'area' ? option(type, []) : option(type);
    expect(answerLabel(opt, value as string | number[] | undefined)).toBe(label);
  });

  it("shows a document's name", () => {
    const deed = { file_id: 'f1', filename: 'escritura.pdf', size: 10, content_type: 'application/pdf' };
    expect(answerLabel(option('file', []), deed)).toBe('escritura.pdf');
  });
});

describe('answerLead: the question before its answer in a list', () => {
  it.each([
    ['Provincia', 'Provincia:'],
    ['¿Necesitas el servicio urgente?', '¿Necesitas el servicio urgente?'],
    ['Datos de la finca:', 'Datos de la finca:'],
    ['  Municipio  ', 'Municipio:'],
    ['', ''],
    ['   ', ''],
    [null, ''],
  ] as const)('%j gives %j (never "?:")', (label, lead) => {
    expect(answerLead(label)).toBe(lead);
  });
});

describe('errorWithQuestion: an error summary line names its question', () => {
  it.each([
    ['Municipio', 'Elige un municipio de la lista', 'Municipio: Elige un municipio de la lista'],
    [
      '¿Necesitas el servicio urgente?',
      'Por favor, selecciona una opción',
      '¿Necesitas el servicio urgente? Por favor, selecciona una opción',
    ],
    ['', 'Por favor, escribe el dato', 'Por favor, escribe el dato'],
    [undefined, 'Por favor, escribe el dato', 'Por favor, escribe el dato'],
  ] as const)('%j, %j', (label, message, text) => {
    expect(errorWithQuestion(label, message)).toBe(text);
  });
});
