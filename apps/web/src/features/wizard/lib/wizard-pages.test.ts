import { describe, expect, it } from 'vitest';
import { moneyString } from '@ventanilla/domain';
import { optionFixture, productFixture } from './product-fixtures';
import {
  answerLabel,
  errorSummaryText,
  firstPageWithError,
  lastPageIndex,
  nextPageIndex,
  onlyVisible,
  pagesOf,
  parseStep,
  previousPageIndex,
  reevaluationTriggers,
} from './wizard-pages';

const option = optionFixture;

// Nota simple's layout: province + municipality, address, owner, other data, urgent service.
const product = productFixture({
  product_id: 15867,
  name: 'Nota simple',
  url_key: 'nota-simple',
  cat_url_key: 'x',
  short_description: '',
  base_price: moneyString('20.76'),
  price: moneyString('25.12'),
  description: '',
  image: null,
  custom_text: '',
  tooltip: null,
  tax_rate: '21.00',
  steps: [[78, 79], [80], [77], [74], [411]],
  options: [
    option(78, { type: 'drop_down' }),
    option(79),
    option(80),
    option(77, { is_require: 0 }),
    option(74, { is_require: 0, previous_steps: [{ option_id: 77, value: '' }] }),
    option(411, {
      type: 'radio',
      opt_values: [
        { id: 3781, name: 'No', price: moneyString('0.00') },
        { id: 3782, name: 'Urgente', price: moneyString('5.75') },
      ],
    }),
  ],
});

const all = new Set([78, 79, 80, 77, 74, 411]);
const without74 = new Set([78, 79, 80, 77, 411]);

describe('page navigation', () => {
  it.each([
    ['next from the first page', nextPageIndex(product, 0, all), 1],
    ['skips a page whose questions are hidden', nextPageIndex(product, 2, without74), 4],
    ['null after the last page (check answers next)', nextPageIndex(product, 4, all), null],
    ['back skips hidden pages too', previousPageIndex(product, 4, without74), 2],
    ['no page before the first', previousPageIndex(product, 0, all), null],
    ['last page with something to ask', lastPageIndex(product, all), 4],
    ['after a change, only unseen questions are asked', nextPageIndex(product, 0, all, new Set([74])), 3],
    ['after a change with nothing new, back to check answers', nextPageIndex(product, 0, all, new Set()), null],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('finds the first page with an error, in page order', () => {
    expect(
      firstPageWithError(product, [
        { option_id: 411, message: 'x' },
        { option_id: 80, message: 'y' },
      ]),
    ).toBe(1);
    expect(firstPageWithError(product, [])).toBeNull();
  });

  it('falls back to one page per option when the product has no steps', () => {
    expect(pagesOf({ ...product, steps: [] })).toEqual([[74], [77], [78], [79], [80], [411]]);
  });
});

describe('answers', () => {
  it('keeps only visible, non-empty answers (hidden answers never reach the cart)', () => {
    expect(onlyVisible({ '77': 'Ana', '74': 'old', '80': '' }, without74)).toEqual({ '77': 'Ana' });
  });

  it('shows value names for choices and text otherwise', () => {
    expect(answerLabel(product.options[5]!, '3782')).toBe('Urgente');
    expect(answerLabel(product.options[2]!, 'Calle Mayor 1')).toBe('Calle Mayor 1');
    expect(answerLabel(product.options[2]!, '')).toBe('');
  });

  it('re-evaluates on priced options and on options others depend on', () => {
    expect([...reevaluationTriggers(product)].sort()).toEqual([411, 77]);
  });

  it.each([
    ['step1', 1],
    ['step12', 12],
    ['step0', null],
    ['confirmation', null],
    ['step1x', null],
  ])('parses %s', (param, expected) => {
    expect(parseStep(param)).toBe(expected);
  });
});

describe('errorSummaryText: each summary line names its question', () => {
  const product = {
    options: [
      optionFixture(79, { title: 'Municipio' }),
      optionFixture(411, { title: '¿Necesitas el servicio urgente?' }),
      optionFixture(5, { title: '' }),
    ],
  };
  it.each([
    [79, 'Elige un municipio de la lista', 'Municipio: Elige un municipio de la lista'],
    [411, 'Por favor, selecciona una opción', '¿Necesitas el servicio urgente? Por favor, selecciona una opción'],
    [5, 'Por favor, escribe el dato', 'Por favor, escribe el dato'],
    [999, 'Por favor, escribe el dato', 'Por favor, escribe el dato'],
  ])('option %i: %j', (option_id, message, text) => {
    expect(errorSummaryText(product, { option_id, message })).toBe(text);
  });
});
