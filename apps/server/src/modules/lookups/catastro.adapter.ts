import {
  formatCadastralAddress,
  titleCase,
  type CadastralAddressParts,
  type CadastralRecord,
} from '@ventanilla/domain';
import type { PlaceDirectory } from '../geo/index.js';
import {
  catastroText,
  LookupUnavailableError,
  splitStreet,
  type AddressQuery,
  type CadastreAdapter,
  type LookupFetch,
  type ReferenceQuery,
} from './cadastre.adapter.js';

/**
 * The Spanish Catastro's public web services, "consulta de datos no protegidos" (OVCCallejero), in their JSON form:
 *
 *   GET {base}/OVCServWeb/OVCWcfCallejero/COVCCallejero.svc/json/Consulta_DNPRC?RefCat=<14 or 20>
 *   GET {base}/OVCServWeb/OVCWcfCallejero/COVCCallejero.svc/json/Consulta_DNPLOC?Provincia=&Municipio=&Sigla=&Calle=
 *       &Numero=&Bloque=&Escalera=&Planta=&Puerta=
 *
 * One property comes as `bico.bi`, several (a parcel, a building) as `lrcdnp.rcdnp[]`; an object where a list holds
 * one entry. Errors come as HTTP 200 with `control.cuerr` and `lerr[]{cod, des}`: cod 5 "NO EXISTE NINGÚN INMUEBLE..."
 * is "nothing matches"; other codes are a request the service refused (treated as unavailable, and logged). No
 * personal data is asked or returned: holders are protected data, outside these services. Recorded responses:
 * apps/server/test/fixtures/catastro/.
 */
export class CatastroCadastre implements CadastreAdapter {
  readonly name = 'catastro' as const;

  constructor(
    private readonly places: PlaceDirectory,
    private readonly options: { baseUrl: string; timeoutMs: number; userAgent: string; fetch?: LookupFetch },
  ) {}

  async byReference({ refcat }: ReferenceQuery): Promise<CadastralRecord[]> {
    const body = await this.call('Consulta_DNPRC', { Provincia: '', Municipio: '', RefCat: refcat });
    return this.records(body, 'consulta_dnprcResult');
  }

  async byAddress(query: AddressQuery): Promise<CadastralRecord[]> {
    const province = this.places.find('es_province', query.provinceCode);
    const municipality = this.places.find('es_municipality', query.municipalityCode);
    if (!province || !municipality) return [];
    const street = splitStreet(query.street);
    const body = await this.call('Consulta_DNPLOC', {
      Provincia: catastroName(province.name),
      Municipio: catastroName(municipality.name),
      Sigla: street.type,
      Calle: street.name,
      Numero: query.number.trim(),
      Bloque: '',
      Escalera: '',
      Planta: '',
      Puerta: '',
    });
    return this.records(body, 'consulta_dnplocResult');
  }

