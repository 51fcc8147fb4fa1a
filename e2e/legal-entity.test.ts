// The aviso legal of a Spanish, a Portuguese and an English-language
// store names the store's seller (GET /api/stores/{id}/seller, the legal entity admins edit) in the store's language,
// with no placeholder text, and passes axe.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { newContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const STORES = [
  { storeId: 1, lang: 'es', title: 'Aviso legal', taxLabel: 'NIF' },
  { storeId: 16, lang: 'pt', title: 'Aviso legal', taxLabel: 'NIF' },
  { storeId: 9, lang: 'en', title: 'Legal notice', taxLabel: 'tax id' },
] as const;

for (const { storeId, lang, title, taxLabel } of STORES) {
  test(`store ${storeId} (${lang}): the aviso legal names the seller, no placeholder, accessible`, async ({
    browser,
  }) => {
    const res = await fetch(`${server.baseUrl}/api/stores/${storeId}/seller`);
    expect(res.status).toBe(200);
    const seller = (await res.json()) as { legal_name: string; tax_id: string; address: string };
    const context = await newContext(browser, server.baseUrl, {}, true);
    try {
      const page = await context.newPage();
      const response = await page.goto(`/legal/aviso-legal?store=${storeId}`);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(main).toContainText(seller.legal_name);
      await expect(main).toContainText(`${taxLabel} ${seller.tax_id}`);
      await expect(main).toContainText(seller.address);
      await expect(main).not.toContainText(/pendiente|pending|por completar|to be completed|\[|\{\w+\}/i);
      await expectNoAxeViolations(page, `aviso legal (store ${storeId})`);
    } finally {
      await context.close();
    }
  });
}
