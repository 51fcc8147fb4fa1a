import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { SseReader, type SseEvent } from '@ventanilla/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemAssistant, itemFiles, itemHistory, orderItems, users } from '../../src/db/schema.js';
import { pdfText } from '../../src/modules/saved-items/pdf-text.js';
import { startFakeChatServer, type ChatScenario, type FakeChatServer } from '../support/fake-chat-server.js';
import { insertOrderWithItem } from '../support/order-fixtures.js';
import { ADMIN, AGENT, createTestApp, NOTARY, signedIn, type TestApp, TestClient } from '../support/test-app.js';

// The document assistant (docs/integrations.md, "Document assistant"): drafts streamed as server-sent events from a
// local OpenAI-compatible test server, the spec's error texts, cancellation, the per-item switch, locks, roles, and
// markdown turned into a PDF (downloaded or attached to the item), checked by reading the PDF's text back.

let t: TestApp;
let fake: FakeChatServer;
let agent: TestClient;
let admin: TestClient;
let notary: TestClient;
let customer: TestClient;
let customerId: number;
let nextOrderId = 141_000_000;

const signIn = (account: readonly [string, string]) => signedIn(t.app, account);

async function insertItem(status = 40) {
  const { itemId } = await insertOrderWithItem(t.app.ctx.db, {
    orderId: nextOrderId++,
    customerId,
    email: 'assistant-customer@example.com',
    item: {
      panelStatusId: status as never,
      productOptions: [
        { option_id: 1, label: 'Municipio', value: 'A Coruña', print_value: 'A Coruña', option_type: 'text' },
      ],
    },
  });
  return itemId;
}

function events(payload: string): SseEvent[] {
  return new SseReader().feed(payload);
}

function draftText(list: SseEvent[]): string {
  return list
    .filter((e) => e.event === 'data')
    .map((e) => (JSON.parse(e.data) as { content: string }).content)
    .join('');
}

async function version(itemId: number) {
  const [row] = await t.app.ctx.db.select().from(orderItems).where(eq(orderItems.itemId, itemId));
  return row!.updatedAt.toISOString();
}