  private async call(operation: string, params: Record<string, string>): Promise<unknown> {
    const url = `${this.options.baseUrl}/OVCServWeb/OVCWcfCallejero/COVCCallejero.svc/json/${operation}?${new URLSearchParams(params)}`;
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(url, {
        headers: { accept: 'application/json', 'user-agent': this.options.userAgent },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new LookupUnavailableError(`catastro ${operation}: ${(error as Error).message}`);
    }
    if (!response.ok) throw new LookupUnavailableError(`catastro ${operation}: HTTP ${response.status}`);
    const text = await response.text();
    try {
      return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
    } catch {
      throw new LookupUnavailableError(`catastro ${operation}: not JSON`);
    }
  }

  private records(body: unknown, rootKey: string): CadastralRecord[] {
    const root = field(body, rootKey);
    if (root === undefined) throw new LookupUnavailableError(`catastro: no ${rootKey} in the answer`);
    const errors = list(field(root, 'lerr')).map((e) => ({ cod: text(field(e, 'cod')), des: text(field(e, 'des')) }));
    const units = list(field(field(root, 'lrcdnp'), 'rcdnp'));
    const single = field(field(root, 'bico'), 'bi');
    const nodes = units.length > 0 ? units : single !== undefined ? [single] : [];
    if (nodes.length === 0 && errors.length > 0) {
      // 5: no property matches; 43 and the like: the number does not exist at that street (a `numerero` follows).
      if (errors.every((e) => NOT_FOUND_CODES.has(e.cod ?? '') || /NO EXISTE/.test(e.des ?? ''))) return [];
      throw new LookupUnavailableError(`catastro refused the request: ${errors.map((e) => `${e.cod} ${e.des}`)}`);
    }
    return nodes.map((node) => this.record(node)).filter((r): r is CadastralRecord => r !== null);
  }

  /** One property: `rcdnp` ({rc, dt, debi}) or `bi` ({idbi{cn, rc}, dt, ldt, debi}). */
  private record(node: unknown): CadastralRecord | null {
    const idbi = field(node, 'idbi');
    const rc = field(node, 'rc') ?? field(idbi, 'rc');
    const refcat = ['pc1', 'pc2', 'car', 'cc1', 'cc2'].map((k) => text(field(rc, k)) ?? '').join('');
    const dt = field(node, 'dt');
    const loine = field(dt, 'loine');
    const cp = text(field(loine, 'cp'))?.padStart(2, '0');
    const cm = text(field(loine, 'cm'))?.padStart(3, '0');
    if (refcat.length !== 20 || !cp || !cm) return null;
    const province = this.places.find('es_province', cp);
    const municipality = this.places.find('es_municipality', cp + cm);
    const locs = field(dt, 'locs');
    const lourb = field(field(locs, 'lous'), 'lourb');
    const lorus = field(field(locs, 'lors'), 'lorus');
    const dir = field(lourb, 'dir');
    const loint = field(lourb, 'loint');
    const parts: CadastralAddressParts = lourb
      ? {
          street_type: text(field(dir, 'tv')) ?? '',
          street: text(field(dir, 'nv')) ?? '',
          number: text(field(dir, 'pnp')) ?? '',
          staircase: text(field(loint, 'es')),
          floor: text(field(loint, 'pt')),
          door: text(field(loint, 'pu')),
          postal_code: text(field(lourb, 'dp'))?.padStart(5, '0') ?? null,
        }
      : rusticParts(lorus);
    const debi = field(node, 'debi');
    const cn = text(field(idbi, 'cn'));
    return {
      refcat,
      province_code: cp,
      province: province?.name ?? titleCase(text(field(dt, 'np')) ?? ''),
      municipality_code: cp + cm,
      municipality: municipality?.name ?? titleCase(text(field(dt, 'nm')) ?? ''),
      address: formatCadastralAddress(parts),
      address_parts: parts,
      class: cn === 'RU' ? 'rustic' : cn === 'UR' ? 'urban' : refcat.charAt(5) === 'A' ? 'rustic' : null,
      use: text(field(debi, 'luso')),
      surface_m2: number(field(debi, 'sfc')),
      year_built: number(field(debi, 'ant')),
    };
  }
}

const NOT_FOUND_CODES = new Set(['5', '43']);

/** A rustic property's place: polygon, parcel and the name of the site (`lorus{cpp{cpo, cpa}, npa}`). */
function rusticParts(lorus: unknown): CadastralAddressParts {
  const cpp = field(lorus, 'cpp');
  const polygon = text(field(cpp, 'cpo'));
  const parcel = text(field(cpp, 'cpa'));
  const site = text(field(lorus, 'npa'));
  const street = [polygon ? `POLIGONO ${polygon}` : null, parcel ? `PARCELA ${parcel}` : null, site]
    .filter(Boolean)
    .join(' ');
  return { street_type: '', street, number: '', staircase: null, floor: null, door: null, postal_code: null };
}

/** The name the Catastro uses for a place: capitals without accents; of "Alicante/Alacant", the first form. */
function catastroName(name: string): string {
  return catastroText(name.split('/')[0] ?? name);
}

function field(node: unknown, key: string): unknown {
  return node !== null && typeof node === 'object' && !Array.isArray(node)
    ? (node as Record<string, unknown>)[key]
    : undefined;
}

/** The service writes a one-entry list as an object. */
function list(node: unknown): unknown[] {
  return node === undefined || node === null ? [] : Array.isArray(node) ? node : [node];
}

function text(node: unknown): string | null {
  if (typeof node === 'number') return String(node);
  if (typeof node !== 'string') return null;
  const trimmed = node.trim();
  return trimmed === '' ? null : trimmed;
}

/** A figure of the service: integers, or Spanish decimals with a comma ("7,320000"). */
function number(node: unknown): number | null {
  const t = text(node);
  // A surface or a share with a decimal comma, not money.
  // eslint-disable-next-line no-restricted-syntax
  if (t === null || !/^\d+(?:[.,]\d+)?$/.test(t)) return null;
  const n = Number(t.replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? n : null;
}
