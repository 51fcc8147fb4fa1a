import { cifControlDigit, validateCif } from '@ventanilla/domain';
import { describe, expect, it } from 'vitest';
import { renderCompanyReportPdf } from './company-report-pdf.js';
import { SandboxCompanyReports, sandboxKnows, sandboxReport } from './sandbox.adapter.js';

// The sandbox adapter's data set: every valid CIF is a plausible company, the same every time; numbers starting with
// 999 are unknown. Its PDF is marked "SANDBOX / datos ficticios" and the same report gives the same bytes.

const AS_OF = new Date('2025-11-24T10:00:00Z');
const cif = (letter: string, digits: string) => `${letter}${digits}${cifControlDigit(digits)}`;

describe('sandbox company reports', () => {
  it.each([
    [cif('B', '2812345'), 'Madrid', '28', 'S.L.'],
    [cif('A', '0812345'), 'Barcelona', '08', 'S.A.'],
    [cif('B', '8612345'), 'Madrid', '28', 'S.L.'],
    [cif('B', '4612345'), 'Valencia/València', '46', 'S.L.'],
    [cif('F', '4812345'), 'Bizkaia', '48', 'S. Coop.'],
  ])('%s: province %s, postal code %s.., %s', (id, province, postal, suffix) => {
    expect(validateCif(id).ok).toBe(true);
    const report = sandboxReport(id, 'economic', AS_OF);
    expect(report.company.registeredOffice.province).toBe(province);
    expect(report.company.registeredOffice.postalCode).toMatch(new RegExp(`^${postal}\\d{3}$`));
    expect(report.company.name.endsWith(suffix)).toBe(true);
    expect(report.sandbox).toBe(true);
    expect(report.years.map((y) => y.year)).toEqual([2024, 2023, 2022]);
    for (const y of report.years) {
      expect(y.totalAssets).toBe(y.equity + y.totalLiabilities);
      expect(Number.isInteger(y.turnover)).toBe(true);
    }
    expect(report.rating!.score).toBeGreaterThanOrEqual(1);
  });

  it('is deterministic per CIF and date, and different CIFs differ', () => {
    const a = sandboxReport('B86670460', 'solvency', AS_OF);
    expect(sandboxReport('B86670460', 'solvency', AS_OF)).toEqual(a);
    expect(
      sandboxReport(cif('B', '8667047'), 'solvency', AS_OF).company.name === a.company.name &&
        sandboxReport(cif('B', '8667047'), 'solvency', AS_OF).years[0]!.turnover === a.years[0]!.turnover,
    ).toBe(false);
  });

  it('knows every CIF except those whose number starts with 999', async () => {
    expect(sandboxKnows('B86670460')).toBe(true);
    expect(sandboxKnows(cif('B', '9991234'))).toBe(false);
    const adapter = new SandboxCompanyReports();
    expect(await adapter.fetchReport(cif('B', '9990001'), 'economic', AS_OF)).toBeNull();
    expect((await adapter.fetchReport('B86670460', 'economic', AS_OF))?.company.cif).toBe('B86670460');
  });

  it('the PDF is the same bytes for the same report and differs for another company', async () => {
    const one = await renderCompanyReportPdf(sandboxReport('B86670460', 'solvency', AS_OF));
    const two = await renderCompanyReportPdf(sandboxReport('B86670460', 'solvency', AS_OF));
    expect(Buffer.from(one).equals(Buffer.from(two))).toBe(true);
    const other = await renderCompanyReportPdf(sandboxReport(cif('A', '2800001'), 'solvency', AS_OF));
    expect(Buffer.from(other).equals(Buffer.from(one))).toBe(false);
    expect(Buffer.from(one).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
