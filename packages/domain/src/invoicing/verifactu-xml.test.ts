import { describe, expect, it } from 'vitest';
import type { Cents } from '../money/money.js';
import {
  recipientIdXml,
  regFactuXml,
  spanishNif,
  verifactuSoapRequest,
  VERIFACTU_MAX_RECORDS_PER_REQUEST,
  xmlText,
  type VerifactuAltaRecord,
  type VerifactuAnulacionRecord,
} from './verifactu-xml.js';

const software = {
  producerName: 'Ventanilla SL',
  producerTaxId: 'B12345674',
  name: 'Ventanilla',
  id: 'VT',
  version: '1.0',
  installation: '1',
  multipleIssuers: false,
};
const issuer = { name: 'Ventanilla SL', taxId: 'B12345674' };
const c = (n: number) => n as Cents;

const alta: VerifactuAltaRecord = {
  kind: 'alta',
  ref: '7',
  issuerTaxId: 'B12345674',
  issuerName: 'Ventanilla SL',
  invoiceNumber: 'F01-2026-000001',
  issueDate: '01-02-2026',
  invoiceType: 'F1',
  description: 'Nota simple',
  recipient: { name: 'Talleres Pérez SL', taxId: 'B86670460', country: 'ES' },
  corrected: null,
  breakdown: [
    { rateBp: 2100, base: c(1000), tax: c(210) },
    { rateBp: null, base: c(500), tax: c(0) },
  ],
  notSubjectTotal: c(0),
  taxTotal: '2.10',
  total: '17.10',
  previous: null,
  generatedAt: '2026-02-01T10:00:00+01:00',
  hash: 'A'.repeat(64),
};

describe('recipient identification', () => {
  it.each([
    ['Spanish NIF', { name: 'A', taxId: 'B86670460', country: 'ES' }, '<sum1:NIF>B86670460</sum1:NIF>'],
    [
      'Spanish NIF with the VAT prefix',
      { name: 'A', taxId: 'ESB86670460', country: 'ES' },
      '<sum1:NIF>B86670460</sum1:NIF>',
    ],
    [
      'EU VAT number: IDOtro 02',
      { name: 'A', taxId: '123456789', country: 'PT' },
      '<sum1:IDOtro><sum1:CodigoPais>PT</sum1:CodigoPais><sum1:IDType>02</sum1:IDType><sum1:ID>123456789</sum1:ID></sum1:IDOtro>',
    ],
    [
      'outside the EU: IDOtro 04',
      { name: 'A', taxId: 'GB 123', country: 'GB' },
      '<sum1:IDOtro><sum1:CodigoPais>GB</sum1:CodigoPais><sum1:IDType>04</sum1:IDType><sum1:ID>GB123</sum1:ID></sum1:IDOtro>',
    ],
  ])('%s', (_name, party, expected) => {
    expect(recipientIdXml(party)).toContain(expected);
  });

  it('a Spanish NIF is nine characters without the ES prefix', () => {
    expect(spanishNif('es-b86670460')).toBe('B86670460');
    expect(spanishNif('B8667046')).toBeNull();
  });
});

