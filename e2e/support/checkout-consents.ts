import { expect, type Page } from '@playwright/test';

// The consents a customer gives before paying (docs/shop-flows.md, "Consents at checkout"), by their labels in the
// three store languages: the checkout page, pay links, quote links and the order payment page show the same boxes.

/** "He leído y acepto las condiciones de contratación" (es, pt, en). */
export const ACCEPT_TERMS =
  /acepto las condiciones de contratación|aceito as condições de contratação|accept the terms of sale/;
/** The express request to start at once, losing the withdrawal right once the service is performed (es, pt, en). */
export const START_NOW = /empecéis el trámite ya|serviço comece já|start the service now/;

/** Ticks both boxes (neither is ticked beforehand: nothing is pre-ticked). */
export async function acceptCheckoutConsents(page: Page): Promise<void> {
  for (const name of [ACCEPT_TERMS, START_NOW]) {
    const box = page.getByRole('checkbox', { name });
    await expect(box).not.toBeChecked();
    await box.check();
  }
}
