import { CONFIG_LIST_KEYS } from '@ventanilla/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, AGENT, createTestApp, NOTARY, signedIn, type TestApp, TestClient } from '../support/test-app.js';

// The configuration lists (docs/backoffice.md, "Configuration lists"): CRUD per list with the domain's validation,
// version conflicts, history, CSV export (formula injection neutralised) and all-or-nothing import, role checks.
// Runs on the embedded database, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let admin: TestClient;
let agent: TestClient;
let notary: TestClient;
let customer: TestClient;
let anonymous: TestClient;

const BASE = '/api/backoffice/config-lists';

const signIn = (account: readonly [string, string]) => signedIn(t.app, account);

const put = (client: TestClient, url: string, payload: unknown) =>
  client.request({ method: 'PUT', url, payload: payload as object });
const importCsv = (client: TestClient, list: string, csv: string, language?: string) =>
  client.request({
    method: 'POST',
    url: `${BASE}/${list}/import.csv`,
    payload: csv,
    headers: { 'content-type': 'text/csv', ...(language ? { 'accept-language': language } : {}) },
  });

beforeAll(async () => {
  t = await createTestApp();
  customer = new TestClient(t.app);
  await customer.start(1);
  expect((await customer.register('config-lists-customer@example.com')).statusCode).toBe(201);
  admin = await signIn(ADMIN);
  agent = await signIn(AGENT);
  notary = await signIn(NOTARY);
  anonymous = new TestClient(t.app);
  await anonymous.start(1);
});
afterAll(async () => t?.close());

describe('seeded public data', () => {
  it('starts with Spanish land registries, Portuguese conservatórias and the providers orders name', async () => {
    const madrid = await agent.get(`${BASE}/registros?search=madrid&size=100`);
    expect(madrid.statusCode).toBe(200);
    expect(madrid.json().total).toBeGreaterThanOrEqual(50);
    expect(madrid.json().items[0]).toMatchObject({
      key: 'madrid-01',
      nombre: 'Registro de la Propiedad de Madrid nº 1',
    });
    const lisboa = await agent.get(`${BASE}/conservatorias?search=lisboa`);
    expect(lisboa.json().items.map((r: { nombre: string }) => r.nombre)).toContain(
      'Conservatória do Registo Predial de Lisboa',
    );
    const porto = await agent.get(`${BASE}/conservatorias/crp-porto`);
    expect(porto.json()).toMatchObject({ ciudad: 'Porto', lento: false, caderneta: false, retifica: false });
    expect((await agent.get(`${BASE}/providers/registradores`)).json()).toMatchObject({ hipotecas: false });
    const lists = (await agent.get(BASE)).json().items.map((l: { key: string }) => l.key);
    expect(lists).toEqual(CONFIG_LIST_KEYS);
  });

  it('starts with every Spanish municipality of the INE data, mapped to the seeded registries, and their aliases', async () => {
    const all = await agent.get(`${BASE}/municipios?size=1`);
    expect(all.json().total).toBe(8131);
    const find = async (search: string, province: string) =>
      (await agent.get(`${BASE}/municipios?search=${encodeURIComponent(search)}&size=100`))
        .json()
        .items.find((m: { nombre_landing: string; provincia_landing: string }) => m.provincia_landing === province);
    expect(await find('getafe', 'Madrid')).toMatchObject({
      nombre_landing: 'Getafe',
      alias_landing: 'getafe',
      nombre_registradores: 'Getafe',
      nombre_registradores2: null,
    });
    // The registries' seed names the INE's "Palma" "Palma de Mallorca", and "València" "Valencia".
    const palma = await find('palma de mallorca', 'Illes Balears');
    expect(palma).toMatchObject({ nombre_landing: 'Palma', nombre_registradores: 'Palma de Mallorca' });
    // The province is searchable too (266 rows match "València"): read the row itself.
    const [valencia] = (
      await t.app.ctx.database.pool.query(
        "SELECT nombre_registradores, alias_landing FROM config_municipios WHERE nombre_landing = 'València'",
      )
    ).rows;
    expect(valencia).toMatchObject({ nombre_registradores: 'Valencia', alias_landing: 'valencia' });
    const laudio = await find('laudio', 'Araba/Álava');
    expect(laudio).toMatchObject({ nombre_landing: 'Laudio', nombre_registradores2: 'Llodio' });
    const aliases = (await agent.get(`${BASE}/municipio_alias?search=llodio`)).json().items;
    expect(aliases).toEqual([expect.objectContaining({ alias: 'Llodio', municipio: laudio.id })]);
    const palmaAlias = (await agent.get(`${BASE}/municipio_alias?search=palma de mallorca`)).json().items;
    expect(palmaAlias.map((a: { municipio: number }) => a.municipio)).toEqual([palma.id]);
  });
});

