// Two agents in two browsers and one paid order between them: the world of the back-office lock tests.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { apiLogin } from './api.js';
import { paidOrder, registerCustomer } from './backoffice-orders.js';
import { newContext } from './browser.js';
import { startServer, type RunningServer } from './server.js';

export const AGENT = { email: 'agente@ventanilla.test', password: 'agente-demo-2026', name: 'Andrés Agente' };
export const SECOND = { email: 'admin@ventanilla.test', password: 'admin-demo-2026', name: 'Ana Administradora' };

export interface TwoAgents {
  server: RunningServer;
  customer: BrowserContext;
  first: BrowserContext;
  second: BrowserContext;
  /** The agent's page (AGENT) and the colleague's (SECOND), both signed in, on no page yet. */
  firstPage: Page;
  secondPage: Page;
  /** The paid order's item both will open. */
  itemId: number;
  /** Page errors of both pages, to be none at the end. */
  pageErrors: string[];
  close(): Promise<void>;
}

/** Starts the built product (with `env`), a customer who pays one order, and two signed-in agents' pages. */
export async function twoAgentsOnOneOrder(
  browser: Browser,
  customerEmail: string,
  env: NodeJS.ProcessEnv = {},
): Promise<TwoAgents> {
  const server = await startServer(env);
  const pageErrors: string[] = [];
  const customer = await newContext(browser, server.baseUrl);
  const first = await newContext(browser, server.baseUrl);
  const second = await newContext(browser, server.baseUrl);
  const openAgent = async (context: BrowserContext, who: { email: string; password: string }) => {
    await apiLogin(context, who.email, who.password);
    const page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));
    return page;
  };
  const shop = await customer.newPage();
  await shop.goto('/?store=1');
  await shop.waitForLoadState('networkidle');
  await registerCustomer(customer, customerEmail);
  const firstPage = await openAgent(first, AGENT);
  const secondPage = await openAgent(second, SECOND);
  const { itemId } = await paidOrder(customer, second);
  return {
    server,
    customer,
    first,
    second,
    firstPage,
    secondPage,
    itemId,
    pageErrors,
    async close() {
      for (const c of [customer, first, second]) await c.close().catch(() => undefined);
      await server.stop();
    },
  };
}
