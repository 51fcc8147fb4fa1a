import {
  financialRatios,
  formatMoney,
  reportRating,
  type Cents,
  type CompanyReport,
  type RiskClass,
} from '@ventanilla/domain';
import { rgb } from 'pdf-lib';
import { A4, GREY, PdfLayout } from '../../shared/pdf/layout.js';

// A company report as an A4 PDF in Spanish (the companies are Spanish), drawn with the shared layout of the invoices.
// The sandbox's reports carry "SANDBOX / datos ficticios" in red on every page. The same report gives the same bytes:
// the document's dates are the report's date.

const MARGIN = 42;
const RED = rgb(0.75, 0.08, 0.08);

export const SANDBOX_MARK = 'SANDBOX / datos ficticios';

const TITLES = { economic: 'Informe económico de empresa', solvency: 'Informe de solvencia de empresa' } as const;
const STATUS_TEXT = { active: 'Activa', insolvency: 'En concurso de acreedores', dissolved: 'Extinguida' } as const;
const RISK_TEXT: Record<RiskClass, string> = {
  very_low: 'Muy bajo',
  low: 'Bajo',
  medium: 'Medio',
  high: 'Alto',
  very_high: 'Muy alto',
};
const INCIDENT_TEXT = {
  rai: 'RAI',
  judicial: 'Judicial',
  administrative: 'Administrativa',
  insolvency: 'Concursal',
} as const;

function displayDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

function percent(bp: number | null): string {
  return bp === null ? '—' : `${(bp / 100).toFixed(1).replace('.', ',')} %`;
}

/** The file name a report is attached with: "informe-economico-B86670460.pdf". */
export function reportFilename(report: Pick<CompanyReport, 'kind' | 'company'>): string {
  const kind = report.kind === 'economic' ? 'informe-economico' : 'informe-solvencia';
  return `${kind}-${report.company.cif.replace(/[^A-Z0-9]/gi, '')}.pdf`;
}