describe('roles', () => {
  it('staff read, admins write; customers 403 and anonymous 401', async () => {
    for (const client of [agent, notary, admin]) expect((await client.get(`${BASE}/registros`)).statusCode).toBe(200);
    expect((await customer.get(`${BASE}/registros`)).statusCode).toBe(403);
    expect((await anonymous.get(`${BASE}/registros`)).statusCode).toBe(401);
    expect((await customer.get(`${BASE}/registros/export.csv`)).statusCode).toBe(403);
    const body = { match: 'hipoteca', type: 'producto' };
    expect((await agent.post(`${BASE}/matches`, body)).statusCode).toBe(403);
    expect((await notary.post(`${BASE}/matches`, body)).statusCode).toBe(403);
    expect((await customer.post(`${BASE}/matches`, body)).statusCode).toBe(403);
    expect((await anonymous.post(`${BASE}/matches`, body)).statusCode).toBe(401);
    expect((await put(agent, `${BASE}/registros/madrid-01`, { version: 1, nombre: 'x' })).statusCode).toBe(403);
    expect((await agent.delete(`${BASE}/registros/madrid-01`)).statusCode).toBe(403);
    expect((await importCsv(agent, 'matches', 'match,type\nx,y\n')).statusCode).toBe(403);
  });
});

