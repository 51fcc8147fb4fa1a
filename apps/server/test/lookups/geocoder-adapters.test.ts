import { describe, expect, it } from 'vitest';
import { PlaceDirectory } from '../../src/modules/geo/place-directory.js';
import { LookupUnavailableError } from '../../src/modules/lookups/cadastre.adapter.js';
import { NominatimGeocoder } from '../../src/modules/lookups/geocoder-nominatim.adapter.js';
import { OfflineGeocoder } from '../../src/modules/lookups/geocoder-offline.adapter.js';
import { fixture, localService, recordedFetch } from './recorded-fetch.js';

const places = new PlaceDirectory();

function nominatim(answer: Parameters<typeof recordedFetch>[0]) {
  const recorded = recordedFetch(answer);
  const geocoder = new NominatimGeocoder(places, {
    baseUrl: 'https://nominatim.example',
    timeoutMs: 2000,
    userAgent: 'Ventanilla/1.0 (+http://shop.test)',
    fetch: recorded.fetch,
  });
  return { geocoder, requests: recorded.requests };
}

describe('Nominatim adapter (recorded answers)', () => {
  it('asks /search in jsonv2 with address details, limited to Spain and Portugal, with a User-Agent', async () => {
    const { geocoder, requests } = nominatim(() => fixture('nominatim', 'search-address'));
    await geocoder.search('Calle de Alcalá 45, Madrid', 3);
    const url = requests[0]!.url;
    expect(url.origin + url.pathname).toBe('https://nominatim.example/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'Calle de Alcalá 45, Madrid',
      format: 'jsonv2',
      addressdetails: '1',
      limit: '3',
      countrycodes: 'es,pt',
      'accept-language': 'es',
    });
    expect(requests[0]!.headers.get('user-agent')).toBe('Ventanilla/1.0 (+http://shop.test)');
  });

  it('maps a house number: address precision, INE codes from the community of one province', async () => {
    const { geocoder } = nominatim(() => fixture('nominatim', 'search-address'));
    expect(await geocoder.search('Calle de Alcalá 45, Madrid', 5)).toEqual([
      {
        label: '45, Calle de Alcalá, Barrio de las Letras, Centro, Madrid, Comunidad de Madrid, 28014, España',
        lat: 40.4203421,
        lon: -3.6988132,
        precision: 'address',
        municipality_code: '28079',
        province_code: '28',
        country: 'ES',
      },
    ]);
  });

  it('maps towns to municipality precision, each in its own province', async () => {
    const { geocoder } = nominatim(() => fixture('nominatim', 'search-town'));
    const results = await geocoder.search('Alcalá', 5);
    expect(results.map((r) => [r.precision, r.municipality_code, r.province_code])).toEqual([
      ['municipality', '28005', '28'],
      ['municipality', '41005', '41'],
    ]);
  });

  it('an empty list is "nothing found"', async () => {
    const { geocoder } = nominatim(() => fixture('nominatim', 'search-empty'));
    expect(await geocoder.search('zzzz', 5)).toEqual([]);
  });

  it('drops hits without usable coordinates', async () => {
    const { geocoder } = nominatim(() =>
      JSON.stringify([
        { lat: 'x', lon: '1' },
        { lat: '91', lon: '0' },
        { lat: '40', lon: '-3', address: {} },
      ]),
    );
    expect(await geocoder.search('x y', 5)).toHaveLength(1);
  });

  it.each([
    ['HTTP 429 (usage policy)', { status: 429, body: '' }],
    ['HTML', { status: 200, body: '<html></html>' }],
    ['an object instead of a list', { status: 200, body: '{"error":"x"}' }],
  ])('%s is unavailable', async (_name, answer) => {
    const { geocoder } = nominatim(() => answer);
    await expect(geocoder.search('Madrid', 5)).rejects.toBeInstanceOf(LookupUnavailableError);
  });

  it('over HTTP: a slow service times out', async () => {
    const service = await localService(() => ({
      status: 200,
      body: fixture('nominatim', 'search-town'),
      delayMs: 1000,
    }));
    try {
      const geocoder = new NominatimGeocoder(places, { baseUrl: service.url, timeoutMs: 200, userAgent: 'test' });
      await expect(geocoder.search('Alcalá', 5)).rejects.toBeInstanceOf(LookupUnavailableError);
    } finally {
      await service.close();
    }
  });
});

describe('offline geocoder (municipality seats of catalog/geo)', () => {
  const geocoder = new OfflineGeocoder(places);

  it.each([
    ['Madrid', '28079', 40.4, -3.7],
    ['Calle Mayor 1, Alcalá de Henares, Madrid', '28005', 40.48, -3.36],
    ['Plaza Nueva 1, 41001 Sevilla', '41091', 37.38, -5.97],
    ['A Coruña', '15030', 43.37, -8.4],
    ['coruna', '15030', 43.37, -8.4],
    ['Alacant', '03014', 38.35, -0.48],
    ['Lisboa', '1106', 38.72, -9.13],
  ])('%s -> %s near %d,%d', async (q, code, lat, lon) => {
    const [first] = await geocoder.search(q, 5);
    expect(first?.municipality_code).toBe(code);
    expect(first?.precision).toBe('municipality');
    expect(Math.abs(first!.lat - lat)).toBeLessThan(0.1);
    expect(Math.abs(first!.lon - lon)).toBeLessThan(0.1);
  });

  it('a province named after a same-named municipality narrows the choice', async () => {
    const results = await geocoder.search('Rafal, Alicante', 5);
    expect(results.map((r) => r.municipality_code)).toEqual(['03109']);
  });

  it('a province alone gives the province point', async () => {
    const [first] = await geocoder.search('Provincia, Soria', 5);
    expect(first).toMatchObject({ precision: 'municipality', municipality_code: '42173' });
    const [province] = await geocoder.search('Calle Inventada 3, Cantabria', 5);
    expect(province).toMatchObject({ precision: 'province', province_code: '39', municipality_code: null });
  });

  it('finds nothing in text that names no place', async () => {
    expect(await geocoder.search('zzzz qqqq', 5)).toEqual([]);
  });
});
