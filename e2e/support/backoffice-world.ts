// The back-office journeys' common start: a fresh server, a customer who registered in the shop (store 1) and has one
// paid nota simple order (item in 40 Pendiente), and a staff member signed in with a page open whose script errors
// are collected (the journey fails on any). One place instead of a copy in each file's beforeAll.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { apiLogin } from './api.js';
import { paidOrder, registerCustomer } from './backoffice-orders.js';
import { newContext } from './browser.js';
import { startServer, type RunningServer } from './server.js';

export const AGENT = { email: 'agente@ventanilla.test', password: 'agente-demo-2026' } as const;
export const ADMIN = { email: 'admin@ventanilla.test', password: 'admin-demo-2026' } as const;

export interface BackofficeWorld {
  server: RunningServer;
  /** The customer's context (their own cookies). */
  customer: BrowserContext;
  /** The staff member's context, signed in. */
  staff: BrowserContext;
  /** A page of `staff`; its script errors land in `pageErrors`. */
  page: Page;
  orderId: number;
  itemId: number;
  /** Script errors of every page opened with `newPage` (and of `page`), with the address they happened at. */
  pageErrors: string[];
  /** Another page of a context, whose script errors are collected too. */
  newPage(context: BrowserContext): Promise<Page>;
  /** Closes the contexts and stops the server (safe to call after a failed start). */
  close(): Promise<void>;
}

/**
 * Starts a back-office world: `customerEmail` registers and pays one order; `staff` (the demo agent unless told)
 * signs in. `env` goes to the server (SMTP port, inbound domains...).
 */
export async function startBackofficeWorld(
  browser: Browser,
  options: { customerEmail: string; staff?: { email: string; password: string }; env?: Record<string, string> },
): Promise<BackofficeWorld> {
  const server = await startServer(options.env);
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  const newPage = async (context: BrowserContext) => {
    const page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));
    return page;
  };
  const close = async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await server.stop();
  };
  try {
    const customer = await newContext(browser, server.baseUrl);
    contexts.push(customer);
    const staff = await newContext(browser, server.baseUrl);
    contexts.push(staff);
    const shop = await customer.newPage();
    await shop.goto('/?store=1');
    await shop.waitForLoadState('networkidle');
    await registerCustomer(customer, options.customerEmail);
    const member = options.staff ?? AGENT;
    await apiLogin(staff, member.email, member.password);
    const { orderId, itemId } = await paidOrder(customer, staff);
    const page = await newPage(staff);
    return { server, customer, staff, page, orderId, itemId, pageErrors, newPage, close };
  } catch (error) {
    await close();
    throw error;
  }
}
