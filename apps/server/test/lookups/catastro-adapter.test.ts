import { parseRefcatQuery } from '@ventanilla/domain';
import { describe, expect, it } from 'vitest';
import { LookupUnavailableError, splitStreet } from '../../src/modules/lookups/cadastre.adapter.js';
import { CatastroCadastre } from '../../src/modules/lookups/catastro.adapter.js';
import { PlaceDirectory } from '../../src/modules/geo/place-directory.js';
import { fixture, localService, recordedFetch } from './recorded-fetch.js';

const places = new PlaceDirectory();
const BASE = 'https://ovc.catastro.meh.es';
const PATH = '/OVCServWeb/OVCWcfCallejero/COVCCallejero.svc/json/';

function adapter(answer: Parameters<typeof recordedFetch>[0]) {
  const recorded = recordedFetch(answer);
  const catastro = new CatastroCadastre(places, {
    baseUrl: BASE,
    timeoutMs: 2000,
    userAgent: 'Ventanilla/1.0 (+http://shop.test)',
    fetch: recorded.fetch,
  });
  return { catastro, requests: recorded.requests };
}

describe('Catastro adapter: Consulta_DNPRC (recorded answers)', () => {
  it('asks for the reference with RefCat (not RC) and maps one property (bico.bi)', async () => {
    const { catastro, requests } = adapter(() => fixture('catastro', 'dnprc-unit'));
    const records = await catastro.byReference({ refcat: '8897006XH8189N0001IU', kind: 'unit' });
    expect(requests).toHaveLength(1);
    const url = requests[0]!.url;
    expect(url.origin + url.pathname).toBe(`${BASE}${PATH}Consulta_DNPRC`);
    expect(url.searchParams.get('RefCat')).toBe('8897006XH8189N0001IU');
    expect(url.searchParams.has('RC')).toBe(false);
    expect(requests[0]!.headers.get('user-agent')).toMatch(/^Ventanilla\//);
    expect(records).toEqual([
      {
        refcat: '8897006XH8189N0001IU',
        province_code: '03',
        province: 'Alicante/Alacant',
        municipality_code: '03109',
        municipality: 'Rafal',
        address: 'Calle Miguel de Cervantes 13, Esc. 1, Planta 0, Puerta 01',
        address_parts: {
          street_type: 'CL',
          street: 'MIGUEL DE CERVANTES',
          number: '13',
          staircase: '1',
          floor: '00',
          door: '01',
          postal_code: '03369',
        },
        class: 'urban',
        use: 'Residencial',
        surface_m2: 133,
        year_built: 1994,
      },
    ]);
  });

  it('lists the units of a parcel (lrcdnp.rcdnp[]) with INE codes from loine', async () => {
    const { catastro } = adapter(() => fixture('catastro', 'dnprc-parcel'));
    const records = await catastro.byReference({ refcat: '0663903VK4706D', kind: 'parcel' });
    expect(records.map((r) => [r.refcat, r.municipality_code, r.municipality, r.address])).toEqual([
      ['0663903VK4706D0001AL', '28079', 'Madrid', 'Calle Quesada 11, Esc. 1, Planta 0, Puerta 01'],
      ['0663903VK4706D0002SB', '28079', 'Madrid', 'Calle Quesada 11, Esc. 1, Planta 1, Puerta DR'],
      ['0663903VK4706D0003DZ', '28079', 'Madrid', 'Calle Quesada 11, Esc. 1, Planta 1, Puerta IZ'],
    ]);
    // Every reference the service gave carries valid control letters.
    for (const r of records) expect(parseRefcatQuery(r.refcat)).toMatchObject({ ok: true, kind: 'unit' });
  });

  it('reads a rustic property: polygon, parcel and site', async () => {
    const { catastro } = adapter(() => fixture('catastro', 'dnprc-rustic'));
    const [record] = await catastro.byReference({ refcat: '13013A012000450000MK', kind: 'unit' });
    expect(record).toMatchObject({
      refcat: '13013A012000450000MK',
      class: 'rustic',
      municipality: 'Almagro',
      province: 'Ciudad Real',
      address: 'Poligono 12 Parcela 45 los Llanos',
      use: 'Agrario',
      surface_m2: null,
    });
  });

  it('cod 5 (no property) is an empty answer: "Registro no encontrado"', async () => {
    const { catastro } = adapter(() => fixture('catastro', 'dnprc-not-found'));
    expect(await catastro.byReference({ refcat: '7837301VG8173B0001TT', kind: 'unit' })).toEqual([]);
  });

  it.each([
    ['a refused request (cod 17)', { status: 200, body: fixture('catastro', 'dnprc-refused') }],
    ['an HTTP error', { status: 503, body: '<html>Service Unavailable</html>' }],
    ['a page that is not JSON', { status: 200, body: '<html>mantenimiento</html>' }],
    ['JSON of another shape', { status: 200, body: '{"otra":"cosa"}' }],
  ])('%s is "unavailable", not "not found"', async (_name, answer) => {
    const { catastro } = adapter(() => answer);
    await expect(catastro.byReference({ refcat: '7837301VG8173B0001TT', kind: 'unit' })).rejects.toBeInstanceOf(
      LookupUnavailableError,
    );
  });
});

describe('Catastro adapter: Consulta_DNPLOC (recorded answers)', () => {
  it('sends the province and municipality names and the street split as the service wants', async () => {
    const { catastro, requests } = adapter(() => fixture('catastro', 'dnploc-building'));
    const records = await catastro.byAddress({
      provinceCode: '28',
      municipalityCode: '28079',
      street: 'Calle de Quesada',
      number: '11',
    });
    const url = requests[0]!.url;
    expect(url.pathname).toBe(`${PATH}Consulta_DNPLOC`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      Provincia: 'MADRID',
      Municipio: 'MADRID',
      Sigla: 'CL',
      Calle: 'QUESADA',
      Numero: '11',
      Bloque: '',
      Escalera: '',
      Planta: '',
      Puerta: '',
    });
    expect(records.map((r) => r.refcat)).toEqual(['0663903VK4706D0002SB', '0663903VK4706D0003DZ']);
  });

  it('maps a single property at an address (bico)', async () => {
    const { catastro, requests } = adapter(() => fixture('catastro', 'dnploc-one'));
    const records = await catastro.byAddress({
      provinceCode: '03',
      municipalityCode: '03109',
      street: 'c/ Miguel de Cervantes',
      number: '13',
    });
    expect(requests[0]!.url.searchParams.get('Provincia')).toBe('ALICANTE');
    expect(requests[0]!.url.searchParams.get('Calle')).toBe('MIGUEL DE CERVANTES');
    expect(records.map((r) => [r.refcat, r.municipality])).toEqual([['8897006XH8189N0001IU', 'Rafal']]);
  });

  it('does not call the service for a municipality the data sets do not know', async () => {
    const { catastro, requests } = adapter(() => fixture('catastro', 'dnploc-one'));
    expect(
      await catastro.byAddress({ provinceCode: '28', municipalityCode: '28999', street: 'x', number: '' }),
    ).toEqual([]);
    expect(requests).toHaveLength(0);
  });
});

