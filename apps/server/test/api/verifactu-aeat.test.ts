import { readFileSync } from 'node:fs';
import path from 'node:path';
import { regFactuXml, type VerifactuAltaRecord } from '@ventanilla/domain';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseVerifactuSubmission, type Env } from '../../src/config/env.js';
import { AeatSubmitter } from '../../src/modules/invoicing/aeat-submitter.js';
import { submitterFor } from '../../src/modules/invoicing/invoicing.module.js';
import { VerifactuService } from '../../src/modules/invoicing/verifactu.service.js';
import {
  VerifactuSubmissionError,
  type PendingVerifactuRecord,
} from '../../src/modules/invoicing/verifactu-submitter.js';
import { AeatDouble, TEST_TLS_DIR, validateAgainstAeatSchemas } from '../support/aeat-double.js';
import { payOnSandbox, waitFor } from '../support/sandbox-browser.js';
import { createTestApp, notaSimpleAnswers, TestClient, type TestApp } from '../support/test-app.js';

const tlsFile = (name: string) => path.join(TEST_TLS_DIR, name);
const SOFTWARE = { name: 'Ventanilla', id: 'VT', version: '1.0', installation: '1', multipleIssuers: false };

let t: TestApp;
let aeat: AeatDouble;
let agent: TestClient;
let admin: TestClient;
beforeAll(async () => {
  aeat = new AeatDouble(true);
  const endpoint = await aeat.start();
  // The configuration's contract: VERIFACTU_SUBMITTER=aeat, the endpoint, the company's PKCS#12 and its password.
  t = await createTestApp({
    env: {
      VERIFACTU_SUBMITTER: 'aeat',
      VERIFACTU_ENDPOINT: endpoint,
      VERIFACTU_CERT_FILE: tlsFile('client.p12'),
      VERIFACTU_CERT_PASSWORD: 'test-only',
      VERIFACTU_CA_FILE: tlsFile('ca.crt'),
    },
  });
  agent = new TestClient(t.app);
  expect((await agent.login('agente@ventanilla.test', 'agente-demo-2026')).statusCode).toBe(200);
  admin = new TestClient(t.app);
  expect((await admin.login('admin@ventanilla.test', 'admin-demo-2026')).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await aeat?.stop();
});

const pool = () => t.app.ctx.database.pool;

async function paidOrder(email: string, billing?: object): Promise<number> {
  const c = new TestClient(t.app);
  await c.start(1);
  await c.register(email);
  if (billing) {
    expect((await c.request({ method: 'PUT', url: '/api/me/billing', payload: billing })).statusCode).toBe(200);
  }
  const line = { store_id: 1, url_key: 'nota-simple', answers: notaSimpleAnswers() };
  expect((await c.post('/api/cart/items', line)).statusCode).toBe(201);
  const res = await c.post('/api/checkout', { payment_method: 'cc', accept_terms: true, start_now: true });
  expect(res.statusCode).toBe(201);
  const { order_id: orderId, redirect_url: redirectUrl } = res.json<{ order_id: number; redirect_url: string }>();
  await payOnSandbox(t.app, redirectUrl, { number: '4242424242424242' });
  await waitFor(
    async () => (await pool().query('select 1 from invoices where order_id = $1', [orderId])).rowCount === 1,
  );
  return orderId;
}

async function recordsOf(orderId: number) {
  return (
    await pool().query(
      `select r.id, r.kind, i.number, i.invoice_type, r.submission_status, r.aeat_status, r.aeat_error_code,
              r.submission_detail, r.submission_attempts
         from verifactu_records r join invoices i on i.id = r.invoice_id where i.order_id = $1 order by r.id`,
      [orderId],
    )
  ).rows;
}

describe('Veri*Factu records sent to the AEAT (a local double with mutual TLS and the AEAT schemas)', () => {
  let fullOrder: number;
  let simplifiedOrder: number;

  it('invoices (F1 with the NIF, F2) and a credit note (R5) go in one valid request; each answer is stored', async () => {
    fullOrder = await paidOrder('vf-full@example.com', {
      name: 'Talleres Pérez SL',
      tax_id: 'B86670460',
      address: 'Calle Mayor 1, Madrid',
      country: 'ES',
    });
    simplifiedOrder = await paidOrder('vf-simple@example.com');
    const refund = await agent.post(`/api/backoffice/orders/${simplifiedOrder}/refunds`, {
      amount: '10.00',
      reason: 'Devolución parcial',
    });
    expect(refund.statusCode).toBe(201);
    const [simplified] = await recordsOf(simplifiedOrder);
    aeat.errorsFor.set(simplified.number, {
      code: '1100',
      description: 'Valor o tipo incorrecto del campo: FechaExpedicionFactura',
    });
    // The AEAT asks for 60 seconds between requests as a rule; the double asks for one.
    aeat.waitSeconds = 1;

    expect(await t.app.ctx.verifactu.submitPending()).toBe(3);

    expect(aeat.requests).toHaveLength(1);
    const [request] = aeat.requests;
    expect(request).toMatchObject({ valid: true, errors: [], clientCn: 'TEST-ONLY B12345674 company seal' });
    expect(request!.records.map((r) => [r.operation, r.type])).toEqual([
      ['Alta', 'F1'],
      ['Alta', 'F2'],
      ['Alta', 'R5'],
    ]);
    expect(request!.xml).toContain(
      '<sum1:Destinatarios><sum1:IDDestinatario><sum1:NombreRazon>Talleres Pérez SL</sum1:NombreRazon><sum1:NIF>B86670460</sum1:NIF>',
    );
    expect(request!.xml).toContain(`<sum1:NumSerieFactura>${simplified.number}</sum1:NumSerieFactura>`);
    expect((request!.xml.match(/<sum1:Destinatarios>/g) ?? []).length).toBe(1);
    expect(request!.xml).toMatch(/<sum1:TipoRectificativa>I<\/sum1:TipoRectificativa><sum1:FacturasRectificadas>/);

    expect(await recordsOf(fullOrder)).toMatchObject([
      { invoice_type: 'F1', submission_status: 'accepted', aeat_status: 'Correcto', aeat_error_code: null },
    ]);
    expect(await recordsOf(simplifiedOrder)).toMatchObject([
      {
        invoice_type: 'F2',
        submission_status: 'rejected',
        aeat_status: 'Incorrecto',
        aeat_error_code: '1100',
        submission_detail: 'Valor o tipo incorrecto del campo: FechaExpedicionFactura',
        submission_attempts: 1,
      },
      { invoice_type: 'R5', submission_status: 'accepted', aeat_status: 'Correcto' },
    ]);
  });

  it("admins see the refused records with the AEAT's code; agents may not", async () => {
    const res = await admin.get('/api/backoffice/verifactu/records-with-errors');
    expect(res.statusCode).toBe(200);
    const [simplified] = await recordsOf(simplifiedOrder);
    expect(res.json().items).toEqual([
      expect.objectContaining({
        id: simplified.id,
        kind: 'alta',
        invoice_number: simplified.number,
        aeat_status: 'Incorrecto',
        code: '1100',
        description: 'Valor o tipo incorrecto del campo: FechaExpedicionFactura',
      }),
    ]);
    expect((await agent.get('/api/backoffice/verifactu/records-with-errors')).statusCode).toBe(403);
  });

  it('the next request waits the TiempoEsperaEnvio of the last answer; a refused record is never sent again', async () => {
    const order = await paidOrder('vf-wait@example.com');
    expect(await t.app.ctx.verifactu.submitPending()).toBe(0);
    expect(aeat.hits).toBe(1);
    expect(await recordsOf(order)).toMatchObject([{ submission_status: 'pending' }]);

    aeat.waitSeconds = 0;
    await sleep(1100);
    expect(await t.app.ctx.verifactu.submitPending()).toBe(1);
    expect(aeat.requests.map((r) => r.early)).toEqual([false, false]);
    const [record] = await recordsOf(order);
    expect(aeat.requests[1]!.records).toEqual([expect.objectContaining({ ref: String(record.id), type: 'F2' })]);
    expect(record).toMatchObject({ submission_status: 'accepted', aeat_status: 'Correcto' });
  });

  it('transport failures (503) are retried with waits; a request still failing leaves the records pending and holds back', async () => {
    const service = new VerifactuService(
      t.app.ctx.db,
      'test',
      new AeatSubmitter({
        endpoint:
          t.app.ctx.config.verifactuSubmission.submitter === 'aeat'
            ? t.app.ctx.config.verifactuSubmission.endpoint
            : '',
        // The PEM form of the company's certificate this time.
        tls: {
          cert: readFileSync(tlsFile('client.crt')),
          key: readFileSync(tlsFile('client.key')),
          ca: readFileSync(tlsFile('ca.crt')),
        },
        software: SOFTWARE,
        attempts: 3,
        retryBaseMs: 5,
      }),
    );
    const order = await paidOrder('vf-retry@example.com');
    const hitsBefore = aeat.hits;
    aeat.failNext = 2;
    expect(await service.submitPending()).toBe(1);
    expect(aeat.hits - hitsBefore).toBe(3);
    expect(await recordsOf(order)).toMatchObject([{ submission_status: 'accepted', submission_attempts: 1 }]);

    const later = await paidOrder('vf-retry-later@example.com');
    aeat.failNext = 3;
    expect(await service.submitPending()).toBe(0);
    expect(await recordsOf(later)).toMatchObject([{ submission_status: 'pending', submission_attempts: 0 }]);
    // Held back after the failed request: no new request until the backoff has passed.
    const hits = aeat.hits;
    expect(await service.submitPending()).toBe(0);
    expect(aeat.hits).toBe(hits);
    // The application's own worker sends it.
    expect(await t.app.ctx.verifactu.submitPending()).toBe(1);
    expect(await recordsOf(later)).toMatchObject([{ submission_status: 'accepted' }]);
  });

  it('without the client certificate the TLS handshake is refused: a transport error, records stay pending', async () => {
    const endpoint =
      t.app.ctx.config.verifactuSubmission.submitter === 'aeat' ? t.app.ctx.config.verifactuSubmission.endpoint : '';
    const noCert = new VerifactuService(
      t.app.ctx.db,
      'test',
      new AeatSubmitter({ endpoint, tls: { ca: readFileSync(tlsFile('ca.crt')) }, software: SOFTWARE, attempts: 1 }),
    );
    const order = await paidOrder('vf-nocert@example.com');
    const requests = aeat.requests.length;
    expect(await noCert.submitPending()).toBe(0);
    expect(aeat.requests).toHaveLength(requests);
    expect(await recordsOf(order)).toMatchObject([{ submission_status: 'pending' }]);
    expect(await t.app.ctx.verifactu.submitPending()).toBe(1);
  });

  it('a cancelled invoice is sent as a chained RegistroAnulacion', async () => {
    const [invoice] = (
      await pool().query("select * from invoices where order_id = $1 and kind = 'invoice'", [fullOrder])
    ).rows as Array<{ id: number }>;
    const row = await t.app.ctx.invoicing.byId(invoice!.id);
    const entity = { tax_id: 'B12345674', time_zone: 'Europe/Madrid' } as Parameters<
      VerifactuService['registerCancellation']
    >[2];
    await t.app.ctx.db.transaction((tx) => t.app.ctx.verifactu.registerCancellation(tx, row, entity, new Date()));
    expect(await t.app.ctx.verifactu.submitPending()).toBe(1);
    const last = aeat.requests.at(-1)!;
    expect(last).toMatchObject({ valid: true });
    expect(last.records).toEqual([expect.objectContaining({ operation: 'Anulacion', invoiceNumber: row.number })]);
    expect(await recordsOf(fullOrder)).toMatchObject([
      { kind: 'alta', submission_status: 'accepted' },
      { kind: 'anulacion', submission_status: 'accepted', aeat_status: 'Correcto' },
    ]);
    expect(await t.app.ctx.verifactu.checkChain('B12345674')).toMatchObject({ ok: true });
  });

  it('a plain http:// endpoint (a test double) needs no certificate', async () => {
    const plain = new AeatDouble(false);
    const endpoint = await plain.start();
    try {
      const config = parseVerifactuSubmission(
        { VERIFACTU_SUBMITTER: 'aeat', VERIFACTU_ENDPOINT: endpoint } as Env,
        false,
      );
      const service = new VerifactuService(t.app.ctx.db, 'test', submitterFor(config, false));
      const order = await paidOrder('vf-plain@example.com');
      expect(await service.submitPending()).toBe(1);
      expect(plain.requests).toMatchObject([{ valid: true, clientCn: null }]);
      expect(await recordsOf(order)).toMatchObject([{ submission_status: 'accepted', aeat_status: 'Correcto' }]);
    } finally {
      await plain.stop();
    }
  });

  it('a request the schemas refuse gets a SOAP Fault: the whole request is refused, not retried as transport', async () => {
    const endpoint =
      t.app.ctx.config.verifactuSubmission.submitter === 'aeat' ? t.app.ctx.config.verifactuSubmission.endpoint : '';
    const submitter = new AeatSubmitter({
      endpoint,
      tls: { pfx: readFileSync(tlsFile('client.p12')), passphrase: 'test-only', ca: readFileSync(tlsFile('ca.crt')) },
      software: SOFTWARE,
    });
    const broken = { ...altaRecord, invoiceType: 'X9' } as unknown as VerifactuAltaRecord;
    const pending = { id: 1, kind: 'alta', issuerName: 'Ventanilla SL', issuerTaxId: 'B12345674', xml: broken };
    const hits = aeat.hits;
    await expect(submitter.submit([pending as unknown as PendingVerifactuRecord])).rejects.toMatchObject({
      kind: 'refused',
    });
    await expect(submitter.submit([pending as unknown as PendingVerifactuRecord])).rejects.toBeInstanceOf(
      VerifactuSubmissionError,
    );
    expect(aeat.hits - hits).toBe(2);
    expect(aeat.requests.at(-1)).toMatchObject({ valid: false });
  });
});

const altaRecord: VerifactuAltaRecord = {
  kind: 'alta',
  ref: '1',
  issuerTaxId: 'B12345674',
  issuerName: 'Ventanilla SL',
  invoiceNumber: 'F01-2026-000001',
  issueDate: '01-02-2026',
  invoiceType: 'F2',
  description: 'Nota simple',
  recipient: null,
  corrected: null,
  breakdown: [{ rateBp: 2100, base: 1000 as never, tax: 210 as never }],
  notSubjectTotal: 0 as never,
  taxTotal: '2.10',
  total: '12.10',
  previous: null,
  generatedAt: '2026-02-01T10:00:00+01:00',
  hash: 'A'.repeat(64),
};

describe('the AEAT schemas, as the double applies them', () => {
  const software = { ...SOFTWARE, producerName: 'Ventanilla SL', producerTaxId: 'B12345674' };
  const issuer = { name: 'Ventanilla SL', taxId: 'B12345674' };

  it('accept what the domain builds and refuse a record the schema does not allow', async () => {
    expect(await validateAgainstAeatSchemas(regFactuXml(issuer, software, [altaRecord]))).toEqual({
      valid: true,
      errors: [],
    });
    const wrongType = regFactuXml(issuer, software, [altaRecord]).replace('>F2<', '>X9<');
    expect((await validateAgainstAeatSchemas(wrongType)).valid).toBe(false);
    const noHash = regFactuXml(issuer, software, [altaRecord]).replace(/<sum1:Huella>A+<\/sum1:Huella>/, '');
    expect((await validateAgainstAeatSchemas(noHash)).valid).toBe(false);
  });
});

describe('VERIFACTU_SUBMITTER configuration', () => {
  const parse = (env: Partial<Env>, production = false) => parseVerifactuSubmission(env as Env, production);

  it('log by default; aeat needs a certificate unless the endpoint is a plain http:// test double', () => {
    expect(parse({})).toEqual({ submitter: 'log' });
    expect(parse({ VERIFACTU_SUBMITTER: 'aeat', VERIFACTU_ENDPOINT: 'http://127.0.0.1:9/x' })).toEqual({
      submitter: 'aeat',
      endpoint: 'http://127.0.0.1:9/x',
    });
    expect(() => parse({ VERIFACTU_SUBMITTER: 'aeat' })).toThrow(/VERIFACTU_CERT_FILE/);
    expect(parse({ VERIFACTU_SUBMITTER: 'aeat', VERIFACTU_CERT_FILE: 'c.p12' })).toMatchObject({
      endpoint: 'https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
    });
    expect(parse({ VERIFACTU_SUBMITTER: 'aeat', VERIFACTU_CERT_FILE: 'c.p12' }, true)).toMatchObject({
      endpoint: 'https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
    });
    expect(() => parse({ VERIFACTU_SUBMITTER: 'aeat', VERIFACTU_ENDPOINT: 'http://127.0.0.1:9/x' }, true)).toThrow(
      /https:\/\/ in production/,
    );
  });
});
