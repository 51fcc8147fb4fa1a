import {
  financialRatios,
  formatMoney,
  reportRating,
  type Cents,
  type CompanyReport,
  type RiskClass,
} from '@ventanilla/domain';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

// A company report as an A4 PDF in Spanish (the companies are Spanish), drawn like the invoices (pdf-lib, the standard
// Helvetica fonts of invoice-pdf.ts). The sandbox's reports carry "SANDBOX / datos ficticios" in red on every page.
// The same report gives the same bytes: the document's dates are the report's date.

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 42;
const GREY = rgb(0.35, 0.35, 0.35);
const LINE = rgb(0.75, 0.75, 0.75);
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
  const doc = await PDFDocument.create();
  const date = new Date(`${report.asOf}T00:00:00Z`);
  const title = TITLES[report.kind];
  doc.setTitle(`${title} ${report.company.cif}${report.sandbox ? ` (${SANDBOX_MARK})` : ''}`);
  doc.setAuthor(report.sandbox ? 'Ventanilla (sandbox)' : report.source);
  doc.setProducer('Ventanilla');
  doc.setCreator('Ventanilla');
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const charset = new Set(regular.getCharacterSet());
  const safe = (text: string) => [...text].map((c) => (charset.has(c.codePointAt(0)!) ? c : '?')).join('');
  const money = (amount: Cents) => formatMoney(amount, 'es').replace(/[\u202f\u00a0]/g, ' ');

  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const right = PAGE.width - MARGIN;
  const write = (text: string, x: number, at: number, o: { size?: number; font?: PDFFont; color?: typeof GREY } = {}) =>
    page.drawText(safe(text), { x, y: at, size: o.size ?? 9, font: o.font ?? regular, color: o.color ?? rgb(0, 0, 0) });
  const writeRight = (text: string, at: number, x: number, font = regular) =>
    write(text, x - font.widthOfTextAtSize(safe(text), 9), at, { font });
  const mark = () => {
    if (!report.sandbox) return;
    page.drawRectangle({
      x: MARGIN,
      y: PAGE.height - 30,
      width: right - MARGIN,
      height: 18,
      color: rgb(1, 0.92, 0.92),
    });
    const width = bold.widthOfTextAtSize(SANDBOX_MARK, 11);
    write(SANDBOX_MARK, (PAGE.width - width) / 2, PAGE.height - 25, { size: 11, font: bold, color: RED });
  };
  const room = (space: number) => {
    if (y - space > MARGIN + 20) return;
    page = doc.addPage([PAGE.width, PAGE.height]);
    mark();
    y = PAGE.height - MARGIN - 20;
  };
  const heading = (text: string) => {
    room(40);
    y -= 18;
    write(text, MARGIN, y, { size: 11, font: bold });
    y -= 5;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.5, color: LINE });
    y -= 13;
  };
  const field = (label: string, value: string) => {
    room(14);
    write(label, MARGIN, y, { color: GREY });
    write(value, MARGIN + 140, y);
    y -= 13;
  };

  mark();
  y -= report.sandbox ? 24 : 0;
  write(title, MARGIN, y, { size: 16, font: bold });
  y -= 20;
  write(safe(report.company.name), MARGIN, y, { size: 12, font: bold });
  y -= 14;
  write(`Datos a ${displayDate(report.asOf)} · Fuente: ${report.sandbox ? SANDBOX_MARK : report.source}`, MARGIN, y, {
    color: GREY,
  });
  y -= 6;

  const c = report.company;
  heading('Identificación');
  field('Denominación social', c.name);
  field('CIF', c.cif);
  field('Forma jurídica', c.legalForm || '—');
  field('Estado', STATUS_TEXT[c.status]);
  field('Fecha de constitución', displayDate(c.incorporatedOn));
  field('Capital social', money(c.shareCapital));
  field('Empleados', c.employees === null ? '—' : String(c.employees));
  heading('Domicilio social');
  field('Dirección', c.registeredOffice.street || '—');
  field('Municipio', [c.registeredOffice.postalCode, c.registeredOffice.municipality].filter(Boolean).join(' ') || '—');
  field('Provincia', c.registeredOffice.province || '—');
  heading('Actividad');
  field('CNAE 2009', `${c.cnae.code} ${c.cnae.description}`.trim());

  heading('Datos económicos (cuentas depositadas)');
  if (report.years.length === 0) {
    write('No constan cuentas depositadas.', MARGIN, y);
    y -= 13;
  } else {
    const years = report.years.slice(0, 5);
    const columnWidth = (right - MARGIN - 150) / years.length;
    const columnRight = (i: number) => MARGIN + 150 + columnWidth * (i + 1);
    years.forEach((yr, i) => writeRight(String(yr.year), y, columnRight(i), bold));
    y -= 14;
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
    for (const [label, value] of rows) {
      room(14);
      write(label, MARGIN, y, { color: GREY });
      years.forEach((_, i) => writeRight(value(i), y, columnRight(i)));
      y -= 13;
    }
  }

  const rating = reportRating(report);
  heading(report.kind === 'solvency' ? 'Solvencia' : 'Valoración de riesgo');
  field('Puntuación (1 a 20)', String(rating.score));
  field('Riesgo', RISK_TEXT[rating.risk]);
  field('Probabilidad de impago a 12 meses', percent(rating.defaultProbabilityBp));
  field('Crédito máximo aconsejado', money(rating.creditLimit));

  if (report.kind === 'solvency' || report.incidents.length > 0) {
    heading('Incidencias publicadas');
    if (report.incidents.length === 0) {
      write('No constan incidencias judiciales, administrativas ni impagos publicados.', MARGIN, y);
      y -= 13;
    }
    for (const incident of report.incidents) {
      room(14);
      write(displayDate(incident.date), MARGIN, y);
      write(INCIDENT_TEXT[incident.type], MARGIN + 60, y, { font: bold });
      write(incident.description.slice(0, 80), MARGIN + 140, y);
      if (incident.amount !== null) writeRight(money(incident.amount), y, right);
      y -= 13;
    }
  }

  room(40);
  y -= 20;
  const note = report.sandbox
    ? 'Documento de prueba generado por el entorno sandbox: la empresa, sus cifras y su valoración son ficticias.'
    : `Informe elaborado con datos de ${report.source} a partir de fuentes oficiales (Registro Mercantil, BORME, BOE).`;
  write(note, MARGIN, y, { size: 8, color: report.sandbox ? RED : GREY });
  return doc.save({ useObjectStreams: false });
}
