// The tickets journey in the browser (docs/backoffice.md, "Tickets"): an e-mail sent to the local SMTP receiver
// becomes a ticket; an agent finds it in the Tickets tab, opens its tab and replies with a canned response; the
// customer's answer (an e-mail with In-Reply-To, sent by the test) threads back into the same ticket and reopens it.
// axe on each screen.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { apiLogin } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { newContext } from './support/browser.js';
import { freePort, startServer, type RunningServer } from './support/server.js';

const AGENT = { email: 'agente@ventanilla.test', password: 'agente-demo-2026' };
const CUSTOMER = 'marta.cliente@example.com';
const SUBJECT = 'Consulta sobre mi nota simple';

let server: RunningServer;
let browser: Browser;
let agent: BrowserContext;
let page: Page;
let smtpPort: number;
let ticketId: number;
const pageErrors: string[] = [];

function mail(message: SendMailOptions) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
  return transport.sendMail({ from: `Marta Cliente <${CUSTOMER}>`, to: 'ayuda@ventanilla.test', ...message });
}

interface TicketDetail {
  status: number;
  messages: Array<{ direction: 'in' | 'out'; message_id: string | null; text: string }>;
}

test.describe.serial('tickets', () => {
  test.beforeAll(async ({ browser: launched }) => {
    test.setTimeout(300_000);
    browser = launched;
    smtpPort = await freePort();
    server = await startServer({ SMTP_INBOUND_PORT: String(smtpPort), INBOUND_MAIL_DOMAINS: 'ventanilla.test' });
    agent = await newContext(browser, server.baseUrl);
    await apiLogin(agent, AGENT.email, AGENT.password);
    page = await agent.newPage();
    page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));
  });

  test.afterAll(async () => {
    await agent?.close().catch(() => undefined);
    await server?.stop();
    expect(pageErrors).toEqual([]);
  });

  test('an e-mail to the shop becomes a ticket in the Tickets tab', async () => {
    await mail({ subject: SUBJECT, text: 'Hola, no he recibido la nota simple del pedido. ¿Podéis revisarlo?' });
    await page.goto(`/agentes/tickets?email=${encodeURIComponent(CUSTOMER)}`);
    await expect(page.getByRole('heading', { level: 1, name: `Tickets de ${CUSTOMER}` })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(SUBJECT) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Abierto');
    await expectNoAxeViolations(page, 'tickets list');
    const link = row.getByRole('link', { name: /^Ticket \d+$/ });
    ticketId = Number((await link.textContent())!.replace(/\D/g, ''));
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: `Ticket ${ticketId}` })).toBeVisible();
    // Its own tab in the strip, like an order's.
    await expect(page.getByRole('tab', { name: new RegExp(`Ticket ${ticketId}`) })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Conversación' })).toContainText('no he recibido la nota simple');
  });

  test('the agent replies with a canned response', async () => {
    const picker = page.getByRole('combobox', { name: /Insertar respuesta predefinida/ });
    await picker.fill('saludo');
    await expect(page.getByRole('option', { name: /Saludo y plazo/ })).toBeVisible();
    await picker.press('ArrowDown');
    await picker.press('Enter');
    const body = page.getByRole('textbox', { name: 'Respuesta', exact: true });
    await expect(body).toHaveValue(/Gracias por escribirnos/);
    await expect(page.getByText('Respuesta «Saludo y plazo» insertada.')).toBeVisible();
    await expectNoAxeViolations(page, 'ticket with a reply ready');
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(page.getByText('Respuesta enviada al cliente')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Conversación' })).toContainText('Gracias por escribirnos');
    await expect(page.locator('.summary-list, dl').first()).toContainText('Pendiente');
  });

  test("the customer's answer threads back and reopens the ticket", async () => {
    const detail = (await (await agent.request.get(`/api/backoffice/tickets/${ticketId}`)).json()) as TicketDetail;
    const ours = detail.messages.filter((m) => m.direction === 'out').at(-1);
    expect(ours?.message_id).toBeTruthy();
    await mail({
      subject: `Re: ${SUBJECT}`,
      inReplyTo: ours!.message_id!,
      references: [ours!.message_id!],
      text: 'Gracias, quedo a la espera.',
    });
    await expect(async () => {
      const after = (await (await agent.request.get(`/api/backoffice/tickets/${ticketId}`)).json()) as TicketDetail;
      expect(after.messages.map((m) => m.direction)).toEqual(['in', 'out', 'in']);
      expect(after.status).toBe(2);
    }).toPass();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await expect(page.getByRole('region', { name: 'Conversación' })).toContainText('Gracias, quedo a la espera.');
    await expect(page.locator('.summary-list, dl').first()).toContainText('Abierto');

    // At 1440x900 the ticket is one screen: the newest message, the reply box with its canned-response picker and
    // "Send", and "Close ticket" are all in the window, with neither the page nor the conversation scrolled.
    const newest = page.getByRole('region', { name: 'Conversación' }).getByRole('article').last();
    for (const [what, target] of [
      ['newest message', newest.getByText('Gracias, quedo a la espera.')],
      ['canned-response picker', page.getByRole('combobox', { name: /Insertar respuesta predefinida/ })],
      ['reply box', page.getByRole('textbox', { name: 'Respuesta', exact: true })],
      ['send', page.getByRole('button', { name: 'Enviar', exact: true })],
      ['close', page.getByRole('button', { name: 'Cerrar ticket' })],
    ] as const) {
      await expect(target, what).toBeInViewport({ ratio: 1 });
    }
    const scrolled = await page.evaluate(() => [
      window.scrollY,
      document.querySelector('.ticket-page__thread')!.scrollTop,
    ]);
    expect(scrolled, 'page and conversation not scrolled').toEqual([0, 0]);
    await expectNoAxeViolations(page, 'ticket at 1440x900');
    // Still one ticket for this customer.
    await page.goto(`/agentes/tickets?email=${encodeURIComponent(CUSTOMER)}`);
    await expect(page.getByText('Tickets encontrados: 1')).toBeVisible();
    await expectNoAxeViolations(page, 'tickets list after the answer');
  });
});
