import { cents } from '@ventanilla/domain';
import { describe, expect, it } from 'vitest';
import { renderEmail, type EmailBrand } from './email-templates.js';

// Every e-mail's footer names the store's seller (docs/legal-entities.md), escaped like any value.
const brand = (seller?: EmailBrand['seller']): EmailBrand => ({
  storeId: 16,
  name: 'Balcão Ventanilla',
  language: 'pt',
  country: 'PT',
  link: (path) => `https://shop.test/${path}`,
  ...(seller ? { seller } : {}),
});
const message = {
  kind: 'order_received' as const,
  firstname: 'João',
  orderId: 160000001,
  lines: [{ name: 'Certidão', total: cents(1512) }],
  total: cents(1512),
};

describe("the e-mail footer's seller", () => {
  it('names legal name, tax id and address in the text and the HTML', () => {
    const seller = { legal_name: 'Exemplo <b>Lda.</b>', tax_id: 'PT508123453', address: 'Rua A 1, Lisboa' };
    const out = renderEmail(message, brand(seller));
    expect(out.text).toContain('Exemplo <b>Lda.</b> · PT508123453 · Rua A 1, Lisboa');
    expect(out.html).toContain('Exemplo &lt;b&gt;Lda.&lt;/b&gt; · PT508123453 · Rua A 1, Lisboa');
    expect(out.html).not.toContain('<b>Lda.');
  });

  it('has no seller line without a seller', () => {
    expect(renderEmail(message, brand()).text).not.toContain('·');
  });
});