describe('validation per list', () => {
  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    [
      'registros',
      { id_registro: 'test-1', nombre: '', email: 'x', telefono: '123' },
      { nombre: 'required', email: 'invalid_email', telefono: 'invalid_phone' },
    ],
    ['registros', { id_registro: '../etc', nombre: 'R' }, { id_registro: 'invalid_key' }],
    ['registros', { nombre: 'R' }, { id_registro: 'required' }],
    ['registro_certificaciones', { id_registro: 'nope', nombre: 'Nota' }, { id_registro: 'unknown_reference' }],
    [
      'registros_mercantiles',
      { id_registro: 'rm-x', nombre: 'R', telefono: '+351213456789' },
      { telefono: 'invalid_phone' },
    ],
    ['tipos_certificaciones', { nombre: 'Nota simple' }, { nombre: 'duplicate' }],
    [
      'conservatorias',
      { id: 'crp-x', nombre: 'C', telf1: '612345678', email_update: 'a@b' },
      { telf1: 'invalid_phone', email_update: 'invalid_email' },
    ],
    ['conservatorias', { id: 'crp-x', nombre: 'C', lento: 'maybe' }, { lento: 'invalid_boolean' }],
    ['notarias', { id_registro: 'n-1', nombre: 'N', email: 'no' }, { email: 'invalid_email' }],
    ['providers', { id: 'p x', nombre: 'P' }, { id: 'invalid_key' }],
    ['providers', { id: 'registradores', nombre: 'P' }, { id: 'duplicate' }],
    [
      'provider_payments',
      { provider_id: 'nope', concepto: 'c', importe: '1.00', fecha: '2026-02-28' },
      { provider_id: 'unknown_reference' },
    ],
    [
      'provider_payments',
      { provider_id: 'catastro', concepto: 'c', importe: '-1', fecha: '2026-02-30', status: 'x' },
      { importe: 'invalid_money', fecha: 'bad_date', status: 'unknown_value' },
    ],
    ['matches', { match: 'a'.repeat(201), type: 't' }, { match: 'too_long' }],
    ['matches', { match: 'a\u0007b', type: 't', extra: 'x' }, { match: 'invalid_characters', extra: 'unknown_field' }],
    ['municipios', { nombre_landing: '' }, { nombre_landing: 'required' }],
    ['municipio_alias', { alias: 'Getafe', municipio: 999999 }, { municipio: 'unknown_reference' }],
    ['municipio_alias', { alias: 'Getafe', municipio: 1.5 }, { municipio: 'not_an_integer' }],
    [
      'ips',
      { ip: '999.1.1.1', purpose: 'x', date: '2026-13-01' },
      { ip: 'invalid_ip', purpose: 'unknown_value', date: 'bad_date' },
    ],
  ])('%s %j', async (list, body, expected) => {
    const res = await admin.post(`${BASE}/${list}`, body);
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(res.json().fields.map((f: { field: string; code: string }) => [f.field, f.code]));
    expect(fields).toMatchObject(expected);
    for (const f of res.json().fields) expect(f.message).toBeTruthy();
  });

  it('explains errors in the store language (pt store)', async () => {
    const pt = await signIn(ADMIN);
    await pt.start(16);
    const res = await pt.post(`${BASE}/matches`, { match: '', type: 't' });
    expect(res.json().fields[0].message).toBe('Por favor, preencha este campo');
  });

  it('creates valid records of every list', async () => {
    const steps: [string, Record<string, unknown>][] = [
      [
        'registros',
        { id_registro: 'test-reg', nombre: 'Registro de Prueba', email: 'Test@Reg.ES', telefono: '915 551 234' },
      ],
      ['registro_certificaciones', { id_registro: 'test-reg', nombre: 'Estatutos', atributos: ['Finca'] }],
      ['registros_mercantiles', { id_registro: 'rm-test', nombre: 'Registro Mercantil de Prueba' }],
      ['tipos_certificaciones', { nombre: 'Certificación de prueba' }],
      ['conservatorias', { id: 'crp-test', nombre: 'Conservatória de Teste', telf1: '213 456 789', caderneta: true }],
      ['notarias', { id_registro: 'not-test', nombre: 'Notaría de Prueba' }],
      ['providers', { id: 'gestoria-norte', nombre: 'Gestoría Norte', hipotecas: true }],
      [
        'provider_payments',
        { provider_id: 'gestoria-norte', concepto: 'Marzo', importe: '120,50', fecha: '2026-03-31' },
      ],
      ['matches', { match: 'hipoteca', type: 'producto' }],
      [
        'municipios',
        { nombre_landing: 'Villaprueba', provincia_landing: 'Madrid', nombre_registradores: 'VILLAPRUEBA' },
      ],
      ['ips', { ip: '192.0.2.0/24', purpose: 'staff_allow', date: '2026-11-24', user: 'oficina' }],
    ];
    for (const [list, body] of steps) {
      const res = await admin.post(`${BASE}/${list}`, body);
      expect([list, res.statusCode]).toEqual([list, 201]);
    }
    const cert = (await admin.get(`${BASE}/registro_certificaciones?search=test-reg`)).json().items[0];
    expect(cert.atributos).toEqual(['Finca', 'Instrucciones específicas', 'Modelo Adjunto']);
    const reg = (await admin.get(`${BASE}/registros/test-reg`)).json();
    expect(reg).toMatchObject({ email: 'Test@reg.es', telefono: '+34915551234', version: 1, active: true });
    const pay = (await admin.get(`${BASE}/provider_payments?search=gestoria-norte`)).json().items[0];
    expect(pay).toMatchObject({ importe: '120.50', status: 'pendiente', files: [] });
    const municipio = (await admin.get(`${BASE}/municipios?search=villaprueba`)).json().items[0];
    const alias = await admin.post(`${BASE}/municipio_alias`, { alias: 'Vilaproba', municipio: municipio.id });
    expect(alias.statusCode).toBe(201);
    // The spec's update_status_provider_payment: a PUT with the status (files are uploaded: provider-payment-files).
    const paid = await put(admin, `${BASE}/provider_payments/${pay.key}`, { version: pay.version, status: 'pagado' });
    expect(paid.json()).toMatchObject({ status: 'pagado', importe: '120.50', version: 2 });
  });
});

