// Tickets in the agents' workspace, beyond the mail journey of tickets.test.ts (docs/backoffice.md, "Tickets on
// screen"): the agent writes first (new-ticket), keeps notes (save, pinned, pin, unpin, delete), delegates, postpones
// (6 Programado until a date) and converts the request into an order draft (8 Lead convertido); another agent meets
// the ticket's own lock messages and forces the lock (unlock_lock); the tab of one customer e-mail lists exactly that address's tickets (from the
// ticket and from the customer's page) and survives a reload; the "Tickets" queue of the auto-assign tab opens the
// next ticket's tab with its lock, and keeps it while the agent looks elsewhere for less than the background grace
// time (backoffice-background-lock.test.ts: after it, the lock is given back). axe on each screen.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { apiLogin, csrfToken, type HasRequest } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { ADMIN, startBackofficeWorld, type BackofficeWorld } from './support/backoffice-world.js';
import { newContext } from './support/browser.js';
import { waitForPath } from './support/page-checks.js';

const CUSTOMER = 'lucia.tickets@example.com';
/** Contains CUSTOMER: the e-mail filter (a part) finds both, the e-mail's own tab only CUSTOMER. */
const OTHER = `otra.${CUSTOMER}`;
const SUBJECT = 'Su nota simple está en camino';
const NOTA_SIMPLE_PRODUCT_ID = '15867';

let world: BackofficeWorld;
let page: Page;
let admin: BrowserContext;
let ticketId: number;
let otherTicket: number;

interface TicketDetail {
  status: number;
  due_at: string | null;
  asignee_name: string | null;
  notes: Array<{ text: string; fixed: boolean }>;
  history: Array<{ accion: string }>;
}

