import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogFiles } from '../../src/modules/catalog/catalog-files.js';
import { lintCatalogFiles } from '../../src/modules/catalog/catalog-lint.js';
import { createTestApp, TestClient, type TestApp } from '../support/test-app.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(here, '../../../..');
const FIXTURE_CATALOG = path.resolve(here, '../fixtures/catalog');

const DEED = '/api/stores/1/products/copia-escritura-notarial';
const CADASTRAL = '/api/stores/1/products/busqueda-catastral';
const TRADEMARK = '/api/stores/1/products/registro-de-marca-nacional';
const EXIT_MESSAGE = 'Lo sentimos, es imposible realizar el trámite si no eres titular, heredero o representante.';

/** A sale deed (not a will), after 2006, paper copy, with the simple copy, DNI and the 20-page acceptance. */
const deedAnswers = {
  '1001': '10012',
  '1002': '10022',
  '1003': [10031],
  '1004': '10042',
  '1005': '12345678Z',
  '1006': [10061],
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { CATALOG_DIR: FIXTURE_CATALOG } });
});
afterAll(async () => t?.close());

const evaluate = (url: string, answers: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `${url}/evaluate`, payload: { answers } });

describe('product JSON exposes the flow rules with the spec names', () => {
  it('deed copy: redirect, early checkout, questions on confirm, no exit (false), option autounset and validator', async () => {
    const body = (await t.app.inject(DEED)).json();
    expect(body).toMatchObject({
      conditions_to_redirect: [
        { option_id: 1001, value: '10011', product_id_in: 18458, product_id_out: 18480, step_saved: 2 },
      ],
      conditions_to_exit: false,
      conditions_to_earlycheckout: {
        type: 'or',
        options: [{ option_id: 1004, value: '10041' }],
        confirmationOptions: [1006],
      },
      questions_on_confirm: [1006],
      question_on_start: null,
      related_product: [],
    });
    const options = body.options as Array<Record<string, unknown>>;
    expect(options.find((o) => o.option_id === 1003)).toMatchObject({
      autounset_option_values: [{ option_id: 1002, value: '10021' }],
    });
    expect(options.find((o) => o.option_id === 1005)).toMatchObject({
      validator: 'dni',
      hide_price: 1,
      error: 'Escribe tu DNI sin guiones ni espacios',
    });
  });

  it('trademark: the fee product with its own tax rule', async () => {
    expect((await t.app.inject(TRADEMARK)).json().related_product).toEqual([
      {
        product_id: 20101,
        name: 'Tasa de solicitud OEPM (una clase)',
        base_price: '127.88',
        price: '127.88',
        vat: false,
      },
    ]);
  });
});