describe('edits, versions, history, delete', () => {
  it('an edit needs the current version: a stale one is 409 and changes nothing', async () => {
    const before = (await admin.get(`${BASE}/registros/madrid-02`)).json();
    const ok = await put(admin, `${BASE}/registros/madrid-02`, {
      version: before.version,
      registro_lento: true,
      email: 'madrid2@example.org',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ registro_lento: true, version: before.version + 1, nombre: before.nombre });
    const stale = await put(admin, `${BASE}/registros/madrid-02`, { version: before.version, nombre: 'Otro' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    expect((await admin.get(`${BASE}/registros/madrid-02`)).json().nombre).toBe(before.nombre);
    const history = (await agent.get(`${BASE}/registros/madrid-02/history`)).json().items;
    expect(history[0]).toMatchObject({ action: 'update', user_id: expect.any(Number) });
    expect(history[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'registro_lento', old: 'false', new: 'true' },
        { field: 'email', old: '', new: 'madrid2@example.org' },
      ]),
    );
  });

  it('two edits at once from the same version: one wins, the other is 409', async () => {
    const { version } = (await admin.get(`${BASE}/registros/madrid-03`)).json();
    const results = await Promise.all(
      ['A', 'B'].map((p) => put(admin, `${BASE}/registros/madrid-03`, { version, peticionario: p })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses bad bodies: NUL bytes, huge values, missing version, unknown records and lists', async () => {
    const { version } = (await admin.get(`${BASE}/registros/madrid-04`)).json();
    const nul = await put(admin, `${BASE}/registros/madrid-04`, { version, nombre: 'a\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().fields[0]).toMatchObject({ field: 'nombre' });
    expect((await put(admin, `${BASE}/registros/madrid-04`, { version, nombre: 'x'.repeat(30_000) })).statusCode).toBe(
      400,
    );
    expect((await put(admin, `${BASE}/registros/madrid-04`, { nombre: 'x' })).statusCode).toBe(400);
    expect((await put(admin, `${BASE}/registros/madrid-04`, { version: 1e20, nombre: 'x' })).statusCode).toBe(400);
    expect(
      (await put(admin, `${BASE}/registros/madrid-04`, { version, nombre: 'x'.repeat(2_000_000) })).statusCode,
    ).toBe(413);
    expect((await admin.get(`${BASE}/registros/nope-404`)).statusCode).toBe(404);
    expect((await admin.get(`${BASE}/registros/%2e%2e%2fetc`)).statusCode).toBe(404);
    expect((await admin.get(`${BASE}/matches/99999999999`)).statusCode).toBe(404);
    expect((await admin.get(`${BASE}/usuarios`)).statusCode).toBe(400);
    expect((await admin.get(`${BASE}/registros?search=a%00b`)).statusCode).toBe(400);
    expect((await admin.get(`${BASE}/registros?size=1000`)).statusCode).toBe(400);
    expect((await admin.get(`${BASE}/registros?search=${encodeURIComponent('100%_')}`)).json().total).toBe(0);
  });

  it('deletes unreferenced records; deactivates referenced ones (a provider an order names)', async () => {
    const match = (await admin.post(`${BASE}/matches`, { match: 'borrar', type: 'x' })).json();
    expect((await admin.delete(`${BASE}/matches/${match.key}`)).json()).toEqual({ key: match.key, outcome: 'deleted' });
    expect((await admin.get(`${BASE}/matches/${match.key}`)).statusCode).toBe(404);
    expect(
      (await agent.get(`${BASE}/matches/${match.key}/history`)).json().items.map((h: { action: string }) => h.action),
    ).toEqual(['delete', 'create']);
    // gestoria-norte has a payment: deactivated, kept.
    const provider = await admin.delete(`${BASE}/providers/gestoria-norte`);
    expect(provider.json()).toEqual({ key: 'gestoria-norte', outcome: 'deactivated' });
    expect((await admin.get(`${BASE}/providers/gestoria-norte`)).json().active).toBe(false);
    expect((await admin.get(`${BASE}/providers?active=true&search=gestoria`)).json().total).toBe(0);
    const reg = (await admin.get(`${BASE}/registros/test-reg`)).json();
    expect(
      (await admin.request({ method: 'DELETE', url: `${BASE}/registros/test-reg?version=${reg.version + 5}` }))
        .statusCode,
    ).toBe(409);
  });
});

describe('CSV', () => {
  it('exports with formulas neutralised, and the export re-imports unchanged', async () => {
    await admin.post(`${BASE}/matches`, { match: '=HYPERLINK("http://evil")', type: '@SUM(A1)' });
    const res = await agent.get(`${BASE}/matches/export.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('matches.csv');
    expect(res.body.split('\n')[0]).toBe('"id","match","type","active"');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")","'@SUM(A1)"`);
    expect(res.body).not.toMatch(/(^|,)"?[=+@-]/m);
    const reimport = await importCsv(admin, 'matches', res.body);
    expect(reimport.statusCode).toBe(200);
    const stored = (await admin.get(`${BASE}/matches?search=hyperlink`)).json().items[0];
    expect(stored).toMatchObject({ match: '=HYPERLINK("http://evil")', type: '@SUM(A1)' });
  });

  it('imports all or nothing: any bad row refuses the file, with line numbers and messages in the language asked', async () => {
    const before = (await admin.get(`${BASE}/registros/madrid-05`)).json();
    const csv = [
      'id_registro,nombre,email,registro_lento',
      'madrid-05,Registro de la Propiedad de Madrid nº 5 (editado),,true',
      'nuevo-1,"Registro nuevo, con coma",nuevo@example.org,false',
      'nuevo-2,,bad-mail,maybe',
      'madrid-05,Repetido,,',
    ].join('\r\n');
    const res = await importCsv(admin, 'registros', csv, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().rows).toEqual([
      { line: 4, field: 'nombre', code: 'required', message: expect.any(String) },
      { line: 4, field: 'email', code: 'invalid_email', message: expect.any(String) },
      { line: 4, field: 'registro_lento', code: 'invalid_boolean', message: expect.any(String) },
      { line: 5, field: 'id_registro', code: 'duplicate', message: expect.any(String) },
    ]);
    expect((await admin.get(`${BASE}/registros/madrid-05`)).json()).toMatchObject({
      nombre: before.nombre,
      version: before.version,
    });
    expect((await admin.get(`${BASE}/registros/nuevo-1`)).statusCode).toBe(404);
    const good = await importCsv(admin, 'registros', csv.split('\r\n').slice(0, 3).join('\r\n'));
    expect(good.json()).toEqual({ created: 1, updated: 1 });
    expect((await admin.get(`${BASE}/registros/nuevo-1`)).json()).toMatchObject({ nombre: 'Registro nuevo, con coma' });
    const edited = (await admin.get(`${BASE}/registros/madrid-05`)).json();
    expect(edited).toMatchObject({ registro_lento: true, version: before.version + 1 });
    expect((await admin.get(`${BASE}/registros/madrid-05/history`)).json().items[0].action).toBe('import_update');
  });

  it('refuses unknown columns, broken CSV, NUL bytes, unknown serial ids and wrong content types', async () => {
    const header = await importCsv(admin, 'matches', 'match,type,password\nx,y,z\n');
    expect(header.json().rows).toEqual([
      { line: 1, field: 'password', code: 'bad_header', message: expect.any(String) },
    ]);
    expect((await importCsv(admin, 'matches', 'match,type\n"x,y\n')).json().rows[0].code).toBe('bad_csv');
    expect((await importCsv(admin, 'matches', 'match,type\nx,y,z\n')).json().rows[0].code).toBe('bad_csv');
    // NUL bytes are refused before any handler (plugins/security.ts); other control characters per row.
    expect((await importCsv(admin, 'matches', 'match,type\na\u0000b,y\n')).statusCode).toBe(400);
    const bell = await importCsv(admin, 'matches', 'match,type\nok,y\na\u0007b,y\n');
    expect(bell.json().rows).toEqual([
      { line: 3, field: 'match', code: 'invalid_characters', message: expect.any(String) },
    ]);
    const unknownId = await importCsv(admin, 'matches', 'id,match,type\n987654,x,y\n');
    expect(unknownId.json().rows[0]).toMatchObject({ line: 2, field: 'id', code: 'unknown_reference' });
    const json = await admin.post(`${BASE}/matches/import.csv`, { match: 'x' });
    expect(json.statusCode).toBe(400);
    const pt = await importCsv(admin, 'ips', 'ip,purpose,date\n1.2.3,customer_block,2026-01-01\n', 'pt');
    expect(pt.json().rows[0]).toMatchObject({ line: 2, field: 'ip', code: 'invalid_ip' });
  });
});

describe('IP records in the sign-in path', () => {
  async function login(email: string, password: string, remoteAddress: string) {
    const client = new TestClient(t.app);
    await client.start();
    return client.request({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
  }

  it('staff sign in only from the allowlist once it has entries; blocked customers are refused', async () => {
    // 192.0.2.0/24 was added as staff_allow above.
    expect((await login(...ADMIN, '127.0.0.1')).statusCode).toBe(403);
    expect((await login(...ADMIN, '192.0.2.77')).statusCode).toBe(200);
    expect((await login(...AGENT, '203.0.113.9')).statusCode).toBe(403);
    expect((await login('config-lists-customer@example.com', 'correct-horse-battery', '127.0.0.1')).statusCode).toBe(
      200,
    );
    // A wrong password is still 401 (the IP check comes after it and says nothing).
    expect((await login(ADMIN[0], 'wrong-password', '127.0.0.1')).statusCode).toBe(401);

    const block = await admin.post(`${BASE}/ips`, {
      ip: '198.51.100.0/24',
      purpose: 'customer_block',
      date: '2026-11-24',
    });
    expect(block.statusCode).toBe(201);
    expect((await login('config-lists-customer@example.com', 'correct-horse-battery', '198.51.100.4')).statusCode).toBe(
      403,
    );

    const allow = (await admin.get(`${BASE}/ips?search=192.0.2`)).json().items[0];
    expect((await admin.delete(`${BASE}/ips/${allow.key}`)).json().outcome).toBe('deleted');
    expect((await login(...ADMIN, '127.0.0.1')).statusCode).toBe(200);
    await admin.delete(`${BASE}/ips/${block.json().key}`);
  });
});
