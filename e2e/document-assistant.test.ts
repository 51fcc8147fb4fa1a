// The document assistant in the browser (docs/integrations.md, "Document assistant"): an agent opens an order, asks
// for a draft and sees it stream into the markdown editor from a local OpenAI-compatible server (the fake one of the
// API tests, started here; the product is pointed at it with ASSISTANT_API_URL), edits it and turns it into a PDF
// attached to the order. Then a cancelled draft (the model's request is aborted), a refusal with the spec's text, and
// the assistant turned off for the order. axe on the panel.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { startFakeChatServer, type FakeChatServer } from '../apps/server/test/support/fake-chat-server.js';
import { apiCall } from './support/api.js';
import { expectNoAxeViolations } from './support/axe.js';
import { startBackofficeWorld, type BackofficeWorld } from './support/backoffice-world.js';

let fake: FakeChatServer;
let world: BackofficeWorld;
let staff: BrowserContext;
let page: Page;
let itemId: number;

test.describe.serial('an agent drafts a document with the assistant and attaches it as a PDF', () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(300_000);
    fake = await startFakeChatServer();
    world = await startBackofficeWorld(browser, {
      customerEmail: 'asistente@example.com',
      env: { ASSISTANT_API_URL: fake.url, ASSISTANT_MODEL: 'fake-llama', ASSISTANT_TIMEOUT_MS: '5000' },
    });
    ({ staff, page, itemId } = world);
  });

  test.afterAll(async () => {
    await world?.close();
    await fake?.close();
    expect(world?.pageErrors ?? []).toEqual([]);
  });

  test('the draft streams into the editor while the model writes', async () => {
    await page.goto(`/agentes/pedido/${itemId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Pedido ${itemId}` })).toBeVisible();
    const panel = page.locator('#asistente');
    await expect(panel.getByRole('heading', { level: 2, name: 'Asistente de documentos' })).toBeVisible();
    await expectNoAxeViolations(page, 'assistant panel');
    await panel.getByLabel('Instrucción').fill('Solicitud de nota simple de la finca 4711');
    await panel.getByRole('button', { name: 'Generar', exact: true }).click();
    const live = panel.locator('#assistant-live');
    const draft = panel.getByLabel('Borrador (markdown)');
    // Mid-stream: part of the text is there, the model is still writing (cancel offered, status says so).
    await expect(draft).toHaveValue(/^# Escrito de solicitud/);
    await expect(live).toHaveText('Generando el borrador…');
    await expect(panel.getByRole('button', { name: 'Cancelar' })).toBeVisible();
    await expect(draft).not.toHaveValue(/Firmado: el agente/);
    // The end.
    await expect(live).toHaveText('Borrador generado. Revísalo y edítalo antes de usarlo.');
    await expect(draft).toHaveValue(/Solicitud de nota simple de la finca 4711[\s\S]*Firmado: el agente$/);
    const seen = fake.requests.at(-1)!;
    expect(seen.body.model).toBe('fake-llama');
    expect(seen.body.stream).toBe(true);
    await expectNoAxeViolations(page, 'assistant panel with a draft');
  });

  test('the agent edits the draft and turns it into a PDF attached to the order', async () => {
    const panel = page.locator('#asistente');
    const draft = panel.getByLabel('Borrador (markdown)');
    await expect(draft).toHaveValue(/Firmado: el agente$/);
    await draft.fill(`${await draft.inputValue()}\n\n## Revisión\n\nRevisado por el agente: conformidade ação.`);
    await panel.getByRole('button', { name: 'Generar PDF' }).click();
    await expect(panel.getByText(/^PDF adjuntado al pedido: documento-\d+-\d{4}-\d{2}-\d{2}\.pdf$/)).toBeVisible();
    const files = page.locator('#archivos');
    const link = files.getByRole('link', { name: /^documento-\d+-.*\.pdf$/ });
    await expect(link).toBeVisible();
    const href = await link.getAttribute('href');
    const pdf = await staff.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expect(page.locator('#historial')).toContainText('Archivo subido');
  });

  test('cancel stops the draft and aborts the request to the model', async () => {
    const panel = page.locator('#asistente');
    const before = fake.requests.length;
    await panel.getByLabel('Instrucción').fill('Espera [[hang]]');
    await panel.getByRole('button', { name: 'Generar', exact: true }).click();
    await expect.poll(() => fake.requests.length).toBe(before + 1);
    await panel.getByRole('button', { name: 'Cancelar' }).click();
    await expect(panel.locator('#assistant-live')).toHaveText('Generación cancelada.');
    const seen = fake.requests[before]!;
    await seen.finished;
    expect(seen.clientClosed).toBe(true);
  });

  test("the model's refusal shows the spec's text", async () => {
    const panel = page.locator('#asistente');
    await panel.getByLabel('Instrucción').fill('Falla [[status:503]]');
    await panel.getByRole('button', { name: 'Generar', exact: true }).click();
    await expect(panel.getByRole('alert')).toContainText(
      'Servicio no disponible. El servidor está temporalmente fuera de servicio.',
    );
    await expectNoAxeViolations(page, 'assistant panel with an error');
  });

  test('turned off for this order: said plainly, Generar disabled, the API refuses', async () => {
    const panel = page.locator('#asistente');
    await panel.getByRole('button', { name: 'Desactivar el asistente en este pedido' }).click();
    await expect(panel.getByText('El asistente está desactivado para este pedido.')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Generar', exact: true })).toBeDisabled();
    const refused = await apiCall(staff, 'POST', `/api/backoffice/items/${itemId}/assistant/agent`, { query: 'x' });
    expect(refused.status).toBe(409);
    await expectNoAxeViolations(page, 'assistant panel turned off');
    await panel.getByRole('button', { name: 'Activar el asistente en este pedido' }).click();
    await expect(panel.getByRole('button', { name: 'Generar', exact: true })).toBeEnabled();
  });
});

test.describe.serial('without a model the screen says so plainly', () => {
  let bare: BackofficeWorld;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(300_000);
    bare = await startBackofficeWorld(browser, { customerEmail: 'sin-modelo@example.com' });
  });

  test.afterAll(async () => {
    await bare?.close();
    expect(bare?.pageErrors ?? []).toEqual([]);
  });

  test('no drafting, a plain notice; the draft can still be written by hand and made a PDF', async () => {
    const tab = bare.page;
    await tab.goto(`/agentes/pedido/${bare.itemId}`);
    const panel = tab.locator('#asistente');
    await expect(panel.getByText(/no hay ningún modelo configurado/)).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Generar', exact: true })).toBeDisabled();
    await expect(panel.getByRole('button', { name: 'Desactivar el asistente en este pedido' })).toHaveCount(0);
    await panel.getByLabel('Borrador (markdown)').fill('# Escrito\n\nRedactado a mano.');
    await panel.getByRole('button', { name: 'Generar PDF' }).click();
    await expect(panel.getByText(/^PDF adjuntado al pedido: /)).toBeVisible();
    await expectNoAxeViolations(tab, 'assistant panel without a model');
  });
});
