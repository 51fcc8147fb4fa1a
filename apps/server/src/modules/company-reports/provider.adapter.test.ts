import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanyReportUnavailable } from './company-report-adapter.js';
import { ProviderCompanyReports } from './provider.adapter.js';

// Contract test of the credit bureau adapter against recorded responses served by a local HTTP server (no outbound
// network): the request it makes (path, API key header), how each answer is mapped, and every failure mode.

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/company-reports');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
const KEY = 'test-key-0123456789';
const AS_OF = new Date('2025-11-24T10:00:00Z');

let server: Server;
let baseUrl: string;
const requests: Array<{ url: string; headers: IncomingMessage['headers'] }> = [];

/** What the bureau answers for each CIF (status and body); "slow" never answers in time. */
const ANSWERS: Record<string, { status: number; body: string } | 'slow'> = {
  B86670460: { status: 200, body: fixture('economic-B86670460.json') },
  A08000143: { status: 200, body: fixture('solvency-A08000143.json') },
  B00000000: { status: 404, body: fixture('not-found.json') },
  B11111111: { status: 429, body: '{"error":{"code":"QUOTA_EXCEEDED"}}' },
  B22222222: { status: 503, body: '<html>Service Unavailable</html>' },
  B33333333: { status: 200, body: '{"company": ' },
  B44444444: { status: 200, body: fixture('malformed-rating.json') },
  B55555555: 'slow',
};

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers });
    if (req.headers['x-api-key'] !== KEY) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(fixture('unauthorized.json'));
      return;
    }
    const match = /^\/v1\/companies\/([A-Z0-9]+)\/reports\/(economic|solvency)$/.exec(req.url ?? '');
    const answer = match ? ANSWERS[match[1]!] : undefined;
    if (answer === 'slow') return; // never answers: the adapter's timeout ends it
    if (!answer) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(fixture('not-found.json'));
      return;
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A timeout an answering bureau never misses on a busy machine; the one that never answers gets a short one. */
const adapter = (apiKey = KEY, timeoutMs = 10_000) =>
  new ProviderCompanyReports({ baseUrl, apiKey, timeoutMs, name: 'Buró de pruebas' });

describe('ProviderCompanyReports against recorded responses', () => {
  it('asks for the report of the CIF with the API key and maps the economic report (euros to cents, newest first)', async () => {
    requests.length = 0;
    const report = await adapter().fetchReport('B86670460', 'economic', AS_OF);
    expect(requests).toEqual([expect.objectContaining({ url: '/v1/companies/B86670460/reports/economic' })]);
    expect(requests[0]!.headers).toMatchObject({ 'x-api-key': KEY, accept: 'application/json' });
    expect(report).toMatchObject({
      kind: 'economic',
      sandbox: false,
      source: 'Buró de pruebas',
      asOf: '2025-11-20',
      rating: null,
      incidents: [],
      company: {
        cif: 'B86670460',
        name: 'EJEMPLO SERVICIOS DIGITALES SL',
        status: 'active',
        incorporatedOn: '2013-02-27',
        registeredOffice: { street: 'CALLE DE ALCALA, 123', postalCode: '28009', municipality: 'MADRID' },
        cnae: { code: '6201' },
        employees: 37,
        shareCapital: 300600,
      },
    });
    expect(report!.years.map((y) => y.year)).toEqual([2024, 2023]);
    expect(report!.years[1]).toEqual({
      year: 2023,
      turnover: 241035012,
      profit: 15021040,
      totalAssets: 183040000,
      equity: 80210055,
      currentAssets: 99030000,
      currentLiabilities: 51020000,
      totalLiabilities: 102829945,
    });
  });

  it("maps the solvency report with the bureau's rating, insolvency and incidents", async () => {
    const report = await adapter().fetchReport('A08000143', 'solvency', AS_OF);
    expect(report).toMatchObject({
      kind: 'solvency',
      company: { status: 'insolvency', employees: null, shareCapital: 0 },
      rating: { score: 2, risk: 'very_high', defaultProbabilityBp: 2875, creditLimit: 0 },
      incidents: [
        { type: 'rai', date: '2025-03-14', amount: 1825050, description: 'Efecto impagado' },
        { type: 'insolvency', date: '2025-09-02', amount: null },
      ],
    });
  });

  it('an unknown company is null (the API answers "Registro no encontrado")', async () => {
    expect(await adapter().fetchReport('B00000000', 'economic', AS_OF)).toBeNull();
  });

  it.each([
    ['a wrong key (401), not retryable', 'B86670460', 'wrong-key', false],
    ['over the quota (429), retryable', 'B11111111', KEY, true],
    ['down (503), retryable', 'B22222222', KEY, true],
    ['a body that is not JSON, retryable', 'B33333333', KEY, true],
    ['a body off the contract (score 35), not retryable', 'B44444444', KEY, false],
    ['no answer in time, retryable', 'B55555555', KEY, true],
  ])('%s', async (_name, cif, key, retryable) => {
    const error = await adapter(key, ANSWERS[cif] === 'slow' ? 500 : undefined)
      .fetchReport(cif, 'economic', AS_OF)
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(error).toBeInstanceOf(CompanyReportUnavailable);
    expect((error as CompanyReportUnavailable).retryable).toBe(retryable);
    // The key never ends up in an error message (logs).
    expect((error as Error).message).not.toContain(KEY);
  });

  it('an unreachable host is unavailable, retryable', async () => {
    const closed = new ProviderCompanyReports({
      baseUrl: 'http://127.0.0.1:9/',
      apiKey: KEY,
      timeoutMs: 500,
      name: 'x',
    });
    await expect(closed.fetchReport('B86670460', 'economic', AS_OF)).rejects.toBeInstanceOf(CompanyReportUnavailable);
  });
});
