import { describe, expect, it } from 'vitest';
import { cents } from '../money/money.js';
import {
  checkReportCif,
  companyReportOfProduct,
  financialRatios,
  isCompanyReportKind,
  reportCifOfAnswers,
  reportRating,
  solvencyRating,
  type CompanyReport,
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
    expect(isCompanyReportKind(['economic'])).toBe(false);
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

describe('solvencyRating points', () => {
  // The default year: liquidity 2.00 (+3), equity 50 % of assets (+4), margin 10 % (+3): 8 + 10 = 18.
  const rai = { type: 'rai' as const, date: '2024-05-01', amount: cents(1_200_00), description: 'RAI' };
  it.each([
    ['the default year', [year(2024, {})], [], 18, 'very_low', 25],
    ['liquidity 1.50 (+3)', [year(2024, { currentAssets: 22_500_00 })], [], 18, 'very_low', 25],
    ['liquidity 1.49 (+1)', [year(2024, { currentAssets: 22_350_00 })], [], 16, 'low', 90],
    ['liquidity 1.00 (+1)', [year(2024, { currentAssets: 15_000_00 })], [], 16, 'low', 90],
    ['liquidity 0.99 (-2)', [year(2024, { currentAssets: 14_850_00 })], [], 13, 'low', 90],
    ['no current liabilities: no liquidity points', [year(2024, { currentLiabilities: 0 })], [], 15, 'low', 90],
    ['equity 40 % of assets (+4)', [year(2024, { equity: 32_000_00 })], [], 18, 'very_low', 25],
    ['equity 39.99 % of assets (+2)', [year(2024, { equity: 31_992_00 })], [], 16, 'low', 90],
    ['equity 20 % of assets (+2)', [year(2024, { equity: 16_000_00 })], [], 16, 'low', 90],
    ['equity 19.99 % of assets (0)', [year(2024, { equity: 15_992_00 })], [], 14, 'low', 90],
    ['equity 0.01 % of assets (0)', [year(2024, { equity: 8_00 })], [], 14, 'low', 90],
    ['no equity (-4)', [year(2024, { equity: 0 })], [], 10, 'medium', 300],
    ['no assets (-4)', [year(2024, { totalAssets: 0 })], [], 10, 'medium', 300],
    ['margin 8 % (+3)', [year(2024, { profit: 8_000_00 })], [], 18, 'very_low', 25],
    ['margin 7.99 % (+1)', [year(2024, { profit: 7_990_00 })], [], 16, 'low', 90],
    ['margin 0.01 % (+1)', [year(2024, { profit: 10_00 })], [], 16, 'low', 90],
    ['no profit (-2)', [year(2024, { profit: 0 })], [], 13, 'low', 90],
    ['no turnover: no margin points', [year(2024, { turnover: 0 })], [], 15, 'low', 90],
    ['growth 5 % (+2)', [year(2024, { turnover: 105_000_00 }), year(2023, {})], [], 20, 'very_low', 25],
    ['growth 4.99 % (0)', [year(2024, { turnover: 104_990_00 }), year(2023, {})], [], 18, 'very_low', 25],
    ['growth -5 % (0)', [year(2024, { turnover: 95_000_00 }), year(2023, {})], [], 18, 'very_low', 25],
    ['growth -5.01 % (-1)', [year(2024, { turnover: 94_990_00 }), year(2023, {})], [], 17, 'very_low', 25],
    [
      'no turnover the year before: no growth points',
      [year(2024, {}), year(2023, { turnover: 0 })],
      [],
      18,
      'very_low',
      25,
    ],
    ['three years of accounts (+1)', [year(2024, {}), year(2023, {}), year(2022, {})], [], 19, 'very_low', 25],
    ['one incident (-2)', [year(2024, {})], [rai], 16, 'low', 90],
    ['three incidents (-6)', [year(2024, { equity: 15_992_00 })], [rai, rai, rai], 8, 'high', 900],
    ['five incidents (-10)', [year(2024, { equity: 15_992_00 })], [rai, rai, rai, rai, rai], 4, 'very_high', 2500],
  ] as const)('%s: %i, %s risk', (_name, years, incidents, score, risk, defaultProbabilityBp) => {
    expect(solvencyRating({ years, incidents, status: 'active' })).toMatchObject({ score, risk, defaultProbabilityBp });
  });

  it.each([
    [17, 'very_low'],
    [13, 'low'],
    [9, 'medium'],
    [5, 'high'],
  ] as const)('a score of %i is already %s risk', (score, risk) => {
    // The default year's 18 points, less: 1 for growth below -5 %, 5 for liquidity below 1.00, 4 more for equity
    // below 20 % of assets, 8 more for no equity at all.
    const years = {
      17: [year(2024, { turnover: 94_990_00 }), year(2023, {})],
      13: [year(2024, { currentAssets: 14_850_00 })],
      9: [year(2024, { currentAssets: 14_850_00, equity: 15_992_00 })],
      5: [year(2024, { currentAssets: 14_850_00, equity: 0 })],
    }[score];
    expect(solvencyRating({ years, incidents: [], status: 'active' })).toMatchObject({ score, risk });
  });

  it('an insolvency proceeding scores 1 even for an active company with good accounts', () => {
    const concurso = { type: 'insolvency' as const, date: '2024-05-01', amount: null, description: 'Concurso' };
    expect(solvencyRating({ years: [year(2024, {})], incidents: [concurso], status: 'active' })).toMatchObject({
      score: 1,
      risk: 'very_high',
      creditLimit: 0,
    });
  });

  it.each([
    // 8 + 3 + 0 (equity 12.5 %) + 3 = 14, low: min(5 % of 10,000.00 = 500.00; 100,000.00 / 120 = 833.33) = 500.00
    ['low', [year(2024, { equity: 10_000_00 })], 14, 500_00],
    // 16 - 2 * 2 = 12, medium: min(2,000.00; 833.33) = 833.00 in whole euros
    ['medium', [year(2024, { currentAssets: 15_000_00 })], 12, 833_00],
  ] as const)('advises credit at %s risk too', (risk, years, score, creditLimit) => {
    const rai = { type: 'rai' as const, date: '2024-05-01', amount: null, description: 'RAI' };
    const incidents = score === 12 ? [rai, rai] : [];
    expect(solvencyRating({ years, incidents, status: 'active' })).toEqual({
      score,
      risk,
      defaultProbabilityBp: risk === 'low' ? 90 : 300,
      creditLimit,
    });
  });
});

describe('reportRating', () => {
  const report: CompanyReport = {
    kind: 'solvency',
    company: {
      cif: 'B86670460',
      name: 'Ejemplo SL',
      legalForm: 'Sociedad limitada',
      status: 'active',
      incorporatedOn: '2010-03-01',
      registeredOffice: { street: 'Calle Mayor 1', postalCode: '28013', municipality: 'Madrid', province: 'Madrid' },
      cnae: { code: '6201', description: 'Actividades de programación informática' },
      employees: 12,
      shareCapital: cents(3_000_00),
    },
    years: [year(2024, {})],
    incidents: [],
    rating: null,
    asOf: '2025-06-30',
    sandbox: true,
    source: 'sandbox',
  };

  it("shows the provider's rating when it sent one", () => {
    const provider = { score: 11, risk: 'medium' as const, defaultProbabilityBp: 350, creditLimit: cents(4_000_00) };
    expect(reportRating({ ...report, rating: provider })).toBe(provider);
  });

  it('computes ours from the report otherwise', () => {
    expect(reportRating(report)).toEqual(solvencyRating({ years: report.years, incidents: [], status: 'active' }));
    expect(reportRating({ ...report, company: { ...report.company, status: 'dissolved' } }).score).toBe(1);
  });
});