describe('POST .../evaluate outcomes', () => {
  it('a will (testamento) redirects to the will copy, keeping the answers, resuming at step 2', async () => {
    const res = await evaluate(DEED, { '1001': '10011', '1002': '10022' });
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toEqual({
      type: 'redirect',
      product_id: 18480,
      url_key: 'copia-testamento',
      step_saved: 2,
      answers: { '1001': '10011', '1002': '10022' },
    });
  });

  it('"Ninguna de las anteriores" exits with the spec message', async () => {
    const res = await evaluate(CADASTRAL, { '1201': '12014' });
    expect(res.json().outcome).toEqual({
      type: 'exit',
      message: EXIT_MESSAGE,
      rule: { index: 0, options: [{ option_id: 1201, value: '12014' }] },
    });
  });

  it('early checkout (electronic copy): only the confirmation question is still required', async () => {
    const res = (await evaluate(DEED, { '1001': '10012', '1002': '10022', '1004': '10041' })).json();
    expect(res.outcome).toEqual({ type: 'early_checkout', confirmation_options: [1006] });
    expect(res.errors).toEqual([{ option_id: 1006, message: 'Por favor, escribe el dato' }]);
  });

  it('autounset: the simple copy is dropped (and not priced) for deeds before 2006', async () => {
    const res = (await evaluate(DEED, { ...deedAnswers, '1002': '10021' })).json();
    expect(res.answers['1003']).toBeUndefined();
    // 129.00 + 35.00 (pre-2006) + 56.00 (paper) = 220.00 + 21 % = 266.20
    expect(res.price).toMatchObject({ options: '91.00', subtotal: '220.00', total: '266.20' });
  });

  it('the custom error replaces the required message; the DNI validator rejects hyphens', async () => {
    const missing = (await evaluate(DEED, { ...deedAnswers, '1005': '' })).json();
    expect(missing.errors).toEqual([{ option_id: 1005, message: 'Escribe tu DNI sin guiones ni espacios' }]);
    const hyphen = (await evaluate(DEED, { ...deedAnswers, '1005': '12345678-Z' })).json();
    expect(hyphen.errors.map((e: { option_id: number }) => e.option_id)).toEqual([1005]);
  });

  it('related fee lines are priced with their own tax rule and included in the total (225.01)', async () => {
    const res = (await evaluate(TRADEMARK, { '1301': 'VENTANILLA' })).json();
    expect(res.outcome).toEqual({ type: 'continue' });
    expect(res.price).toEqual({
      base: '80.27',
      options: '0.00',
      subtotal: '80.27',
      tax: '16.86',
      fees: '0.00',
      related: [
        {
          product_id: 20101,
          name: 'Tasa de solicitud OEPM (una clase)',
          vat: false,
          price: '127.88',
          tax: '0.00',
          total: '127.88',
        },
      ],
      total: '225.01',
    });
  });
});

