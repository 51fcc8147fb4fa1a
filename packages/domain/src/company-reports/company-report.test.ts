import { describe, expect, it } from 'vitest';
import { cents } from '../money/money.js';
import {
  checkReportCif,
  companyReportOfProduct,
  financialRatios,
  isCompanyReportKind,
  reportCifOfAnswers,
  solvencyRating,
  type FinancialYear,
} from './company-report.js';

function year(y: number, values: Partial<Record<Exclude<keyof FinancialYear, 'year'>, number>>): FinancialYear {
  const v = {
    turnover: 100_000_00,
    profit: 10_000_00,
    totalAssets: 80_000_00,
    equity: 40_000_00,
    currentAssets: 30_000_00,
    currentLiabilities: 15_000_00,
    totalLiabilities: 40_000_00,
    ...values,
  };
  return {
    year: y,
    turnover: cents(v.turnover),
    profit: cents(v.profit),
    totalAssets: cents(v.totalAssets),
    equity: cents(v.equity),
    currentAssets: cents(v.currentAssets),
    currentLiabilities: cents(v.currentLiabilities),
    totalLiabilities: cents(v.totalLiabilities),
  };
}

describe('report products and their CIF', () => {
  it.each([
    ['informe-economico', 'economic'],
    ['informe-solvencia', 'solvency'],
    ['nota-simple', undefined],
    ['__proto__', undefined],
    ['constructor', undefined],
  ])('%s -> %s', (urlKey, kind) => {
    expect(companyReportOfProduct(urlKey)?.kind).toBe(kind);
  });

  it.each([
    ['informe-economico', { '5502': 'b86670460' }, { ok: true, cif: 'B86670460' }],
    ['informe-solvencia', { '5602': ' Q2876031B ' }, { ok: true, cif: 'Q2876031B' }],
    ['informe-economico', { '5501': 'Ejemplo SL' }, { ok: false, reason: 'missing' }],
    ['informe-economico', { '5502': '   ' }, { ok: false, reason: 'missing' }],
    ['informe-economico', { '5502': ['B86670460'] }, { ok: false, reason: 'missing' }],
    ['informe-economico', { '5502': 'B86670461' }, { ok: false, reason: 'invalid' }],
    ['informe-economico', { '5602': 'B86670460' }, { ok: false, reason: 'missing' }],
    ['nota-simple', { '5502': 'B86670460' }, { ok: false, reason: 'not_a_report' }],
  ])('%s %j -> %j', (urlKey, answers, expected) => {
    expect(reportCifOfAnswers(urlKey, answers)).toEqual(expected);
  });

  it.each([
    ['B86670460', true],
    ['b86670460', true],
    ['12345678Z', false],
    ['B-86670460', false],
    ['B8667046\u0000', false],
    ['', false],
  ])('lookup CIF %j valid: %s', (raw, ok) => {
    expect(checkReportCif(raw).ok).toBe(ok);
  });

  it('knows its kinds only', () => {
    expect(isCompanyReportKind('economic')).toBe(true);
    expect(isCompanyReportKind('solvency')).toBe(true);
    expect(isCompanyReportKind('credit')).toBe(false);
    expect(isCompanyReportKind(undefined)).toBe(false);
  });
});

describe('financialRatios', () => {
  it('computes liquidity, debt, return on equity, margin and growth in integers', () => {
    expect(financialRatios(year(2024, {}), year(2023, { turnover: 80_000_00 }))).toEqual({
      liquidity: 200,
      debtRatioBp: 5000,
      roeBp: 2500,
      marginBp: 1000,
      growthBp: 2500,
    });
  });

  it('gives null where the denominator is zero or negative, and no growth without a year before', () => {
    expect(
      financialRatios(year(2024, { currentLiabilities: 0, equity: -5_000_00, turnover: 0, totalAssets: 0 })),
    ).toEqual({ liquidity: null, debtRatioBp: null, roeBp: null, marginBp: null, growthBp: null });
  });
});

describe('solvencyRating', () => {
  const healthy = [year(2024, { turnover: 120_000_00 }), year(2023, {}), year(2022, {})];

  it('rates a liquid, profitable, growing company with equity as very low risk and advises credit', () => {
    const rating = solvencyRating({ years: healthy, incidents: [], status: 'active' });
    expect(rating.risk).toBe('very_low');
    expect(rating.score).toBeGreaterThanOrEqual(17);
    // min(5 % of 40,000.00 = 2,000.00; 120,000.00 / 120 = 1,000.00) = 1,000.00
    expect(rating.creditLimit).toBe(1_000_00);
  });

  it('each incident costs two points', () => {
    // 8 + liquidity 1.07 (1) + equity 50 % (4) + margin 10 % (3) = 16
    const years = [year(2024, { currentAssets: 16_000_00 })];
    const clean = solvencyRating({ years, incidents: [], status: 'active' });
    expect(clean).toMatchObject({ score: 16, risk: 'low' });
    const rai = { type: 'rai' as const, date: '2024-05-01', amount: cents(1_200_00), description: 'RAI' };
    const two = solvencyRating({ years, incidents: [rai, rai], status: 'active' });
    expect(two).toMatchObject({ score: 12, risk: 'medium' });
  });

  it('a loss-making company with negative equity and no liquidity is very high risk with no credit', () => {
    const rating = solvencyRating({
      years: [year(2024, { profit: -20_000_00, equity: -10_000_00, currentAssets: 5_000_00, turnover: 50_000_00 })],
      incidents: [],
      status: 'active',
    });
    expect(rating.risk).toMatch(/high/);
    expect(rating.creditLimit).toBe(0);
  });

  it.each(['insolvency', 'dissolved'] as const)('a company in %s scores 1', (status) => {
    expect(solvencyRating({ years: healthy, incidents: [], status })).toMatchObject({ score: 1, risk: 'very_high' });
  });

  it('no accounts: a cautious high risk', () => {
    expect(solvencyRating({ years: [], incidents: [], status: 'active' })).toMatchObject({
      score: 6,
      risk: 'high',
      creditLimit: 0,
    });
  });

  it('the score stays within 1 to 20', () => {
    const many = Array.from({ length: 30 }, () => ({
      type: 'judicial' as const,
      date: '2024-01-01',
      amount: null,
      description: 'x',
    }));
    expect(solvencyRating({ years: healthy, incidents: many, status: 'active' }).score).toBe(1);
  });
});
