import {
  cents,
  reportRating,
  type CompanyIncident,
  type CompanyReport,
  type CompanyReportKind,
  type CompanyStatus,
  type FinancialYear,
} from '@ventanilla/domain';
import type { CompanyReportAdapter } from './company-report-adapter.js';

// The sandbox: a made-up but plausible company for every valid CIF, the same every time (a PRNG seeded by the CIF),
// so demos, tests and the automatic attachment work with no contract and no network. Every report it makes says
// "SANDBOX / datos ficticios". docs/integrations.md, "Company reports".

/** CIFs whose number starts with 999 are "not registered" in the sandbox: the 404 path can be tried. */
export function sandboxKnows(cif: string): boolean {
  return !cif.slice(1).startsWith('999');
}

/** FNV-1a of the text, then mulberry32: a small deterministic generator. */
function generator(seed: string): () => number {
  let h = 0x811c9dc5;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  let state = h;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const between = (random: () => number, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/** The legal form a CIF's first letter stands for. */
const LEGAL_FORMS: Readonly<Record<string, [string, string]>> = {
  A: ['Sociedad Anónima', 'S.A.'],
  B: ['Sociedad de Responsabilidad Limitada', 'S.L.'],
  C: ['Sociedad Colectiva', 'S.C.'],
  D: ['Sociedad Comanditaria', 'S. Com.'],
  E: ['Comunidad de Bienes', 'C.B.'],
  F: ['Sociedad Cooperativa', 'S. Coop.'],
  G: ['Asociación', ''],
  J: ['Sociedad Civil', 'S.C.P.'],
  U: ['Unión Temporal de Empresas', 'UTE'],
  V: ['Otro tipo de entidad', ''],
};

/** Provinces by the two digits that follow a CIF's letter (the province where it was issued, INE numbering). */
const PROVINCES: ReadonlyArray<[string, string, string]> = [
  ['01', 'Araba/Álava', 'Vitoria-Gasteiz'],
  ['02', 'Albacete', 'Albacete'],
  ['03', 'Alicante/Alacant', 'Alicante/Alacant'],
  ['04', 'Almería', 'Almería'],
  ['05', 'Ávila', 'Ávila'],
  ['06', 'Badajoz', 'Badajoz'],
  ['07', 'Illes Balears', 'Palma'],
  ['08', 'Barcelona', 'Barcelona'],
  ['09', 'Burgos', 'Burgos'],
  ['10', 'Cáceres', 'Cáceres'],
  ['11', 'Cádiz', 'Cádiz'],
  ['12', 'Castellón/Castelló', 'Castellón de la Plana/Castelló de la Plana'],
  ['13', 'Ciudad Real', 'Ciudad Real'],
  ['14', 'Córdoba', 'Córdoba'],
  ['15', 'A Coruña', 'A Coruña'],
  ['16', 'Cuenca', 'Cuenca'],
  ['17', 'Girona', 'Girona'],
  ['18', 'Granada', 'Granada'],
  ['19', 'Guadalajara', 'Guadalajara'],
  ['20', 'Gipuzkoa', 'Donostia/San Sebastián'],
  ['21', 'Huelva', 'Huelva'],
  ['22', 'Huesca', 'Huesca'],
  ['23', 'Jaén', 'Jaén'],
  ['24', 'León', 'León'],
  ['25', 'Lleida', 'Lleida'],
  ['26', 'La Rioja', 'Logroño'],
  ['27', 'Lugo', 'Lugo'],
  ['28', 'Madrid', 'Madrid'],
  ['29', 'Málaga', 'Málaga'],
  ['30', 'Murcia', 'Murcia'],
  ['31', 'Navarra', 'Pamplona/Iruña'],
  ['32', 'Ourense', 'Ourense'],
  ['33', 'Asturias', 'Oviedo'],
  ['34', 'Palencia', 'Palencia'],
  ['35', 'Las Palmas', 'Las Palmas de Gran Canaria'],
  ['36', 'Pontevedra', 'Vigo'],
  ['37', 'Salamanca', 'Salamanca'],
  ['38', 'Santa Cruz de Tenerife', 'Santa Cruz de Tenerife'],
  ['39', 'Cantabria', 'Santander'],
  ['40', 'Segovia', 'Segovia'],
  ['41', 'Sevilla', 'Sevilla'],
  ['42', 'Soria', 'Soria'],
  ['43', 'Tarragona', 'Tarragona'],
  ['44', 'Teruel', 'Teruel'],
  ['45', 'Toledo', 'Toledo'],
  ['46', 'Valencia/València', 'València'],
  ['47', 'Valladolid', 'Valladolid'],
  ['48', 'Bizkaia', 'Bilbao'],
  ['49', 'Zamora', 'Zamora'],
  ['50', 'Zaragoza', 'Zaragoza'],
  ['51', 'Ceuta', 'Ceuta'],
  ['52', 'Melilla', 'Melilla'],
];

/** The further numbers the tax agency gave provinces whose first one ran out (Madrid 78-88, Barcelona 58-68...). */
const EXTRA_PROVINCE_CODES: Readonly<Record<string, string>> = Object.fromEntries(
  (
    [
      ['28', [78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88]],
      ['08', [58, 59, 60, 61, 62, 63, 64, 65, 66, 68]],
      ['46', [96, 97, 98]],
      ['03', [53, 54]],
      ['30', [73]],
      ['41', [90, 91]],
      ['29', [92, 93]],
      ['36', [94]],
      ['48', [95]],
      ['11', [72]],
      ['33', [74]],
      ['38', [75]],
      ['35', [76]],
      ['07', [57]],
      ['17', [55]],
      ['14', [56]],
      ['31', [71]],
      ['43', [77]],
      ['50', [99]],
      ['15', [70]],
    ] as Array<[string, number[]]>
  ).flatMap(([ine, extra]) => extra.map((n) => [String(n), ine])),
);

const CNAE: ReadonlyArray<[string, string, string]> = [
  // [code, title, a word for the company's name]
  ['4121', 'Construcción de edificios residenciales', 'Construcciones'],
  ['4321', 'Instalaciones eléctricas', 'Instalaciones Eléctricas'],
  ['4711', 'Comercio al por menor en establecimientos no especializados, con predominio en alimentos', 'Supermercados'],
  ['4941', 'Transporte de mercancías por carretera', 'Transportes'],
  ['5610', 'Restaurantes y puestos de comidas', 'Restauración'],
  ['6201', 'Actividades de programación informática', 'Software'],
  ['6820', 'Alquiler de bienes inmobiliarios por cuenta propia', 'Inmuebles'],
  ['6920', 'Actividades de contabilidad, teneduría de libros, auditoría y asesoría fiscal', 'Asesores'],
  ['7112', 'Servicios técnicos de ingeniería y otras actividades relacionadas', 'Ingeniería'],
  ['1071', 'Fabricación de pan y de productos frescos de panadería y pastelería', 'Panaderías'],
  ['0150', 'Producción agrícola combinada con la producción ganadera', 'Agropecuaria'],
  ['8623', 'Actividades odontológicas', 'Clínica Dental'],
];

const NAME_WORDS = [
  'Alba',
  'Levante',
  'Ibérica',
  'Mediterránea',
  'del Norte',
  'Cantábrica',
  'Atlántica',
  'Sierra',
  'Horizonte',
  'Robledal',
  'Almenara',
  'Miraflores',
  'Valdeluz',
  'Aurora',
  'Torrealta',
  'Olivar',
];
const STREETS = [
  'Calle Mayor',
  'Avenida de la Constitución',
  'Calle Real',
  'Paseo de la Castellana',
  'Calle del Comercio',
  'Avenida de Andalucía',
  'Calle San Francisco',
  'Polígono Industrial Los Llanos, calle A',
  'Rambla Nova',
  'Calle Gran Vía',
];

function euros(value: number) {
  return cents(Math.round(value) * 100);
}

/** The sandbox's company for a CIF, deterministic; the data is as of `asOf` (its last accounts: the year before). */
export function sandboxReport(cif: string, kind: CompanyReportKind, asOf: Date): CompanyReport {
  const random = generator(cif);
  const [legalForm, suffix] = LEGAL_FORMS[cif.charAt(0)] ?? ['Otro tipo de entidad', ''];
  const provinceCode = cif.slice(1, 3);
  const ineCode = EXTRA_PROVINCE_CODES[provinceCode] ?? provinceCode;
  const [postalPrefix, province, municipality] =
    PROVINCES.find(([code]) => code === ineCode) ?? PROVINCES[Number(provinceCode) % PROVINCES.length]!;
  const [cnaeCode, cnaeTitle, nameWord] = pick(random, CNAE);
  const name = [nameWord, pick(random, NAME_WORDS), suffix].filter(Boolean).join(' ');
  const lastYear = asOf.getUTCFullYear() - 1;
  const founded = between(random, 1975, lastYear - 3);

  // Three years of accounts: a size, a trend and a margin drawn once, then a little noise each year.
  const size = Math.exp(11 + random() * 6); // turnover from about 60,000 to 24 million euros
  const trend = -0.1 + random() * 0.3;
  const margin = -0.06 + random() * 0.18;
  const leverage = 0.25 + random() * 0.6;
  const years: FinancialYear[] = [];
  for (let back = 2; back >= 0; back--) {
    const turnover = size * (1 + trend) ** (2 - back) * (0.95 + random() * 0.1);
    const profit = turnover * (margin + (random() - 0.5) * 0.03);
    const totalAssets = turnover * (0.5 + random() * 0.6);
    const totalLiabilities = totalAssets * leverage;
    const currentAssets = totalAssets * (0.35 + random() * 0.3);
    const currentLiabilities = totalLiabilities * (0.4 + random() * 0.4);
    years.unshift({
      year: lastYear - back,
      turnover: euros(turnover),
      profit: euros(profit),
      totalAssets: euros(totalAssets),
      // From the rounded figures: the balance sheet balances to the cent.
      equity: cents(euros(totalAssets) - euros(totalLiabilities)),
      currentAssets: euros(currentAssets),
      currentLiabilities: euros(currentLiabilities),
      totalLiabilities: euros(totalLiabilities),
    });
  }
  const status: CompanyStatus = random() < 0.04 ? 'insolvency' : 'active';
  const incidents: CompanyIncident[] = [];
  const incidentCount = random() < 0.75 ? 0 : between(random, 1, 3);
  for (let i = 0; i < incidentCount; i++) {
    const type = pick(random, ['rai', 'judicial', 'administrative'] as const);
    const date = `${lastYear - between(random, 0, 2)}-${String(between(random, 1, 12)).padStart(2, '0')}-${String(between(random, 1, 28)).padStart(2, '0')}`;
    incidents.push({
      type,
      date,
      amount: type === 'judicial' && random() < 0.3 ? null : euros(500 + random() * 40_000),
      description: {
        rai: 'Impago comunicado al Registro de Aceptaciones Impagadas (RAI)',
        judicial: 'Reclamación judicial de cantidad publicada en el BOE',
        administrative: 'Procedimiento de apremio de la Seguridad Social publicado en el BOE',
      }[type],
    });
  }
  if (status === 'insolvency') {
    incidents.push({
      type: 'insolvency',
      date: `${lastYear}-06-15`,
      amount: null,
      description: 'Declaración de concurso de acreedores publicada en el BORME',
    });
  }
  incidents.sort((a, b) => b.date.localeCompare(a.date));
  const report: CompanyReport = {
    kind,
    company: {
      cif,
      name,
      legalForm,
      status,
      incorporatedOn: `${founded}-${String(between(random, 1, 12)).padStart(2, '0')}-${String(between(random, 1, 28)).padStart(2, '0')}`,
      registeredOffice: {
        street: `${pick(random, STREETS)}, ${between(random, 1, 180)}`,
        postalCode: `${postalPrefix}${String(between(random, 1, 99)).padStart(3, '0')}`,
        municipality,
        province,
      },
      cnae: { code: cnaeCode, description: cnaeTitle },
      employees: Math.max(1, Math.round(size / between(random, 60_000, 150_000))),
      shareCapital: euros(pick(random, [3_000, 3_006, 6_000, 10_000, 60_101, 120_000])),
    },
    years,
    incidents,
    rating: null,
    asOf: asOf.toISOString().slice(0, 10),
    sandbox: true,
    source: 'sandbox',
  };
  return { ...report, rating: reportRating(report) };
}

export class SandboxCompanyReports implements CompanyReportAdapter {
  readonly name = 'sandbox';

  async fetchReport(cif: string, kind: CompanyReportKind, asOf: Date): Promise<CompanyReport | null> {
    return sandboxKnows(cif) ? sandboxReport(cif, kind, asOf) : null;
  }
}
