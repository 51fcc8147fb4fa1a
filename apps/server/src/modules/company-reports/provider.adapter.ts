import {
  cents,
  type Cents,
  type CompanyIncident,
  type CompanyReport,
  type CompanyReportKind,
  type CompanyStatus,
  type RiskClass,
  type SolvencyRating,
} from '@ventanilla/domain';
import { CompanyReportUnavailable, type CompanyReportAdapter } from './company-report-adapter.js';

/*
 * A Spanish credit bureau's REST API (docs/integrations.md, "Company reports"). Modelled on what Informa D&B, Axesor
 * and eInforma publish about their company-report services: one GET per company and report type, identified by the
 * NIF, an API key in a header, JSON with the company's registry data, the accounts deposited at the Registro
 * Mercantil (amounts in euros), a rating on a 1-20 scale with its risk class and default probability, and the adverse
 * records (RAI, BOE/BORME). Their full wire formats are under contract: this one is ours to map, in one place.
 *
 *   GET {COMPANY_REPORTS_API_URL}/v1/companies/{nif}/reports/{economic|solvency}
 *   X-API-Key: {COMPANY_REPORTS_API_KEY}
 *   Accept: application/json
 *
 * 200 with the report, 404 when the bureau has no such company; 401/403 a wrong key, 429 over the quota, 5xx down.
 */

export interface ProviderConfig {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  /** Shown on the report and in the history ("Informa D&B", ...). */
  name: string;
}

/** The fetch the adapter uses: the global one in production, a local test server or a stub in tests. */
export type ReportFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; signal?: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

/** A report is a few kilobytes; anything far bigger is not one. */
const MAX_BODY_CHARS = 2_000_000;

type Json = Record<string, unknown>;

class BadPayload extends Error {}

function obj(value: unknown, at: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new BadPayload(`${at}: not an object`);
  return value as Json;
}
function str(value: unknown, at: string, max = 300): string {
  if (typeof value !== 'string' || value.length > max) throw new BadPayload(`${at}: not a string`);
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
}
function optStr(value: unknown, at: string): string {
  return value === undefined || value === null ? '' : str(value, at);
}
function date(value: unknown, at: string): string {
  const text = str(value, at, 40);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) throw new BadPayload(`${at}: not a date`);
  return text.slice(0, 10);
}
/** Euros (a JSON number with up to two decimals) to integer cents. */
function money(value: unknown, at: string): Cents {
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > 1e13) {
    throw new BadPayload(`${at}: not an amount`);
  }
  return cents(Math.round(value * 100));
}
function int(value: unknown, at: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new BadPayload(`${at}: not an integer in ${min}..${max}`);
  }
  return value;
}

const STATUS: Readonly<Record<string, CompanyStatus>> = {
  ACTIVA: 'active',
  CONCURSO: 'insolvency',
  EXTINGUIDA: 'dissolved',
  DISUELTA: 'dissolved',
};
const RISK: Readonly<Record<string, RiskClass>> = {
  VERY_LOW: 'very_low',
  LOW: 'low',
  MEDIUM: 'medium',
  HIGH: 'high',
  VERY_HIGH: 'very_high',
};
const INCIDENT: Readonly<Record<string, CompanyIncident['type']>> = {
  RAI: 'rai',
  JUDICIAL: 'judicial',
  BOE: 'administrative',
  ADMINISTRATIVE: 'administrative',
  CONCURSO: 'insolvency',
};

function oneOf<T>(table: Readonly<Record<string, T>>, value: unknown, at: string): T {
  const key = str(value, at, 40).toUpperCase();
  if (!Object.hasOwn(table, key)) throw new BadPayload(`${at}: unknown value`);
  return table[key]!;
}

