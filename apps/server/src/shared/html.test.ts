import { describe, expect, it } from 'vitest';
import { escapeHtml, html, safeUrl, SafeHtml, trustedHtml } from './html.js';

const EVIL = `<script>alert("x")</script> & 'quotes'`;
const ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;';

describe('html tagged template', () => {
  it('escapes text content', () => {
    expect(html`<p>${EVIL}</p>`.value).toBe(`<p>${ESCAPED}</p>`);
  });

  it('escapes double- and single-quoted attribute values, so a value cannot close its attribute', () => {
    expect(html`<input value="${'" onfocus="alert(1)'}">`.value).toBe('<input value="&quot; onfocus=&quot;alert(1)">');
    expect(html`<a title='${"' onclick='x"}'>`.value).toBe(`<a title='&#39; onclick=&#39;x'>`);
    expect(html`<a href="/x?a=${'1&b=2'}">`.value).toBe('<a href="/x?a=1&amp;b=2">');
  });

  it('escapes each value once: its own output is not escaped again when nested', () => {
    expect(escapeHtml('&amp; < > " \'')).toBe('&amp;amp; &lt; &gt; &quot; &#39;');
    const inner = html`<b>${'a & b'}</b>`;
    expect(html`<p>${inner}</p>`.value).toBe('<p><b>a &amp; b</b></p>');
  });

  it('embeds nested templates as they are, while their own values stay escaped', () => {
    const cell = (text: string) => html`<td>${text}</td>`;
    expect(html`<tr>${cell(EVIL)}</tr>`.value).toBe(`<tr><td>${ESCAPED}</td></tr>`);
  });

  it('joins arrays, escaping their strings (nested arrays too) and embedding their templates', () => {
    const items = ['<a>', 'b&c'].map((s) => html`<li>${s}</li>`);
    expect(html`<ul>${items}</ul>`.value).toBe('<ul><li>&lt;a&gt;</li><li>b&amp;c</li></ul>');
    expect(html`${['<i>', html`<i>`, ['"', 2]]}`.value).toBe('&lt;i&gt;<i>&quot;2');
    expect(html`<ul>${[]}</ul>`.value).toBe('<ul></ul>');
  });

  it('renders numbers, and nothing for null, undefined and false (conditional fragments)', () => {
    expect(html`${0}|${12.5}|${null}|${undefined}|${false}|${''}`.value).toBe('0|12.5||||');
    const error: boolean = false;
    expect(html`<div${error ? html` class="has-error"` : ''}>`.value).toBe('<div>');
  });

  it('embeds a fragment unescaped only when it is marked as trusted', () => {
    const fragment = '<b>bold</b>';
    expect(html`${fragment}`.value).toBe('&lt;b&gt;bold&lt;/b&gt;');
    expect(html`${trustedHtml(fragment)}`.value).toBe('<b>bold</b>');
  });

  it('is a SafeHtml whose string is its markup', () => {
    const fragment = html`<p>${'x'}</p>`;
    expect(fragment).toBeInstanceOf(SafeHtml);
    expect(String(fragment)).toBe('<p>x</p>');
  });
});

describe('safeUrl', () => {
  it('lets only http(s) links through', () => {
    expect(safeUrl('https://shop.test/a?b=1')).toBe('https://shop.test/a?b=1');
    expect(safeUrl('HTTP://shop.test')).toBe('HTTP://shop.test');
    expect(safeUrl('javascript:alert(1)')).toBe('#');
    expect(safeUrl('data:text/html,<b>')).toBe('#');
    expect(safeUrl('//evil.example')).toBe('#');
  });
});
