import { cents, type Cents } from '../money/money.js';
import { validateCif } from '../validators/tax-ids-es.js';

/*
 * Company reports by CIF (spec: informeEconomico and informeSolvencia by cif; products 18506 economic report and
 * 18507 solvency report). What a report says, the ratios and the solvency rating computed from its figures, and which
 * order lines are reports. docs/integrations.md, "Company reports".
 */

export const COMPANY_REPORT_KINDS = ['economic', 'solvency'] as const;
export type CompanyReportKind = (typeof COMPANY_REPORT_KINDS)[number];

export function isCompanyReportKind(value: unknown): value is CompanyReportKind {
  return (COMPANY_REPORT_KINDS as readonly unknown[]).includes(value);
}

/** The catalogue's report products: which report each one is and which questions hold the company's name and CIF. */
export const COMPANY_REPORT_PRODUCTS: Readonly<
  Record<string, { kind: CompanyReportKind; nameOptionId: number; cifOptionId: number }>
> = {
  'informe-economico': { kind: 'economic', nameOptionId: 5501, cifOptionId: 5502 },
  'informe-solvencia': { kind: 'solvency', nameOptionId: 5601, cifOptionId: 5602 },
};

/** The report an order line of a product (by url_key) is, if it is one. */
export function companyReportOfProduct(urlKey: string) {
  return Object.hasOwn(COMPANY_REPORT_PRODUCTS, urlKey) ? COMPANY_REPORT_PRODUCTS[urlKey] : undefined;
}

/**
 * The CIF an order line of a report product asks about: the CIF question is optional in the form (the customer may
 * give only the name), so a line may have none ("missing") or, answered before the validator existed, a bad one.
 */
export function reportCifOfAnswers(
  urlKey: string,
  answers: Readonly<Record<string, unknown>>,
): { ok: true; cif: string } | { ok: false; reason: 'not_a_report' | 'missing' | 'invalid' } {
  const product = companyReportOfProduct(urlKey);
  if (!product) return { ok: false, reason: 'not_a_report' };
  const raw = answers[String(product.cifOptionId)];
  if (typeof raw !== 'string' || raw.trim() === '') return { ok: false, reason: 'missing' };
  const check = validateCif(raw);
  return check.ok ? { ok: true, cif: check.normalised } : { ok: false, reason: 'invalid' };
}

/** A lookup's CIF: a valid CIF (legal entity), normalised; the reason otherwise (the API answers 400). */
export function checkReportCif(raw: string) {
  return validateCif(raw);
}

export type CompanyStatus = 'active' | 'insolvency' | 'dissolved';

export interface RegisteredOffice {
  street: string;
  postalCode: string;
  municipality: string;
  province: string;
}

export interface CompanyProfile {
  cif: string;
  name: string;
  legalForm: string;
  status: CompanyStatus;
  /** YYYY-MM-DD */
  incorporatedOn: string;
  registeredOffice: RegisteredOffice;
  /** CNAE-2009 activity: four digits and its title. */
  cnae: { code: string; description: string };
  employees: number | null;
  shareCapital: Cents;
}

/** One financial year of the accounts deposited at the Registro Mercantil (integer cents). */
export interface FinancialYear {
  year: number;
  turnover: Cents;
  profit: Cents;
  totalAssets: Cents;
  equity: Cents;
  currentAssets: Cents;
  currentLiabilities: Cents;
  totalLiabilities: Cents;
}

/** Adverse records published about the company (RAI unpaid debts, BOE/BORME notices, court claims). */
export interface CompanyIncident {
  type: 'rai' | 'judicial' | 'administrative' | 'insolvency';
  /** YYYY-MM-DD */
  date: string;
  amount: Cents | null;
  description: string;
}

export type RiskClass = 'very_low' | 'low' | 'medium' | 'high' | 'very_high';

export interface SolvencyRating {
  /** 1 (worst) to 20 (best), the usual scale of Spanish bureaus. */
  score: number;
  risk: RiskClass;
  /** Probability of default in the next 12 months, in basis points (1 bp = 0.01 %). */
  defaultProbabilityBp: number;
  /** Most credit advised for a supplier to grant (cents). */
  creditLimit: Cents;
}