async function ticket(on: HasRequest, id = ticketId): Promise<TicketDetail> {
  const res = await on.request.get(`/api/backoffice/tickets/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as TicketDetail;
}

/** new-ticket through the API (multipart), as another staff member would. */
async function newTicketByApi(on: HasRequest, email: string, subject: string): Promise<number> {
  const res = await on.request.post('/api/backoffice/tickets', {
    headers: { 'x-csrf-token': await csrfToken(on) },
    multipart: { email, subject, body: 'Le escribimos por su solicitud.' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { ticket_id: number }).ticket_id;
}

const summary = () => page.locator('dl').first();

test.describe.serial('tickets in the workspace', () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(300_000);
    world = await startBackofficeWorld(browser, { customerEmail: CUSTOMER });
    page = world.page;
    admin = await newContext(browser, world.server.baseUrl);
    await apiLogin(admin, ADMIN.email, ADMIN.password);
  });

  test.afterAll(async () => {
    await admin?.close().catch(() => undefined);
    await world?.close();
    expect(world?.pageErrors ?? []).toEqual([]);
  });

  test('new-ticket: the agent writes first and lands on the ticket, locked to them', async () => {
    await page.goto('/agentes/new-ticket');
    await expect(page.getByRole('heading', { level: 1, name: 'Nuevo ticket' })).toBeVisible();
    // Nothing filled: said, not sent.
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectNoAxeViolations(page, 'new ticket with an error');
    await page.getByLabel('Correo del cliente').fill(CUSTOMER);
    await page.getByLabel('Asunto').fill(SUBJECT);
    await page.getByLabel('Mensaje', { exact: true }).fill('Hola {{nombre}}, le escribimos sobre su nota simple.');
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await waitForPath(page, /^\/agentes\/ticket\/\d+$/);
    ticketId = Number(new URL(page.url()).pathname.split('/').at(-1));
    await expect(page.getByRole('heading', { level: 1, name: `Ticket ${ticketId}` })).toBeVisible();
    await expect(page.getByRole('tab', { name: new RegExp(`Ticket ${ticketId}`) })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Conversación' })).toContainText(
      'le escribimos sobre su nota simple',
    );
    await expect(summary()).toContainText('Pendiente');
    await expect(page.getByText('Tienes este ticket bloqueado mientras lo estás viendo.')).toBeVisible();
    await expectNoAxeViolations(page, 'ticket written by the agent');
  });

  test('notes: save, save pinned, pin, unpin, delete', async () => {
    const notes = page.getByRole('region', { name: 'Notas' });
    await notes.getByLabel('Nueva nota').fill('Llamar el lunes');
    await notes.getByRole('button', { name: 'Guardar nota' }).click();
    await expect(notes.getByRole('listitem').filter({ hasText: 'Llamar el lunes' })).toBeVisible();
    await notes.getByLabel('Nueva nota').fill('Cliente preferente');
    await notes.getByLabel('Fijar la nota arriba').check();
    await notes.getByRole('button', { name: 'Guardar nota' }).click();
    // Pinned first.
    await expect(notes.getByRole('listitem').first()).toContainText('Fijada: Cliente preferente');
    await expect(notes.getByLabel('Fijar la nota arriba')).not.toBeChecked();
    await notes.getByRole('button', { name: 'Fijar (Llamar el lunes)' }).click();
    await expect(notes.getByRole('button', { name: 'Desfijar (Llamar el lunes)' })).toBeVisible();
    await notes.getByRole('button', { name: 'Desfijar (Llamar el lunes)' }).click();
    await expect(notes.getByRole('button', { name: 'Fijar (Llamar el lunes)' })).toBeVisible();
    await expectNoAxeViolations(page, 'ticket notes');
    await notes.getByRole('button', { name: 'Eliminar nota (Llamar el lunes)' }).click();
    await expect(notes.getByRole('listitem').filter({ hasText: 'Llamar el lunes' })).toHaveCount(0);
    const detail = await ticket(world.staff);
    expect(detail.notes.map((n) => [n.text, n.fixed])).toEqual([['Cliente preferente', true]]);
    expect(detail.history.map((h) => h.accion)).toEqual(
      expect.arrayContaining(['save_note', 'save_note_fixed', 'fix_note', 'unfix_note', 'del_note']),
    );
  });

  test('delegate to another agent', async () => {
    await page.getByLabel('Delegar a').selectOption({ label: 'Ana Administradora' });
    await page.getByRole('button', { name: 'Delegar', exact: true }).click();
    await expect(page.getByText('Ticket delegado')).toBeVisible();
    await expect(summary()).toContainText('Ana Administradora');
    expect((await ticket(world.staff)).asignee_name).toBe('Ana Administradora');
  });

  test("another agent meets the ticket's lock, in words about the ticket", async () => {
    const other = await world.newPage(admin);
    await other.goto(`/agentes/ticket/${ticketId}`);
    await expect(
      other.getByText('Andrés Agente está trabajando en este ticket: no puedes cambiarlo ahora.'),
    ).toBeVisible();
    // What the lock would refuse is disabled, with who holds it said beside it.
    const notes = other.getByRole('region', { name: 'Notas' });
    await expect(other.locator('#ticket-lock-reason')).toHaveText('Bloqueado por Andrés Agente');
    await expect(notes.getByLabel('Nueva nota')).toBeDisabled();
    await expect(notes.getByRole('button', { name: 'Guardar nota' })).toBeDisabled();
    await expect(other.getByLabel('Respuesta', { exact: true })).toBeDisabled();
    await other.locator('body').press('n');
    await expect(other.locator('#ws-announcer')).toHaveText('No disponible: Bloqueado por Andrés Agente');
    await expectNoAxeViolations(other, 'ticket locked by another agent');
    expect((await ticket(world.staff)).notes.map((n) => n.text)).not.toContain('Intento del admin');
    // unlock_lock: the admin forces it, holds it, and it is in the history.
    await other.getByRole('button', { name: 'Forzar desbloqueo' }).click();
    await expect(other.getByText('Has forzado el desbloqueo: ahora el ticket está bloqueado por ti.')).toBeVisible();
    await expect(other.getByText('Tienes este ticket bloqueado mientras lo estás viendo.')).toBeVisible();
    expect((await ticket(admin)).history.map((h) => h.accion)).toContain('unlock_lock');
    // Closing the admin's tab gives it back; the agent's tab takes it again.
    await other.keyboard.press('Alt+Shift+KeyW');
    await expect(other.getByRole('tab', { name: new RegExp(`Ticket ${ticketId}`) })).toHaveCount(0);
    await other.close();
    await page.reload();
    await expect(page.getByText('Tienes este ticket bloqueado mientras lo estás viendo.')).toBeVisible();
  });

  test('postpone: 6 Programado until a date', async () => {
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
    await page.getByLabel('Posponer hasta').fill(`${day}T10:30`);
    await page.getByRole('button', { name: 'Posponer', exact: true }).click();
    await expect(page.getByText('Ticket programado')).toBeVisible();
    await expect(summary()).toContainText('Programado');
    await expect(summary()).toContainText('10:30');
    const detail = await ticket(world.staff);
    expect(detail.status).toBe(6);
    expect(new Date(detail.due_at!).getTime()).toBeGreaterThan(Date.now());
  });

  test('convert into a lead: 8 Lead convertido and an order draft in the customer account', async () => {
    const drafts = async () =>
      ((await (await world.customer.request.get('/api/me/drafts')).json()) as { items: Array<{ url_key: string }> })
        .items;
    const before = (await drafts()).length;
    await page.getByLabel('Producto del borrador (id)').fill(NOTA_SIMPLE_PRODUCT_ID);
    await page.getByRole('button', { name: 'Convertir en pedido (lead)' }).click();
    await expect(page.getByText('Lead convertido: borrador de pedido creado')).toBeVisible();
    await expect(summary()).toContainText('Lead convertido');
    expect((await ticket(world.staff)).status).toBe(8);
    const after = await drafts();
    expect(after).toHaveLength(before + 1);
    expect(after.map((d) => d.url_key)).toContain('nota-simple');
    // Converted once: a second time is refused, in words about the ticket.
    await page.getByRole('button', { name: 'Convertir en pedido (lead)' }).click();
    await expect(page.getByText('Esta acción no es posible en el estado actual del ticket.')).toBeVisible();
    await expectNoAxeViolations(page, 'ticket converted');
  });

  test("the customer e-mail's own tab lists exactly that address and survives a reload", async () => {
    otherTicket = await newTicketByApi(admin, OTHER, 'Otra persona');
    await summary()
      .getByRole('link', { name: new RegExp(CUSTOMER) })
      .click();
    // The last dot is written %2E (a path ending in ".com" would be a missing file to the server).
    await waitForPath(page, /^\/agentes\/tickets-email-lucia\.tickets@example%2Ecom$/);
    const heading = page.getByRole('heading', { level: 1, name: `Tickets de ${CUSTOMER}` });
    await expect(heading).toBeVisible();
    const tab = page.getByRole('tab', { name: `Tickets de ${CUSTOMER}` });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Tickets encontrados: 1')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(SUBJECT) })).toContainText('Lead convertido');
    await expect(page.getByRole('row', { name: /Otra persona/ })).toHaveCount(0);
    await expectNoAxeViolations(page, "an e-mail's tickets tab");
    // The status filter works inside the tab.
    await page.getByLabel('Estado').selectOption({ label: 'Abierto' });
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page.getByText('Tickets encontrados: 0')).toBeVisible();
    await page.reload();
    await expect(heading).toBeVisible();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Tickets encontrados: 0')).toBeVisible();
    // The tickets tab's e-mail filter is a part of an address: both.
    await page.goto(`/agentes/tickets?email=${encodeURIComponent(CUSTOMER)}`);
    await expect(page.getByText('Tickets encontrados: 2')).toBeVisible();
    // The workspace kept the e-mail's tab (another device would see it too).
    const workspace = (await (await world.staff.request.get('/api/backoffice/workspace')).json()) as {
      tabs: Array<{ key: string }>;
    };
    expect(workspace.tabs.map((t) => t.key)).toContain(`tickets:email:${CUSTOMER}`);
  });

  test("the customer's page: statuses in the UI language, and the same e-mail tab", async () => {
    const found = (await (
      await world.staff.request.get(`/api/backoffice/customers?search=${encodeURIComponent(CUSTOMER)}`)
    ).json()) as { items: Array<{ customer_id: number; email: string }> };
    const customerId = found.items.find((c) => c.email === CUSTOMER)!.customer_id;
    // English (store 17): the ticket's status is translated, not the Spanish text.
    await page.goto(`/agentes/client?id=${customerId}&store=17`);
    const ticketRow = page.getByRole('row', { name: new RegExp(SUBJECT) });
    await expect(ticketRow).toContainText('Lead converted');
    await expect(ticketRow).not.toContainText('Lead convertido');
    // Back to Spanish.
    await page.goto(`/agentes/client?id=${customerId}&store=1`);
    await expect(ticketRow).toContainText('Lead convertido');
    await expectNoAxeViolations(page, "customer's page with tickets");
    await page.getByRole('link', { name: `Tickets de ${CUSTOMER}` }).click();
    await waitForPath(page, /^\/agentes\/tickets-email-/);
    await expect(page.getByRole('heading', { level: 1, name: `Tickets de ${CUSTOMER}` })).toBeVisible();
    // Reused, not opened twice.
    await expect(page.getByRole('tab', { name: `Tickets de ${CUSTOMER}` })).toHaveCount(1);
  });

  test('the Tickets queue in the auto-assign tab opens the next ticket with its lock, and keeps it', async () => {
    const waiting = await newTicketByApi(admin, 'cola.tickets@example.com', 'Para la cola');
    await page.goto('/agentes/-1');
    // The orders queue gave the paid order; the tickets queue sits beside it.
    const bar = page.getByRole('region', { name: 'Autoasignar' });
    await expect(bar.getByRole('button', { name: 'Siguiente ticket' })).toBeVisible();
    // The page is whole once the order the queue gave has its heading (it loads after the bar).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, 'auto-assign with the tickets queue');
    // Each pull opens the oldest waiting ticket nobody holds, in its tab, locked to the agent; going back to the
    // auto-assign tab keeps it locked, so the next pull gives another one, until none waits.
    const pulled: number[] = [];
    for (let i = 0; i < 8; i++) {
      if (i > 0) await page.getByRole('tab', { name: 'Autoasignar' }).click();
      await bar.getByRole('button', { name: 'Siguiente ticket' }).click();
      const outcome = await Promise.race([
        waitForPath(page, /^\/agentes\/ticket\/\d+$/).then(() => 'ticket' as const),
        page
          .getByText('No hay ningún ticket esperando.')
          .waitFor()
          .then(() => 'empty' as const),
      ]);
      if (outcome === 'empty') break;
      const id = Number(new URL(page.url()).pathname.split('/').at(-1));
      await expect(page.getByRole('heading', { level: 1, name: `Ticket ${id}` })).toBeVisible();
      await expect(page.getByText('Tienes este ticket bloqueado mientras lo estás viendo.')).toBeVisible();
      pulled.push(id);
    }
    await expect(page.getByText('No hay ningún ticket esperando.')).toBeVisible();
    expect(new Set(pulled).size).toBe(pulled.length);
    expect(pulled).toContain(waiting);
    expect(pulled).toContain(otherTicket);
    // The converted ticket (8) is not active: never given.
    expect(pulled).not.toContain(ticketId);
    const rows = (await (await world.staff.request.get('/api/backoffice/tickets?status=2,3,6&size=100')).json()) as {
      items: Array<{ id: number; lock: { locked_by_name: string } | null }>;
    };
    for (const id of pulled) {
      expect(rows.items.find((r) => r.id === id)?.lock?.locked_by_name).toBe('Andrés Agente');
    }
    const first = waiting;
    // Closing a ticket's tab gives its lock back.
    await page.getByRole('tab', { name: `Ticket ${first}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Ticket ${first}` })).toBeVisible();
    await page.keyboard.press('Alt+Shift+KeyW');
    await expect(page.getByRole('tab', { name: `Ticket ${first}` })).toHaveCount(0);
    await expect(async () => {
      const after = (await (await world.staff.request.get('/api/backoffice/tickets?status=2,3,6')).json()) as {
        items: Array<{ id: number; lock: unknown }>;
      };
      expect(after.items.find((r) => r.id === first)?.lock).toBeNull();
    }).toPass();
  });
});
