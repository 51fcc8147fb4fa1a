import { describe, expect, it } from 'vitest';
import { translateDomainMessage } from '../i18n/domain-messages.js';
import { LANGUAGES } from '../stores/stores.js';
import {
  escapeHtml,
  missingTemplateValues,
  missingValuesMessage,
  parseTemplate,
  placeholderLabel,
  previewTemplate,
  renderTemplate,
  TEMPLATE_PLACEHOLDERS,
  templateErrorMessage,
  type TemplateValues,
} from './template-placeholders.js';

const FULL: Required<TemplateValues> = {
  logo: 'https://example.test/logo.png',
  direccion: 'Calle Mayor 1',
  numero_finca: '12345',
  nombre: 'Ana García',
  municipio: 'Madrid',
  provincia: 'Madrid',
  motivo: 'Falta el DNI',
  url: 'https://example.test/customer/form/7/100000001',
  nombre_web: 'Ventanilla',
  referencia: 'R-2026/7',
  nombre_producto: 'Nota simple',
  id: 42,
  order_id: 100000001,
  numero_pedido: 100000001,
  titular: 'Juan López',
  articulo_matriz: '3456',
  descripcion_registral: 'Urbana: vivienda en planta 2',
};

describe('the placeholder list (spec section 5: seventeen placeholders)', () => {
  it('has the spec count, each once', () => {
    expect(TEMPLATE_PLACEHOLDERS).toHaveLength(17);
    expect(new Set(TEMPLATE_PLACEHOLDERS).size).toBe(17);
  });

  it.each(LANGUAGES)('every placeholder has a distinct label in %s', (language) => {
    const labels = TEMPLATE_PLACEHOLDERS.map((p) => translateDomainMessage(language, placeholderLabel(p)));
    expect(new Set(labels).size).toBe(17);
  });
});

describe('parseTemplate', () => {
  it.each<[string, string[]]>([
    ['Sin marcadores', []],
    ['Hola {{nombre}}', ['nombre']],
    ['Hola {{ nombre }}, pedido {{numero_pedido}} ({{nombre}})', ['nombre', 'numero_pedido']],
    [TEMPLATE_PLACEHOLDERS.map((p) => `{{${p}}}`).join(' '), [...TEMPLATE_PLACEHOLDERS]],
    ['Llaves sueltas { y } y {nombre} no son marcadores', []],
    ['<style>p{color:red}</style>{{url}}', ['url']],
  ])('%j uses %j', (template, expected) => {
    expect(parseTemplate(template)).toEqual({ ok: true, placeholders: expected });
  });

  it.each<[string, object[]]>([
    ['Hola {{nombres}}', [{ code: 'unknown_placeholder', names: ['nombres'] }]],
    ['{{Nombre}} {{NOMBRE}}', [{ code: 'unknown_placeholder', names: ['Nombre', 'NOMBRE'] }]],
    ['{{name}} {{x}} {{name}}', [{ code: 'unknown_placeholder', names: ['name', 'x'] }]],
    ['Hola {{nombre', [{ code: 'malformed_placeholder', fragments: ['{{nombre'] }]],
    ['{{}} y {{nombre web}}', [{ code: 'malformed_placeholder', fragments: ['{{}}', '{{nombre web}}'] }]],
    [
      '{{foo}} {{ {{nombre}}',
      [
        { code: 'unknown_placeholder', names: ['foo'] },
        { code: 'malformed_placeholder', fragments: ['{{ '] },
      ],
    ],
  ])('%j is refused: %j', (template, errors) => {
    expect(parseTemplate(template)).toEqual({ ok: false, errors });
  });

  it('the refusal names the unknown placeholders in every language', () => {
    const parsed = parseTemplate('{{nombre}} {{foo}} {{bar}}');
    if (parsed.ok) throw new Error('expected a refusal');
    expect(translateDomainMessage('es', templateErrorMessage(parsed.errors[0]!))).toBe(
      'La plantilla usa marcadores que no existen: {{foo}}, {{bar}}',
    );
    for (const language of LANGUAGES) {
      expect(translateDomainMessage(language, templateErrorMessage(parsed.errors[0]!))).toContain('{{foo}}, {{bar}}');
    }
  });
});

