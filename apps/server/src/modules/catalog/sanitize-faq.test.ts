import { describe, expect, it } from 'vitest';
import { isSafeHref, sanitizeFaqHtml } from './sanitize-faq.js';

describe('sanitizeFaqHtml', () => {
  it.each([
    [
      'keeps the catalogue FAQ markup as it is',
      '<h3>Plazo de entrega</h3><p>En 24 horas.</p><ul><li>Dato</li></ul>',
      '<h3>Plazo de entrega</h3><p>En 24 horas.</p><ul><li>Dato</li></ul>',
    ],
    [
      'keeps nested allowed tags',
      '<ol><li><p><strong>Uno <em>y <b>dos</b></em></strong><br /><i>tres</i></p></li></ol>',
      '<ol><li><p><strong>Uno <em>y <b>dos</b></em></strong><br /><i>tres</i></p></li></ol>',
    ],
    ['keeps h2 and h4', '<h2>A</h2><h4>B</h4>', '<h2>A</h2><h4>B</h4>'],
    ['drops a script tag with its content', '<p>Hola</p><script>alert(1)</script>', '<p>Hola</p>'],
    ['drops a style tag with its content', '<style>p{color:red}</style><p>Hola</p>', '<p>Hola</p>'],
    ['drops an onerror attribute and the img it was on', '<p>A<img src="x" onerror="alert(1)">B</p>', '<p>AB</p>'],
    ['drops event handlers on allowed tags', '<p onclick="alert(1)" onmouseover="x()">Texto</p>', '<p>Texto</p>'],
    ['drops style, class and id attributes', '<h3 style="color:red" class="big" id="t">T</h3>', '<h3>T</h3>'],
    [
      'unwraps tags off the list, keeping their text',
      '<div><span>Texto</span> <table><tr><td>celda</td></tr></table></div>',
      'Texto celda',
    ],
    ['turns a javascript: link into plain text', '<a href="javascript:alert(1)">pulsa</a>', 'pulsa'],
    ['turns an obfuscated javascript: link into plain text', '<a href="java&#x09;script:alert(1)">pulsa</a>', 'pulsa'],
    ['turns a data: link into plain text', '<a href="data:text/html;base64,PHNjcmlwdD4=">pulsa</a>', 'pulsa'],
    ['turns a protocol-relative link into plain text', '<a href="//evil.example/">pulsa</a>', 'pulsa'],
    ['turns a link without href into plain text', '<a name="x">ancla</a>', 'ancla'],
    [
      'keeps a safe link that follows an unsafe one',
      '<p><a href="javascript:x()">uno</a> <a href="/ayuda">dos</a></p>',
      '<p>uno <a href="/ayuda" rel="noopener noreferrer">dos</a></p>',
    ],
    [
      'keeps an https link, adding rel and dropping target',
      '<a href="https://sede.registradores.org" target="_blank">Registro</a>',
      '<a href="https://sede.registradores.org" rel="noopener noreferrer">Registro</a>',
    ],
    [
      'keeps a mailto link',
      '<a href="mailto:ayuda@example.com">escríbenos</a>',
      '<a href="mailto:ayuda@example.com" rel="noopener noreferrer">escríbenos</a>',
    ],
    [
      'keeps a relative link and replaces its rel',
      '<a href="/tienda/servicios" rel="opener">catálogo</a>',
      '<a href="/tienda/servicios" rel="noopener noreferrer">catálogo</a>',
    ],
    ['escapes stray markup characters in text', '<p>1 < 2 & 3</p>', '<p>1 &lt; 2 &amp; 3</p>'],
    ['closes unclosed tags', '<p><strong>Sin cerrar', '<p><strong>Sin cerrar</strong></p>'],
    ['returns the empty string for empty input', '', ''],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeFaqHtml(input)).toBe(expected);
  });
});

describe('isSafeHref', () => {
  it.each([
    ['https://example.com', true],
    ['http://example.com', true],
    ['MAILTO:a@example.com', true],
    ['/tienda/servicios', true],
    ['ayuda#plazo', true],
    ['#plazo', true],
    ['javascript:alert(1)', false],
    [' JavaScript:alert(1)', false],
    ['vbscript:x', false],
    ['data:text/html,x', false],
    ['//evil.example', false],
    ['', false],
  ])('%s -> %s', (href, safe) => {
    expect(isSafeHref(href)).toBe(safe);
  });
});