describe('add-to-cart refuses what the rules stop', () => {
  let c: TestClient;
  beforeAll(async () => {
    c = new TestClient(t.app);
    await c.start(1);
  });

  it('an exit is 422 with its message', async () => {
    const res = await c.post('/api/cart/items', {
      store_id: 1,
      url_key: 'busqueda-catastral',
      answers: { '1201': '12014', '1202': 'Calle Mayor 1' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'FORM_EXIT', message: EXIT_MESSAGE });
  });

  it('a redirect is 409 PRODUCT_REDIRECT naming the target', async () => {
    const res = await c.post('/api/cart/items', {
      store_id: 1,
      url_key: 'copia-escritura-notarial',
      answers: { ...deedAnswers, '1001': '10011' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PRODUCT_REDIRECT',
      redirect: { product_id: 18480, url_key: 'copia-testamento', step_saved: 2 },
    });
    expect(res.json().message).toContain('Copia de testamento');
    expect((await c.get('/api/cart')).json().items).toEqual([]);
  });

  it('an early checkout with its confirmation answered is accepted', async () => {
    const res = await c.post('/api/cart/items', {
      store_id: 1,
      url_key: 'copia-escritura-notarial',
      answers: { '1001': '10012', '1002': '10022', '1004': '10041', '1006': [10061] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().items.at(-1)).toMatchObject({ valid: true, price: { total: '156.09' } });
  });

  it('a trademark line brings its fee: cart totals add up (fee without VAT in fees)', async () => {
    const fresh = new TestClient(t.app);
    await fresh.start(1);
    const res = await fresh.post('/api/cart/items', {
      store_id: 1,
      url_key: 'registro-de-marca-nacional',
      answers: { '1301': 'VENTANILLA' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().totals).toEqual({ subtotal: '80.27', tax: '16.86', fees: '127.88', total: '225.01' });
  });

  it('the messages exist in English and Portuguese stores too', async () => {
    const en = new TestClient(t.app);
    await en.start(17);
    const res = await en.post('/api/cart/items', {
      store_id: 1,
      url_key: 'copia-escritura-notarial',
      answers: { ...deedAnswers, '1001': '10011' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'With these answers, the service you need is a different one: “Copia de testamento”. Continue there with your answers.',
    );
  });
});

describe('catalogue linter', () => {
  it('the real catalogue passes', async () => {
    expect(lintCatalogFiles(await readCatalogFiles(path.join(REPO, 'catalog')))).toEqual([]);
  });

  it('the fixture catalogue passes', async () => {
    expect(lintCatalogFiles(await readCatalogFiles(FIXTURE_CATALOG))).toEqual([]);
  });

  type Files = Awaited<ReturnType<typeof readCatalogFiles>>;
  const BROKEN: ReadonlyArray<[name: string, breakIt: (files: Files) => void, rule: string]> = [
    [
      'vat-free-official-fee-outside-exceptions',
      (f) => {
        f.products.find((p) => p.url_key === 'busqueda-catastral')!.official_fee = '5.00';
      },
      'vat-free-outside-exceptions',
    ],
    [
      'vat-free-related-product-outside-exceptions',
      (f) => {
        f.forms.find((x) => x.url_key === 'busqueda-catastral')!.related_product = [
          { product_id: 9, name: 'Tasa', price: '1.00', vat: false },
        ];
      },
      'vat-free-outside-exceptions',
    ],
    [
      'mixed-vat-countries',
      (f) => {
        f.products.find((p) => p.url_key === 'busqueda-catastral')!.stores.push('16');
      },
      'mixed-vat-countries',
    ],
    [
      'redirect-unknown-product',
      (f) => {
        f.forms.find((x) => x.url_key === 'copia-escritura-notarial')!.conditions_to_redirect![0]!.product_id_out =
          4242;
      },
      'redirect-unknown-product',
    ],
    [
      'redirect-cycle',
      (f) => {
        f.forms.find((x) => x.url_key === 'copia-testamento')!.conditions_to_redirect = [
          { option_id: 1101, value: 'x', product_id_in: 18480, product_id_out: 18458, step_saved: 1 },
        ];
      },
      'redirect-cycle',
    ],
    [
      'exit-empty-message',
      (f) => {
        (
          f.forms.find((x) => x.url_key === 'busqueda-catastral')!.conditions_to_exit as Array<{ message: string }>
        )[0]!.message = '';
      },
      'exit-empty-message',
    ],
    [
      'condition-later-option',
      (f) => {
        f.forms.find((x) => x.url_key === 'busqueda-catastral')!.options[0]!.previous_steps = [
          { option_id: 1202, value: '' },
        ];
      },
      'later-option',
    ],
    [
      'option-not-in-steps',
      (f) => {
        f.forms.find((x) => x.url_key === 'busqueda-catastral')!.steps = [[1201]];
      },
      'option-not-in-steps',
    ],
  ];

  it.each(BROKEN)('broken-catalog/%s fails with the right problem', async (_name, breakIt, rule) => {
    const files = await readCatalogFiles(FIXTURE_CATALOG);
    breakIt(files);
    expect(lintCatalogFiles(files).map((p) => p.rule)).toContain(rule);
  });

  it('npm run catalog:lint exits non-zero on a broken catalogue and zero on a good one', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'broken-catalog-'));
    try {
      await cp(FIXTURE_CATALOG, dir, { recursive: true });
      const file = path.join(dir, 'forms/busqueda-catastral.json');
      const form = JSON.parse(await readFile(file, 'utf8'));
      form.conditions_to_exit[0].message = ' ';
      await writeFile(file, JSON.stringify(form));
      const run = (target: string) =>
        spawnSync(
          path.join(REPO, 'node_modules/.bin/tsx'),
          ['--conditions=@ventanilla/source', 'apps/server/src/modules/catalog/catalog-lint.command.ts', target],
          {
            cwd: REPO,
            encoding: 'utf8',
          },
        );
      const broken = run(dir);
      expect(broken.status).toBe(1);
      expect(broken.stderr).toContain('busqueda-catastral: [exit-empty-message]');
      expect(run(FIXTURE_CATALOG).status).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
