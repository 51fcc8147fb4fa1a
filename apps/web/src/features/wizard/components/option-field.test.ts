import { moneyString, SPANISH_BANKS } from '@ventanilla/domain';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../shared/i18n';
import { es } from '../../../shared/i18n/es';
import type { ProductOption } from '../../../shared/lib/api-contract';
import { optionFixture, productFixture } from '../lib/product-fixtures';
import { OptionField } from './option-field';

// The controls a question gets by its type, rendered to HTML (Spanish, the default catalogue): label, hint, the
// value shown and the type's own attributes. The wizard's journeys (e2e/journey.test.ts) drive them in a browser.

function render(option: ProductOption, value = '', extra: { error?: string; asHeading?: boolean } = {}): string {
  const field = createElement(OptionField, {
    option,
    value,
    error: extra.error,
    asHeading: extra.asHeading ?? false,
    onChange: () => {},
    context: { options: [option], answers: {}, pricing: productFixture() },
  });
  return renderToStaticMarkup(createElement(I18nProvider, { language: 'es', catalogue: es, children: field }));
}

/** The attributes of the first tag `tag` in `html`. */
function tagOf(html: string, tag: string): string {
  const match = new RegExp(`<${tag}\\b[^>]*>`).exec(html);
  expect(match, `<${tag}> in ${html}`).not.toBeNull();
  return match![0];
}

const values = [
  { id: 71, name: 'Simple', price: moneyString('0.00') },
  { id: 72, name: 'Urgente', price: moneyString('5.00') },
];

describe('OptionField', () => {
  it('hide_price: the question names no supplement (drop-down, radios, the question hint)', () => {
    const shown = render(
      optionFixture(7, { type: 'radio', title: 'Plazo', opt_values: values, price: moneyString('3.00') }),
    );
    expect(shown).toContain('+5,00');
    expect(shown).toContain('Suplemento');
    for (const type of ['radio', 'drop_down', 'checkbox'] as const) {
      const html = render(
        optionFixture(7, { type, title: 'Plazo', opt_values: values, price: moneyString('3.00'), hide_price: 1 }),
      );
      expect(html, type).not.toMatch(/\+\s?5,00|Suplemento/);
      expect(html, type).toContain('Urgente');
    }
  });

  it('full_price: each choice shows the service\'s price with it (VAT and the question\'s price included), no "+"', () => {
    // base 10.00 + question 3.00 + value 5.00 = 18.00, + 21% VAT = 21.78; the free choice 13.00 + VAT = 15.73.
    const option = optionFixture(7, {
      type: 'radio',
      title: 'Plazo',
      opt_values: values,
      price: moneyString('3.00'),
      full_price: 1,
    });
    const html = render(option);
    expect(html).toMatch(/Urgente<span class="supplement">21,78\s€<\/span>/);
    expect(html).toMatch(/Simple<span class="supplement">15,73\s€<\/span>/);
    expect(html).not.toMatch(/\+|Suplemento/);
    const select = render({ ...option, type: 'drop_down' });
    expect(select).toMatch(/Urgente \(21,78\s€\)/);
    const text = render(optionFixture(8, { type: 'field', title: 'Nota', price: moneyString('3.00'), full_price: 1 }));
    expect(text).toMatch(/Precio total con esta opción: 15,73\s€\./);
  });

  it('can_be_empty: an optional radio group offers "Ninguna", checked while nothing is chosen; a required one does not', () => {
    const optional = optionFixture(7, {
      type: 'radio',
      title: 'Plazo',
      opt_values: values,
      is_require: 0,
      can_be_empty: 1,
    });
    const html = render(optional);
    const noneInput = (markup: string) => /(<input[^>]*>)<label[^>]*>Ninguna/.exec(markup)?.[1] ?? '';
    expect(noneInput(html)).toMatch(/value=""/);
    expect(noneInput(html)).toContain('checked');
    expect(noneInput(render(optional, '72'))).not.toContain('checked');
    expect(render({ ...optional, is_require: 1 })).not.toContain('Ninguna');
    expect(render({ ...optional, can_be_empty: 0 })).not.toContain('Ninguna');
  });

  it('a drop-down: labelled select, the empty choice first, supplements in the labels, the answer selected', () => {
    const html = render(optionFixture(7, { type: 'drop_down', title: 'Plazo', opt_values: values }), '72');
    expect(html).toMatch(/<label[^>]*for="option-7"[^>]*>Plazo/);
    expect(tagOf(html, 'select')).toContain('id="option-7"');
    const options = [...html.matchAll(/<option value="([^"]*)"( selected="")?>([^<]*)<\/option>/g)].map((m) => [
      m[1],
      m[3],
      Boolean(m[2]),
    ]);
    expect(options[0]).toEqual(['', 'Selecciona una opción', false]);
    expect(options.slice(1).map(([v]) => v)).toEqual(['71', '72']);
    expect(options[1]![1]).toBe('Simple');
    expect(options[2]![1]).toMatch(/^Urgente \(\+5,00\s€\)$/);
    expect(options.filter(([, , selected]) => selected).map(([v]) => v)).toEqual(['72']);
  });

  it('a bank: every Spanish bank by name with its entity code, after "Elige el banco"', () => {
    const html = render(optionFixture(8, { type: 'banco', title: 'Banco' }), SPANISH_BANKS[0]!.code);
    expect(tagOf(html, 'select')).toContain('id="option-8"');
    const options = [...html.matchAll(/<option value="([^"]*)"( selected="")?>([^<]*)<\/option>/g)];
    expect(options[0]![3]).toBe('Elige el banco');
    expect(
      options
        .slice(1)
        .map((m) => m[1])
        .sort(),
    ).toEqual(SPANISH_BANKS.map((b) => b.code).sort());
    const first = SPANISH_BANKS[0]!;
    expect(options.find((m) => m[1] === first.code)).toMatchObject({ 2: ' selected=""' });
    expect(html).toContain(`>${first.name} (${first.code})</option>`);
  });

  it('a date: a native date input holding the answer', () => {
    const input = tagOf(render(optionFixture(9, { type: 'date', title: 'Fecha' }), '2005-12-31'), 'input');
    expect(input).toContain('type="date"');
    expect(input).toContain('id="option-9"');
    expect(input).toContain('value="2005-12-31"');
  });

  it("an area: a textarea with the question's length limit and the answer", () => {
    const html = render(optionFixture(10, { type: 'area', title: 'Notas', max_length: 300 }), 'hola');
    expect(tagOf(html, 'textarea')).toContain('maxLength="300"');
    expect(html).toMatch(/<textarea[^>]*>hola<\/textarea>/);
  });

  it('a text field: the answer, the length limit, no autocomplete', () => {
    const text = tagOf(render(optionFixture(11, { title: 'Nombre', max_length: 40 }), 'Ana'), 'input');
    expect(text).toContain('value="Ana"');
    expect(text).toContain('maxLength="40"');
    expect(text).toContain('autoComplete="off"');
    expect(text).not.toContain('type="date"');
  });

  it('the only question on a page labels it as its heading; an error and a supplement hint are shown', () => {
    const option = optionFixture(13, { title: 'Finca', placeholder: 'Número de finca', price: moneyString('3.00') });
    const html = render(option, '', { error: 'Escribe la finca', asHeading: true });
    expect(html).toMatch(/<h1[^>]*>.*Finca/s);
    expect(html).toContain('Número de finca Suplemento: +3,00');
    expect(html).toContain('Escribe la finca');
    expect(tagOf(html, 'input')).toContain('aria-invalid="true"');
  });
});