beforeAll(async () => {
  fake = await startFakeChatServer();
  t = await createTestApp({
    env: {
      ASSISTANT_API_URL: fake.url,
      ASSISTANT_API_KEY: 'sk-local',
      ASSISTANT_MODEL: 'llama-test',
      ASSISTANT_TIMEOUT_MS: '400',
      ASSISTANT_MAX_CONCURRENT: '2',
    },
  });
  customer = new TestClient(t.app);
  await customer.start(1);
  expect((await customer.register('assistant-customer@example.com')).statusCode).toBe(201);
  agent = await signIn(AGENT);
  admin = await signIn(ADMIN);
  notary = await signIn(NOTARY);
  const [c] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'assistant-customer@example.com'));
  customerId = c!.id;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('streamed drafts (generateTogaDocument, togaBotAgent, generaPildoraIA)', () => {
  it('streams start, data pieces and end; the model gets the item, the instruction and the key', async () => {
    fake.scenario = { type: 'stream', chunks: ['# Solicitud\n\n', 'Señora ', 'Núñez'], split: true };
    const itemId = await insertItem();
    const res = await agent.post(`/api/backoffice/items/${itemId}/assistant/document`, {
      query: 'Redacta una solicitud de certificado',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = events(res.payload);
    expect(list[0]).toEqual({ event: 'start', data: JSON.stringify({ kind: 'document', model: 'llama-test' }) });
    expect(draftText(list)).toBe('# Solicitud\n\nSeñora Núñez');
    expect(list.at(-1)).toEqual({ event: 'end', data: JSON.stringify({ message: 'ok' }) });
    const seen = fake.requests.at(-1)!;
    expect(seen.authorization).toBe('Bearer sk-local');
    expect(seen.body.model).toBe('llama-test');
    const prompt = seen.body.messages!.map((m) => m.content).join('\n');
    expect(prompt).toContain('Redacta una solicitud de certificado');
    expect(prompt).toContain('Nota simple');
    expect(prompt).toContain('Municipio: A Coruña');
    // The customer's contact data stays out of the prompt.
    expect(prompt).not.toContain('assistant-customer@example.com');
  });

  it("a document of the item (fileId) goes to the model as text; another item's file is 404", async () => {
    fake.scenario = { type: 'stream', chunks: ['ok'] };
    const itemId = await insertItem();
    const made = await agent.post(`/api/backoffice/items/${itemId}/assistant/pdf`, {
      content: '# Escritura\n\nFinca registral número 4711 de Betanzos',
      version: await version(itemId),
    });
    expect(made.statusCode).toBe(201);
    const fileId = made.json<{ file: { id: number } }>().file.id;
    const res = await agent.post(`/api/backoffice/items/${itemId}/assistant/document`, { query: 'Resume', fileId });
    expect(res.statusCode).toBe(200);
    expect(fake.requests.at(-1)!.body.messages!.at(-1)!.content).toContain('Finca registral número 4711');
    const other = await insertItem();
    const refused = await agent.post(`/api/backoffice/items/${other}/assistant/document`, { query: 'Resume', fileId });
    expect(refused.statusCode).toBe(404);
  });

  it('togaBotAgent and generaPildoraIA stream too; an empty question is 400, a huge one 400', async () => {
    fake.scenario = { type: 'stream', chunks: ['- punto'] };
    const itemId = await insertItem();
    const asked = await agent.post(`/api/backoffice/items/${itemId}/assistant/agent`, { query: '¿Qué falta?' });
    expect(draftText(events(asked.payload))).toBe('- punto');
    const pill = await agent.post(`/api/backoffice/items/${itemId}/assistant/pildora`, {});
    expect(events(pill.payload)[0]!.data).toContain('"pildora"');
    expect((await agent.post(`/api/backoffice/items/${itemId}/assistant/agent`, { query: '   ' })).statusCode).toBe(
      400,
    );
    const huge = await agent.post(`/api/backoffice/items/${itemId}/assistant/agent`, { query: 'x'.repeat(4001) });
    expect(huge.statusCode).toBe(400);
  });

  it.each([
    [400, 'Solicitud incorrecta. Por favor, verifica los datos enviados.'],
    [401, 'No autorizado. Por favor, inicia sesión nuevamente.'],
    [403, 'Acceso denegado. No tienes permisos para realizar esta acción.'],
    [404, 'Recurso no encontrado. El endpoint solicitado no existe.'],
    [500, 'Error interno del servidor. Por favor, inténtalo de nuevo más tarde.'],
    [503, 'Servicio no disponible. El servidor está temporalmente fuera de servicio.'],
    [502, 'Error en la solicitud HTTP: 502'],
  ])('the model answers HTTP %s -> error event with the spec text', async (status, text) => {
    fake.scenario = { type: 'status', status };
    const itemId = await insertItem();
    const res = await agent.post(`/api/backoffice/items/${itemId}/assistant/agent`, { query: 'hola' });
    const last = events(res.payload).at(-1)!;
    expect(last.event).toBe('error');
    expect(JSON.parse(last.data)).toEqual({ error: text, kind: 'http', status });
  });

  it('timeout, cut-off and garbage streams end with their error event', async () => {
    const itemId = await insertItem();
    const cases: Array<[ChatScenario, string]> = [
      [{ type: 'hang' }, 'La solicitud ha excedido el tiempo de espera. Por favor, inténtalo de nuevo más tarde.'],
      [{ type: 'cutoff', chunks: ['Hola'] }, 'Error generando el documento'],
      [{ type: 'garbage' }, 'Error generando el documento'],
    ];
    for (const [scenario, text] of cases) {
      fake.scenario = scenario;
      const res = await agent.post(`/api/backoffice/items/${itemId}/assistant/agent`, { query: 'hola' });
      const last = events(res.payload).at(-1)!;
      expect([scenario.type, last.event, (JSON.parse(last.data) as { error: string }).error]).toEqual([
        scenario.type,
        'error',
        text,
      ]);
    }
  });

  it('at most ASSISTANT_MAX_CONCURRENT drafts at once: the next is 429 ASSISTANT_BUSY; slots free when drafts end', async () => {
    fake.scenario = { type: 'hang' };
    const itemId = await insertItem();
    const before = fake.requests.length;
    const url = `/api/backoffice/items/${itemId}/assistant/agent`;
    const running = [1, 2].map(() => agent.post(url, { query: 'x' }));
    await expect.poll(() => fake.requests.length).toBe(before + 2);
    const busy = await agent.post(url, { query: 'x' });
    expect(busy.statusCode).toBe(429);
    expect(busy.json()).toMatchObject({ code: 'ASSISTANT_BUSY' });
    expect(fake.requests.length).toBe(before + 2);
    // Both time out (ASSISTANT_TIMEOUT_MS) and give their slots back.
    for (const res of await Promise.all(running)) expect(events(res.payload).at(-1)!.event).toBe('error');
    fake.scenario = { type: 'stream', chunks: ['ok'] };
    for (let i = 0; i < 3; i++) expect((await agent.post(url, { query: 'x' })).statusCode).toBe(200);
  });

  it('the agent closing the connection aborts the model request (real HTTP)', async () => {
    fake.scenario = { type: 'stream', chunks: Array.from({ length: 200 }, () => 'palabra '), delayMs: 20 };
    const itemId = await insertItem();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const cookie = (agent as unknown as { cookie: string }).cookie;
    const controller = new AbortController();
    const before = fake.requests.length;
    const res = await fetch(`http://127.0.0.1:${port}/api/backoffice/items/${itemId}/assistant/agent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': agent.csrf! },
      body: JSON.stringify({ query: 'largo' }),
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let received = '';
    while (!received.includes('event: data')) received += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    await reader.cancel().catch(() => undefined);
    const seen = fake.requests[before]!;
    await seen.finished;
    expect(seen.clientClosed).toBe(true);
  });
});

describe('who may draft, and when', () => {
  it('anonymous 401, customer 403, on every assistant route', async () => {
    const itemId = await insertItem();
    const anonymous = new TestClient(t.app);
    await anonymous.start(1);
    const calls: Array<[string, string, unknown]> = [
      ['GET', `/api/backoffice/items/${itemId}/assistant`, undefined],
      ['PUT', `/api/backoffice/items/${itemId}/assistant`, { disabled: true }],
      ['POST', `/api/backoffice/items/${itemId}/assistant/document`, { query: 'x' }],
      ['POST', `/api/backoffice/items/${itemId}/assistant/agent`, { query: 'x' }],
      ['POST', `/api/backoffice/items/${itemId}/assistant/pildora`, {}],
      ['POST', `/api/backoffice/items/${itemId}/assistant/pdf`, { content: '# x', version: await version(itemId) }],
      ['POST', '/api/backoffice/documents/pdf', { content: '# x' }],
    ];
    for (const [method, url, payload] of calls) {
      const anon = await anonymous.request({ method: method as 'GET', url, payload: payload as object });
      expect([url, anon.statusCode]).toEqual([url, 401]);
      const cust = await customer.request({ method: method as 'GET', url, payload: payload as object });
      expect([url, cust.statusCode]).toEqual([url, 403]);
    }
    expect(await t.app.ctx.db.select().from(itemFiles).where(eq(itemFiles.itemId, itemId))).toHaveLength(0);
  });

  it('a notary sees notary work only: an agent item is 404 to them; unknown and huge ids 404/400', async () => {
    const itemId = await insertItem(40);
    expect((await notary.get(`/api/backoffice/items/${itemId}/assistant`)).statusCode).toBe(404);
    expect((await agent.get('/api/backoffice/items/999999999/assistant')).statusCode).toBe(404);
    expect((await agent.get('/api/backoffice/items/99999999999999999999/assistant')).statusCode).toBe(400);
    expect((await agent.get('/api/backoffice/items/1%00/assistant')).statusCode).toBe(400);
  });

  it('disablePedidoIA: off for one item (persisted, in the history), drafts refused 409; back on works', async () => {
    fake.scenario = { type: 'stream', chunks: ['ok'] };
    const itemId = await insertItem();
    const other = await insertItem();
    expect((await agent.get(`/api/backoffice/items/${itemId}/assistant`)).json()).toEqual({
      configured: true,
      disabled: false,
      model: 'llama-test',
    });
    const off = await agent.request({
      method: 'PUT',
      url: `/api/backoffice/items/${itemId}/assistant`,
      payload: { disabled: true },
    });
    expect(off.json()).toMatchObject({ disabled: true });
    const [row] = await t.app.ctx.db.select().from(itemAssistant).where(eq(itemAssistant.itemId, itemId));
    expect(row?.disabled).toBe(true);
    const before = fake.requests.length;
    const refused = await agent.post(`/api/backoffice/items/${itemId}/assistant/document`, { query: 'x' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ASSISTANT_DISABLED',
      message: 'El asistente está desactivado para este pedido.',
    });
    expect((await agent.post(`/api/backoffice/items/${itemId}/assistant/pildora`, {})).statusCode).toBe(409);
    expect(fake.requests.length).toBe(before);
    // Other items are not affected.
    expect((await agent.post(`/api/backoffice/items/${other}/assistant/agent`, { query: 'x' })).statusCode).toBe(200);
    const on = await admin.request({
      method: 'PUT',
      url: `/api/backoffice/items/${itemId}/assistant`,
      payload: { disabled: false },
    });
    expect(on.json()).toMatchObject({ disabled: false });
    expect((await agent.post(`/api/backoffice/items/${itemId}/assistant/agent`, { query: 'x' })).statusCode).toBe(200);
    const lines = await t.app.ctx.db
      .select({ accion: itemHistory.accion })
      .from(itemHistory)
      .where(eq(itemHistory.itemId, itemId));
    expect(lines.map((l) => l.accion)).toEqual(['asistente_desactivado', 'asistente_activado']);
  });

  it('an item another agent has locked: drafts, the switch and the attached PDF are 423', async () => {
    const itemId = await insertItem();
    expect((await admin.post(`/api/backoffice/items/${itemId}/lock`)).statusCode).toBe(200);
    const before = fake.requests.length;
    expect((await agent.post(`/api/backoffice/items/${itemId}/assistant/agent`, { query: 'x' })).statusCode).toBe(423);
    const put = await agent.request({
      method: 'PUT',
      url: `/api/backoffice/items/${itemId}/assistant`,
      payload: { disabled: true },
    });
    expect(put.statusCode).toBe(423);
    const pdf = await agent.post(`/api/backoffice/items/${itemId}/assistant/pdf`, {
      content: '# x',
      version: await version(itemId),
    });
    expect(pdf.statusCode).toBe(423);
    expect(fake.requests.length).toBe(before);
    // The holder may.
    fake.scenario = { type: 'stream', chunks: ['ok'] };
    expect((await admin.post(`/api/backoffice/items/${itemId}/assistant/agent`, { query: 'x' })).statusCode).toBe(200);
  });
});

describe('markdown to PDF (generatePdfFromMarkdown)', () => {
  const MARKDOWN = [
    '# Solicitud de certificación',
    '',
    'Don **José Núñez Peña**, con DNI 12345678Z, *vecino de A Coruña*, ¿solicita? ¡Sí! Nº 3, 1.º, 2.ª — 25,12 €.',
    '',
    '## Datos',
    '',
    '- Finca registral 4711',
    '  - Tomo 12, libro 3',
    '1. Primero',
    '2. Segundo',
    '',
    '| Concepto | Importe |',
    '|---|---|',
    '| Nota simple | 25,12 € |',
    '',
    '> Observações: certidão de ação em Lisboa; sessão à tarde.',
    '',
    '`código` y [enlace](https://example.com)',
  ].join('\n');

  it("POST /api/backoffice/documents/pdf -> application/pdf whose text is the document's, with the letterhead", async () => {
    const res = await agent.post('/api/backoffice/documents/pdf', { content: MARKDOWN });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    for (const expected of [
      'Solicitud de certificación',
      'José Núñez Peña',
      'vecino de A Coruña',
      '¿solicita? ¡Sí! Nº 3, 1.º, 2.ª — 25,12 €',
      'Finca registral 4711',
      'Tomo 12, libro 3',
      'Nota simple',
      'Observações: certidão de ação em Lisboa; sessão à tarde.',
      'código',
      'https://example.com',
      // The letterhead: the default store's legal entity (catalog/legal-entities.json).
      'Ventanilla Gestión Registral, S.L.',
      'B12345674',
      '1 / 1',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('a long document breaks into pages (each numbered); store_id picks the letterhead', async () => {
    const long = Array.from({ length: 300 }, (_, i) => `Párrafo ${i + 1} del escrito.`).join('\n\n');
    const res = await agent.post('/api/backoffice/documents/pdf', { content: long, store_id: 16 });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Párrafo 300 del escrito.');
    const pages = /(\d+) \/ (\d+)/.exec(text);
    expect(Number(pages?.[2])).toBeGreaterThan(3);
    expect(text).toContain('Ventanilla Portugal, Unipessoal Lda.');
  });

  it('limits: too long 413, NUL 400, deep nesting 400 (quotes, lists), empty 400, unknown fields 400', async () => {
    const tooLong = await agent.post('/api/backoffice/documents/pdf', { content: 'a'.repeat(200_001) });
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json()).toMatchObject({
      code: 'CONTENT_TOO_LARGE',
      message: 'El documento es demasiado largo (máximo 200000 caracteres).',
    });
    const nul = await agent.post('/api/backoffice/documents/pdf', { content: '# a\u0000b' });
    expect(nul.statusCode).toBe(400);
    for (const deep of ['>'.repeat(5000) + ' x', '- '.repeat(5000) + 'x', '>'.repeat(9) + ' x']) {
      const res = await agent.post('/api/backoffice/documents/pdf', { content: deep });
      expect([deep.slice(0, 12), res.statusCode]).toEqual([deep.slice(0, 12), 400]);
      expect(res.json<{ fields: { message: string }[] }>().fields[0]!.message).toMatch(/profundidad/);
    }
    // Eight levels are fine.
    expect((await agent.post('/api/backoffice/documents/pdf', { content: '>'.repeat(8) + ' x' })).statusCode).toBe(200);
    expect((await agent.post('/api/backoffice/documents/pdf', { content: '  \n ' })).statusCode).toBe(400);
    expect((await agent.post('/api/backoffice/documents/pdf', { content: '# x', extra: 1 })).statusCode).toBe(400);
  });

  it('the largest document allowed, one endless word, renders in reasonable time', async () => {
    const started = Date.now();
    const res = await agent.post('/api/backoffice/documents/pdf', { content: 'x'.repeat(200_000) });
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('characters outside the font (emoji, CJK) print as "?" instead of failing; a huge word wraps', async () => {
    const res = await agent.post('/api/backoffice/documents/pdf', {
      content: `# Hola 👋 東京\n\n${'x'.repeat(3000)}\n\n| a |\n|---|\n| ${'y'.repeat(500)} |`,
    });
    expect(res.statusCode).toBe(200);
    expect(await pdfText(res.rawPayload)).toContain('Hola ? ??');
  });

  it('attached to an item: a PDF document of the item, in its history; a stale version 409', async () => {
    const itemId = await insertItem();
    const res = await agent.post(`/api/backoffice/items/${itemId}/assistant/pdf`, {
      content: MARKDOWN,
      version: await version(itemId),
      filename: 'Solicitud Núñez',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ ok: boolean; message: string; file: { id: number; filename: string } }>();
    expect(body).toMatchObject({
      ok: true,
      file: { filename: 'Solicitud Núñez.pdf', content_type: 'application/pdf' },
    });
    const download = await agent.get(`/api/backoffice/items/${itemId}/files/${body.file.id}`);
    expect(download.statusCode).toBe(200);
    expect(await pdfText(download.rawPayload)).toContain('José Núñez Peña');
    const lines = await t.app.ctx.db
      .select({ accion: itemHistory.accion, details: itemHistory.details })
      .from(itemHistory)
      .where(eq(itemHistory.itemId, itemId));
    expect(lines).toEqual([
      { accion: 'archivo_subido', details: { file_id: body.file.id, filename: 'Solicitud Núñez.pdf' } },
    ]);
    const stale = await agent.post(`/api/backoffice/items/${itemId}/assistant/pdf`, {
      content: '# otra',
      version: '2020-01-01T00:00:00.000Z',
    });
    expect(stale.statusCode).toBe(409);
    const tooLong = await agent.post(`/api/backoffice/items/${itemId}/assistant/pdf`, {
      content: 'a'.repeat(200_001),
      version: await version(itemId),
    });
    expect(tooLong.statusCode).toBe(413);
    expect(await t.app.ctx.db.select().from(itemFiles).where(eq(itemFiles.itemId, itemId))).toHaveLength(1);
  });
});

describe('no model configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(async () => bare?.close());

  it('the status says so, drafts are 503 ASSISTANT_NOT_CONFIGURED with a plain message, PDFs still work', async () => {
    const client = new TestClient(bare.app);
    expect((await client.login(...AGENT)).statusCode).toBe(200);
    const c = new TestClient(bare.app);
    await c.start(1);
    expect((await c.register('bare-assistant@example.com')).statusCode).toBe(201);
    const [u] = await bare.app.ctx.db.select().from(users).where(eq(users.email, 'bare-assistant@example.com'));
    const { itemId } = await insertOrderWithItem(bare.app.ctx.db, { orderId: 142_000_000, customerId: u!.id });
    expect((await client.get(`/api/backoffice/items/${itemId}/assistant`)).json()).toEqual({
      configured: false,
      disabled: false,
      model: null,
    });
    const res = await client.post(`/api/backoffice/items/${itemId}/assistant/document`, { query: 'x' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'ASSISTANT_NOT_CONFIGURED' });
    expect(res.json<{ message: string }>().message).toMatch(/no hay ningún modelo configurado/);
    expect((await client.post('/api/backoffice/documents/pdf', { content: '# Hola' })).statusCode).toBe(200);
  });
});