describe('Catastro adapter over HTTP (a local server)', () => {
  it('reads the answer with the real fetch, and gives up after the timeout', async () => {
    const service = await localService((url) =>
      url.searchParams.get('RefCat') === '0663903VK4706D'
        ? { status: 200, body: fixture('catastro', 'dnprc-parcel') }
        : { status: 200, body: fixture('catastro', 'dnprc-unit'), delayMs: 1500 },
    );
    try {
      const catastro = new CatastroCadastre(places, { baseUrl: service.url, timeoutMs: 300, userAgent: 'test' });
      expect(await catastro.byReference({ refcat: '0663903VK4706D', kind: 'parcel' })).toHaveLength(3);
      await expect(catastro.byReference({ refcat: '8897006XH8189N0001IU', kind: 'unit' })).rejects.toBeInstanceOf(
        LookupUnavailableError,
      );
      expect(service.requests.map((u) => u.pathname)).toEqual([`${PATH}Consulta_DNPRC`, `${PATH}Consulta_DNPRC`]);
    } finally {
      await service.close();
    }
  });
});

describe('splitStreet', () => {
  it.each([
    ['Calle de Alcalá', 'CL', 'ALCALA'],
    ['c/ Mayor', 'CL', 'MAYOR'],
    ['Avda. del Puerto', 'AV', 'PUERTO'],
    ['Paseo de la Castellana', 'PS', 'CASTELLANA'],
    ['plaza mayor', 'PZ', 'MAYOR'],
    ['Quesada', 'CL', 'QUESADA'],
    ['Calle Señores de Luzón', 'CL', 'SEÑORES DE LUZON'],
  ])('%s -> %s %s', (street, type, name) => {
    expect(splitStreet(street)).toEqual({ type, name });
  });
});