export interface CompanyReport {
  kind: CompanyReportKind;
  company: CompanyProfile;
  /** Newest first. */
  years: FinancialYear[];
  incidents: CompanyIncident[];
  /** The provider's rating when it gives one; ours (solvencyRating) otherwise. Solvency reports always have one. */
  rating: SolvencyRating | null;
  /** YYYY-MM-DD: the date the data is as of. */
  asOf: string;
  /** Made-up data of the sandbox adapter: every document says so plainly. */
  sandbox: boolean;
  /** Who produced it ("sandbox", or the provider's name). */
  source: string;
}

export interface FinancialRatios {
  /** Current assets / current liabilities, in hundredths (150 = 1.50); null with no current liabilities. */
  liquidity: number | null;
  /** Total liabilities / total assets, in basis points (6000 = 60 %). */
  debtRatioBp: number | null;
  /** Profit / equity, basis points; null when equity is not positive. */
  roeBp: number | null;
  /** Profit / turnover, basis points. */
  marginBp: number | null;
  /** Turnover growth against the year before, basis points. */
  growthBp: number | null;
}

function ratio(numerator: number, denominator: number, scale: number): number | null {
  if (denominator <= 0) return null;
  return Math.round((numerator * scale) / denominator);
}

/** The ratios of a year (and of the year before, for growth). */
export function financialRatios(year: FinancialYear, previous?: FinancialYear): FinancialRatios {
  return {
    liquidity: ratio(year.currentAssets, year.currentLiabilities, 100),
    debtRatioBp: ratio(year.totalLiabilities, year.totalAssets, 10_000),
    roeBp: ratio(year.profit, year.equity, 10_000),
    marginBp: ratio(year.profit, year.turnover, 10_000),
    growthBp: previous ? ratio(year.turnover - previous.turnover, previous.turnover, 10_000) : null,
  };
}

const RISK_BY_SCORE: ReadonlyArray<[number, RiskClass, number]> = [
  // [lowest score of the class, class, probability of default in bp]
  [17, 'very_low', 25],
  [13, 'low', 90],
  [9, 'medium', 300],
  [5, 'high', 900],
  [1, 'very_high', 2500],
];

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * Our solvency rating from the latest accounts, the adverse records and the company's status: points for liquidity,
 * equity over assets, profitability and growth, minus points per incident; a company in insolvency proceedings or
 * dissolved scores 1. No accounts at all: a cautious 6 (high risk). The credit limit is 5 % of the equity, at most 10 %
 * of the turnover / 12, nothing at high risk.
 */
export function solvencyRating(input: {
  years: readonly FinancialYear[];
  incidents: readonly CompanyIncident[];
  status: CompanyStatus;
}): SolvencyRating {
  const [latest, previous] = input.years;
  let score: number;
  if (input.status !== 'active' || input.incidents.some((i) => i.type === 'insolvency')) score = 1;
  else if (!latest) score = 6;
  else {
    const r = financialRatios(latest, previous);
    score = 8;
    if (r.liquidity !== null) score += r.liquidity >= 150 ? 3 : r.liquidity >= 100 ? 1 : -2;
    const equityShare = ratio(latest.equity, latest.totalAssets, 10_000) ?? 0;
    score += equityShare >= 4000 ? 4 : equityShare >= 2000 ? 2 : equityShare > 0 ? 0 : -4;
    if (r.marginBp !== null) score += r.marginBp >= 800 ? 3 : r.marginBp > 0 ? 1 : -2;
    if (r.growthBp !== null) score += r.growthBp >= 500 ? 2 : r.growthBp >= -500 ? 0 : -1;
    if (input.years.length >= 3) score += 1;
    score -= 2 * input.incidents.length;
    score = clamp(score, 1, 20);
  }
  // The score is at least 1, where the last class starts.
  const [, risk, pd] = RISK_BY_SCORE.find(([min]) => score >= min)!;
  let creditLimit = 0;
  if (latest && (risk === 'very_low' || risk === 'low' || risk === 'medium')) {
    const byEquity = Math.max(0, Math.round(latest.equity * 0.05));
    const byTurnover = Math.round(latest.turnover / 120);
    // Whole euros: a credit limit is advice, not an amount to the cent.
    creditLimit = Math.floor(Math.min(byEquity, byTurnover) / 100) * 100;
  }
  return { score, risk, defaultProbabilityBp: pd, creditLimit: cents(creditLimit) };
}

/** The rating a report shows: the provider's when it sent one, ours otherwise (solvency reports always have one). */
export function reportRating(
  report: Omit<CompanyReport, 'rating'> & { rating: SolvencyRating | null },
): SolvencyRating {
  return (
    report.rating ?? solvencyRating({ years: report.years, incidents: report.incidents, status: report.company.status })
  );
}