export async function renderCompanyReportPdf(report: CompanyReport): Promise<Uint8Array> {
  const title = TITLES[report.kind];
  const money = (amount: Cents) => formatMoney(amount, 'es').replace(/[\u202f\u00a0]/g, ' ');
  const pdf = await PdfLayout.create({
    title: `${title} ${report.company.cif}${report.sandbox ? ` (${SANDBOX_MARK})` : ''}`,
    author: report.sandbox ? 'Ventanilla (sandbox)' : report.source,
    date: new Date(`${report.asOf}T00:00:00Z`),
    margin: MARGIN,
    bottom: MARGIN + 20,
    // The sandbox mark at the top of every page.
    onPage: (layout) => {
      if (!report.sandbox) return;
      layout.page.drawRectangle({
        x: MARGIN,
        y: A4.height - 30,
        width: layout.width,
        height: 18,
        color: rgb(1, 0.92, 0.92),
      });
      const width = layout.widthOf(SANDBOX_MARK, 11, layout.fonts.bold);
      layout.text(SANDBOX_MARK, (A4.width - width) / 2, A4.height - 25, {
        size: 11,
        font: layout.fonts.bold,
        color: RED,
      });
      layout.y -= 20;
    },
  });
  const { bold } = pdf.fonts;
  const field = (label: string, value: string) => pdf.keyValue(label, value, { labelWidth: 140 });

  pdf.paragraph(title, { size: 16, font: bold, leading: 20 });
  pdf.paragraph(report.company.name, { size: 12, font: bold, leading: 14 });
  pdf.paragraph(`Datos a ${displayDate(report.asOf)} · Fuente: ${report.sandbox ? SANDBOX_MARK : report.source}`, {
    color: GREY,
  });

  const c = report.company;
  pdf.heading('Identificación');
  field('Denominación social', c.name);
  field('CIF', c.cif);
  field('Forma jurídica', c.legalForm || '—');
  field('Estado', STATUS_TEXT[c.status]);
  field('Fecha de constitución', displayDate(c.incorporatedOn));
  field('Capital social', money(c.shareCapital));
  field('Empleados', c.employees === null ? '—' : String(c.employees));
  pdf.heading('Domicilio social');
  field('Dirección', c.registeredOffice.street || '—');
  field('Municipio', [c.registeredOffice.postalCode, c.registeredOffice.municipality].filter(Boolean).join(' ') || '—');
  field('Provincia', c.registeredOffice.province || '—');
  pdf.heading('Actividad');
  field('CNAE 2009', `${c.cnae.code} ${c.cnae.description}`.trim());

  pdf.heading('Datos económicos (cuentas depositadas)');
  if (report.years.length === 0) {
    pdf.paragraph('No constan cuentas depositadas.');
  } else {
    const years = report.years.slice(0, 5);
    const rows: Array<[string, (i: number) => string]> = [
      ['Cifra de negocios', (i) => money(years[i]!.turnover)],
      ['Resultado del ejercicio', (i) => money(years[i]!.profit)],
      ['Activo total', (i) => money(years[i]!.totalAssets)],
      ['Patrimonio neto', (i) => money(years[i]!.equity)],
      ['Pasivo total', (i) => money(years[i]!.totalLiabilities)],
      [
        'Liquidez (AC / PC)',
        (i) => {
          const r = financialRatios(years[i]!).liquidity;
          return r === null ? '—' : (r / 100).toFixed(2).replace('.', ',');
        },
      ],
      ['Endeudamiento', (i) => percent(financialRatios(years[i]!).debtRatioBp)],
      ['Rentabilidad financiera', (i) => percent(financialRatios(years[i]!).roeBp)],
      ['Margen neto', (i) => percent(financialRatios(years[i]!).marginBp)],
      ['Crecimiento de ventas', (i) => percent(financialRatios(years[i]!, years[i + 1]).growthBp)],
    ];
    const columnWidth = (pdf.width - 150) / years.length;
    pdf.table(
      [
        { header: '', width: 150 },
        ...years.map((yr) => ({ header: String(yr.year), width: columnWidth, align: 'right' as const })),
      ],
      rows.map(([label, value]) => [label, ...years.map((_, i) => value(i))]),
      { size: 9 },
    );
  }

  const rating = reportRating(report);
  pdf.heading(report.kind === 'solvency' ? 'Solvencia' : 'Valoración de riesgo');
  field('Puntuación (1 a 20)', String(rating.score));
  field('Riesgo', RISK_TEXT[rating.risk]);
  field('Probabilidad de impago a 12 meses', percent(rating.defaultProbabilityBp));
  field('Crédito máximo aconsejado', money(rating.creditLimit));

  if (report.kind === 'solvency' || report.incidents.length > 0) {
    pdf.heading('Incidencias publicadas');
    if (report.incidents.length === 0) {
      pdf.paragraph('No constan incidencias judiciales, administrativas ni impagos publicados.');
    } else {
      pdf.table(
        [
          { header: 'Fecha', width: 60 },
          { header: 'Tipo', width: 80 },
          { header: 'Descripción', width: pdf.width - 230 },
          { header: 'Importe', width: 90, align: 'right' },
        ],
        report.incidents.map((incident) => [
          displayDate(incident.date),
          INCIDENT_TEXT[incident.type],
          incident.description,
          incident.amount === null ? '' : money(incident.amount),
        ]),
        { size: 9, fonts: (_, col) => (col === 1 ? bold : pdf.fonts.regular) },
      );
    }
  }

  pdf.gap(14);
  const note = report.sandbox
    ? 'Documento de prueba generado por el entorno sandbox: la empresa, sus cifras y su valoración son ficticias.'
    : `Informe elaborado con datos de ${report.source} a partir de fuentes oficiales (Registro Mercantil, BORME, BOE).`;
  pdf.paragraph(note, { size: 8, color: report.sandbox ? RED : GREY });
  return pdf.save({ useObjectStreams: false, footer: (page, pages) => [`${title} · ${c.cif} · ${page} / ${pages}`] });
}