describe('RegistroAlta', () => {
  it('F1 names the recipient; VAT lines are S1 with their rate, not-subject amounts N1', () => {
    const xml = regFactuXml(issuer, software, [alta]);
    expect(xml).toContain('<sum1:TipoFactura>F1</sum1:TipoFactura>');
    expect(xml).toContain('<sum1:Destinatarios><sum1:IDDestinatario><sum1:NombreRazon>Talleres Pérez SL');
    expect(xml).toContain(
      '<sum1:CalificacionOperacion>S1</sum1:CalificacionOperacion><sum1:TipoImpositivo>21.00</sum1:TipoImpositivo>' +
        '<sum1:BaseImponibleOimporteNoSujeto>10.00</sum1:BaseImponibleOimporteNoSujeto><sum1:CuotaRepercutida>2.10</sum1:CuotaRepercutida>',
    );
    expect(xml).toContain(
      '<sum1:CalificacionOperacion>N1</sum1:CalificacionOperacion><sum1:BaseImponibleOimporteNoSujeto>5.00</sum1:BaseImponibleOimporteNoSujeto>',
    );
    expect(xml).toContain('<sum1:Encadenamiento><sum1:PrimerRegistro>S</sum1:PrimerRegistro></sum1:Encadenamiento>');
    expect(xml).not.toContain('FacturaSinIdentifDestinatarioArt61d');
  });

  it('F2 and R5 carry no recipient; an F1 without tax id says so (art. 6.1.d)', () => {
    expect(regFactuXml(issuer, software, [{ ...alta, invoiceType: 'F2' }])).not.toContain('Destinatarios');
    const noId = regFactuXml(issuer, software, [{ ...alta, recipient: { name: 'X', taxId: null, country: 'ES' } }]);
    expect(noId).not.toContain('Destinatarios');
    expect(noId).toContain('<sum1:FacturaSinIdentifDestinatarioArt61d>S</sum1:FacturaSinIdentifDestinatarioArt61d>');
  });

  it('a credit note is "por diferencias" and names the corrected invoice; a later record links to the previous', () => {
    const xml = regFactuXml(issuer, software, [
      {
        ...alta,
        invoiceType: 'R1',
        invoiceNumber: 'A01-2026-000001',
        corrected: { invoiceNumber: 'F01-2026-000001', issueDate: '01-02-2026' },
        previous: { invoiceNumber: 'F01-2026-000001', issueDate: '01-02-2026', hash: 'A'.repeat(64) },
      },
    ]);
    expect(xml).toContain(
      '<sum1:TipoRectificativa>I</sum1:TipoRectificativa><sum1:FacturasRectificadas><sum1:IDFacturaRectificada>' +
        '<sum1:IDEmisorFactura>B12345674</sum1:IDEmisorFactura><sum1:NumSerieFactura>F01-2026-000001</sum1:NumSerieFactura>',
    );
    expect(xml).toContain(
      `<sum1:RegistroAnterior><sum1:IDEmisorFactura>B12345674</sum1:IDEmisorFactura><sum1:NumSerieFactura>F01-2026-000001</sum1:NumSerieFactura><sum1:FechaExpedicionFactura>01-02-2026</sum1:FechaExpedicionFactura><sum1:Huella>${'A'.repeat(64)}</sum1:Huella>`,
    );
  });

  it('escapes text', () => {
    expect(xmlText(`Pérez & <Hijos> "S.L." 'x'`)).toBe('Pérez &amp; &lt;Hijos&gt; &quot;S.L.&quot; &apos;x&apos;');
    expect(regFactuXml(issuer, software, [{ ...alta, description: 'a & b' }])).toContain('a &amp; b');
  });
});

describe('the request', () => {
  const anulacion: VerifactuAnulacionRecord = {
    kind: 'anulacion',
    ref: '8',
    issuerTaxId: 'B12345674',
    invoiceNumber: 'F01-2026-000001',
    issueDate: '01-02-2026',
    previous: { invoiceNumber: 'F01-2026-000001', issueDate: '01-02-2026', hash: 'A'.repeat(64) },
    generatedAt: '2026-02-01T11:00:00+01:00',
    hash: 'B'.repeat(64),
  };

  it('one issuer header, the records in order, cancellations as RegistroAnulacion, in a SOAP envelope', () => {
    const xml = verifactuSoapRequest(issuer, software, [alta, anulacion]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><soapenv:Envelope /);
    expect(xml).toContain(
      '<sum:Cabecera><sum1:ObligadoEmision><sum1:NombreRazon>Ventanilla SL</sum1:NombreRazon><sum1:NIF>B12345674</sum1:NIF>',
    );
    expect(xml.indexOf('<sum1:RegistroAlta>')).toBeLessThan(xml.indexOf('<sum1:RegistroAnulacion>'));
    expect(xml).toContain('<sum1:NumSerieFacturaAnulada>F01-2026-000001</sum1:NumSerieFacturaAnulada>');
  });

  it('takes 1 to 1,000 records of its issuer only', () => {
    expect(() => regFactuXml(issuer, software, [])).toThrow();
    const many = Array.from({ length: VERIFACTU_MAX_RECORDS_PER_REQUEST + 1 }, (_, i) => ({ ...alta, ref: String(i) }));
    expect(() => regFactuXml(issuer, software, many)).toThrow(/1 to 1000/);
    expect(() => regFactuXml(issuer, software, many.slice(1))).not.toThrow();
    expect(() => regFactuXml(issuer, software, [{ ...alta, issuerTaxId: 'A00000000' }])).toThrow(/not of issuer/);
  });
});