/** The provider's JSON as our report; BadPayload when it is not what the contract says. */
export function mapProviderReport(body: unknown, kind: CompanyReportKind, source: string, asOf: Date): CompanyReport {
  const root = obj(body, 'body');
  const company = obj(root.company, 'company');
  const address = obj(company.address, 'company.address');
  const activity = obj(company.activity, 'company.activity');
  const cnae = str(activity.cnae2009, 'company.activity.cnae2009', 4);
  if (!/^\d{4}$/.test(cnae)) throw new BadPayload('company.activity.cnae2009: not a CNAE code');
  const financials = Array.isArray(root.financials) ? root.financials : [];
  if (financials.length > 20) throw new BadPayload('financials: too many years');
  const years = financials
    .map((raw, i) => {
      const f = obj(raw, `financials.${i}`);
      if (f.currency !== undefined && f.currency !== 'EUR') throw new BadPayload(`financials.${i}.currency: not EUR`);
      return {
        year: int(f.fiscalYear, `financials.${i}.fiscalYear`, 1900, 2200),
        turnover: money(f.revenue, `financials.${i}.revenue`),
        profit: money(f.netIncome, `financials.${i}.netIncome`),
        totalAssets: money(f.totalAssets, `financials.${i}.totalAssets`),
        equity: money(f.equity, `financials.${i}.equity`),
        currentAssets: money(f.currentAssets, `financials.${i}.currentAssets`),
        currentLiabilities: money(f.currentLiabilities, `financials.${i}.currentLiabilities`),
        totalLiabilities: money(f.totalLiabilities, `financials.${i}.totalLiabilities`),
      };
    })
    .sort((a, b) => b.year - a.year);
  const incidentsRaw = Array.isArray(root.incidents) ? root.incidents : [];
  if (incidentsRaw.length > 200) throw new BadPayload('incidents: too many');
  const incidents: CompanyIncident[] = incidentsRaw.map((raw, i) => {
    const x = obj(raw, `incidents.${i}`);
    return {
      type: oneOf(INCIDENT, x.type, `incidents.${i}.type`),
      date: date(x.date, `incidents.${i}.date`),
      amount: x.amount === undefined || x.amount === null ? null : money(x.amount, `incidents.${i}.amount`),
      description: optStr(x.description, `incidents.${i}.description`),
    };
  });
  let rating: SolvencyRating | null = null;
  if (root.rating !== undefined && root.rating !== null) {
    const r = obj(root.rating, 'rating');
    const pd = r.probabilityOfDefault;
    if (typeof pd !== 'number' || !Number.isFinite(pd) || pd < 0 || pd > 1) {
      throw new BadPayload('rating.probabilityOfDefault: not a probability');
    }
    rating = {
      score: int(r.score, 'rating.score', 1, 20),
      risk: oneOf(RISK, r.riskClass, 'rating.riskClass'),
      defaultProbabilityBp: Math.round(pd * 10_000),
      creditLimit:
        r.recommendedCredit === undefined ? cents(0) : money(r.recommendedCredit, 'rating.recommendedCredit'),
    };
  }
  return {
    kind,
    company: {
      cif: str(company.taxId, 'company.taxId', 20).toUpperCase(),
      name: str(company.legalName, 'company.legalName'),
      legalForm: optStr(company.legalForm, 'company.legalForm'),
      status: oneOf(STATUS, company.status, 'company.status'),
      incorporatedOn: date(company.incorporationDate, 'company.incorporationDate'),
      registeredOffice: {
        street: optStr(address.street, 'company.address.street'),
        postalCode: optStr(address.postalCode, 'company.address.postalCode'),
        municipality: optStr(address.city, 'company.address.city'),
        province: optStr(address.province, 'company.address.province'),
      },
      cnae: { code: cnae, description: optStr(activity.description, 'company.activity.description') },
      employees:
        company.employees === undefined || company.employees === null
          ? null
          : int(company.employees, 'company.employees', 0, 10_000_000),
      shareCapital: company.shareCapital === undefined ? cents(0) : money(company.shareCapital, 'company.shareCapital'),
    },
    years,
    incidents,
    rating,
    asOf: root.dataDate === undefined ? asOf.toISOString().slice(0, 10) : date(root.dataDate, 'dataDate'),
    sandbox: false,
    source,
  };
}

export class ProviderCompanyReports implements CompanyReportAdapter {
  readonly name: string;

  constructor(
    private readonly config: ProviderConfig,
    private readonly fetchFn: ReportFetch = fetch,
  ) {
    this.name = config.name;
  }

  async fetchReport(cif: string, kind: CompanyReportKind, asOf: Date): Promise<CompanyReport | null> {
    const url = `${this.config.baseUrl.replace(/\/$/, '')}/v1/companies/${encodeURIComponent(cif)}/reports/${kind}`;
    let response: Awaited<ReturnType<ReportFetch>>;
    let text: string;
    try {
      response = await this.fetchFn(url, {
        method: 'GET',
        headers: { 'x-api-key': this.config.apiKey, accept: 'application/json' },
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      // Read whatever the status: the connection is released, and the timeout covers a body that never ends.
      text = await response.text();
    } catch (err) {
      throw new CompanyReportUnavailable(`company report provider unreachable: ${(err as Error).name}`);
    }
    if (response.status === 404) return null;
    if (response.status < 200 || response.status > 299) {
      // A wrong key is not fixed by retrying; the quota and outages are.
      const retryable = response.status !== 401 && response.status !== 403;
      throw new CompanyReportUnavailable(`company report provider answered ${response.status}`, retryable);
    }
    let body: unknown;
    try {
      if (text.length > MAX_BODY_CHARS) throw new Error('too big');
      body = JSON.parse(text);
    } catch {
      throw new CompanyReportUnavailable('company report provider sent no JSON');
    }
    try {
      return mapProviderReport(body, kind, this.name, asOf);
    } catch (err) {
      if (err instanceof BadPayload)
        throw new CompanyReportUnavailable(`company report payload: ${err.message}`, false);
      throw err;
    }
  }
}