describe('missing values', () => {
  it.each<[TemplateValues, string[]]>([
    [FULL, []],
    [{}, ['nombre', 'referencia', 'id']],
    [{ nombre: 'Ana', referencia: '  ', id: 0 }, ['referencia']],
    [{ nombre: null, referencia: 'R', id: 1 }, ['nombre']],
  ])('values %j -> missing %j', (values, expected) => {
    expect(missingTemplateValues(['nombre', 'referencia', 'id'], values)).toEqual(expected);
  });

  it('the message lists them', () => {
    expect(translateDomainMessage('es', missingValuesMessage(['titular', 'numero_finca']))).toBe(
      'Faltan datos para: {{titular}}, {{numero_finca}}',
    );
  });
});

describe('renderTemplate', () => {
  it('fills every placeholder of the spec', () => {
    const template = TEMPLATE_PLACEHOLDERS.filter((p) => p !== 'logo')
      .map((p) => `${p}={{${p}}}`)
      .join(';');
    const result = renderTemplate(template, FULL, 'text');
    expect(result).toEqual({
      ok: true,
      output: TEMPLATE_PLACEHOLDERS.filter((p) => p !== 'logo')
        .map((p) => `${p}=${FULL[p]}`)
        .join(';'),
    });
  });

  it('escapes values in HTML, never the template itself', () => {
    const values = { ...FULL, nombre: '<script>alert("x")</script> & Cía', motivo: "O'Brien" };
    expect(renderTemplate('<p>Hola <b>{{nombre}}</b>: {{motivo}}</p>', values, 'html')).toEqual({
      ok: true,
      output: '<p>Hola <b>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Cía</b>: O&#39;Brien</p>',
    });
  });

  it('a value inside an attribute cannot break out of its quotes', () => {
    const values = { ...FULL, url: 'https://x.test/" onmouseover="alert(1)' };
    const result = renderTemplate('<a href="{{url}}">Abrir</a>', values, 'html');
    expect(result).toEqual({
      ok: true,
      output: '<a href="https://x.test/&quot; onmouseover=&quot;alert(1)">Abrir</a>',
    });
  });

  it('plain text (subjects) keeps values as they are', () => {
    expect(renderTemplate('Pedido {{numero_pedido}}: {{nombre}}', { ...FULL, nombre: 'A & B' }, 'text')).toEqual({
      ok: true,
      output: 'Pedido 100000001: A & B',
    });
  });

  it('{{logo}} becomes an image in HTML, with the site name as its text', () => {
    expect(
      renderTemplate('{{logo}}', { logo: 'https://x.test/l.png?a=1&b=2', nombre_web: 'Ventanilla' }, 'html'),
    ).toEqual({
      ok: true,
      output: '<img src="https://x.test/l.png?a=1&amp;b=2" alt="Ventanilla">',
    });
  });

  it('a value that looks like a placeholder is not expanded again', () => {
    expect(renderTemplate('{{nombre}}', { nombre: '{{referencia}}' }, 'text')).toEqual({
      ok: true,
      output: '{{referencia}}',
    });
  });

  it('refuses while a value is missing, naming it', () => {
    expect(renderTemplate('{{nombre}} {{titular}}', { nombre: 'Ana' }, 'html')).toEqual({
      ok: false,
      missing: ['titular'],
    });
  });

  it('refuses an unknown placeholder', () => {
    expect(renderTemplate('{{nombre}} {{foo}}', FULL, 'html')).toEqual({
      ok: false,
      errors: [{ code: 'unknown_placeholder', names: ['foo'] }],
    });
  });
});

describe('previewTemplate', () => {
  it('fills what it can and keeps the missing ones visible', () => {
    expect(previewTemplate('Hola {{ nombre }}, finca {{numero_finca}}', { nombre: 'A<B' }, 'html')).toEqual({
      ok: true,
      output: 'Hola A&lt;B, finca {{numero_finca}}',
      missing: ['numero_finca'],
    });
  });

  it('refuses an unknown placeholder like the save does', () => {
    expect(previewTemplate('{{nope}}', {}, 'text')).toMatchObject({ ok: false });
  });
});

describe('escapeHtml', () => {
  it.each([
    ['plain', 'plain'],
    ['a & b', 'a &amp; b'],
    ['<>"\'', '&lt;&gt;&quot;&#39;'],
    ['&amp;', '&amp;amp;'],
  ])('%j -> %j', (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });
});
