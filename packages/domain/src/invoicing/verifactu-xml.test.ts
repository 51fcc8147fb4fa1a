import { describe, expect, it } from 'vitest';
import type { Cents } from '../money/money.js';
import {
  recipientIdXml,
  regFactuXml,
  registroAltaXml,
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

  it.each([
    ['es-b86670460', 'B86670460'],
    ['B86670460', 'B86670460'],
    ['B8667046', null],
    ['B866704601', null],
    ['XB86670460', null],
    ['FR123456789', null],
    ['ESB866704601', null],
  ])('a Spanish NIF is nine characters without the ES prefix: %s -> %s', (taxId, expected) => {
    expect(spanishNif(taxId)).toBe(expected);
  });

  it('a Spanish customer whose tax id is not a NIF goes as IDOtro 02', () => {
    expect(recipientIdXml({ name: 'A', taxId: 'FR123456789', country: 'es' })).toContain(
      '<sum1:IDOtro><sum1:CodigoPais>ES</sum1:CodigoPais><sum1:IDType>02</sum1:IDType><sum1:ID>FR123456789</sum1:ID></sum1:IDOtro>',
    );
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

describe('the whole document', () => {
  // Element by element in the order of SuministroLR.xsd / SuministroInformacion.xsd (xs:sequence).
  const altaXml =
    '<sum1:RegistroAlta>' +
    '<sum1:IDVersion>1.0</sum1:IDVersion>' +
    '<sum1:IDFactura><sum1:IDEmisorFactura>B12345674</sum1:IDEmisorFactura>' +
    '<sum1:NumSerieFactura>F01-2026-000001</sum1:NumSerieFactura>' +
    '<sum1:FechaExpedicionFactura>01-02-2026</sum1:FechaExpedicionFactura></sum1:IDFactura>' +
    '<sum1:RefExterna>7</sum1:RefExterna>' +
    '<sum1:NombreRazonEmisor>Ventanilla SL</sum1:NombreRazonEmisor>' +
    '<sum1:TipoFactura>F1</sum1:TipoFactura>' +
    '<sum1:DescripcionOperacion>Nota simple</sum1:DescripcionOperacion>' +
    '<sum1:Destinatarios><sum1:IDDestinatario><sum1:NombreRazon>Talleres Pérez SL</sum1:NombreRazon>' +
    '<sum1:NIF>B86670460</sum1:NIF></sum1:IDDestinatario></sum1:Destinatarios>' +
    '<sum1:Desglose>' +
    '<sum1:DetalleDesglose><sum1:Impuesto>01</sum1:Impuesto><sum1:ClaveRegimen>01</sum1:ClaveRegimen>' +
    '<sum1:CalificacionOperacion>S1</sum1:CalificacionOperacion><sum1:TipoImpositivo>21.00</sum1:TipoImpositivo>' +
    '<sum1:BaseImponibleOimporteNoSujeto>10.00</sum1:BaseImponibleOimporteNoSujeto>' +
    '<sum1:CuotaRepercutida>2.10</sum1:CuotaRepercutida></sum1:DetalleDesglose>' +
    '<sum1:DetalleDesglose><sum1:Impuesto>01</sum1:Impuesto><sum1:ClaveRegimen>01</sum1:ClaveRegimen>' +
    '<sum1:CalificacionOperacion>N1</sum1:CalificacionOperacion>' +
    '<sum1:BaseImponibleOimporteNoSujeto>5.00</sum1:BaseImponibleOimporteNoSujeto></sum1:DetalleDesglose>' +
    '</sum1:Desglose>' +
    '<sum1:CuotaTotal>2.10</sum1:CuotaTotal>' +
    '<sum1:ImporteTotal>17.10</sum1:ImporteTotal>' +
    '<sum1:Encadenamiento><sum1:PrimerRegistro>S</sum1:PrimerRegistro></sum1:Encadenamiento>' +
    '<sum1:SistemaInformatico><sum1:NombreRazon>Ventanilla SL</sum1:NombreRazon><sum1:NIF>B12345674</sum1:NIF>' +
    '<sum1:NombreSistemaInformatico>Ventanilla</sum1:NombreSistemaInformatico>' +
    '<sum1:IdSistemaInformatico>VT</sum1:IdSistemaInformatico><sum1:Version>1.0</sum1:Version>' +
    '<sum1:NumeroInstalacion>1</sum1:NumeroInstalacion>' +
    '<sum1:TipoUsoPosibleSoloVerifactu>S</sum1:TipoUsoPosibleSoloVerifactu>' +
    '<sum1:TipoUsoPosibleMultiOT>S</sum1:TipoUsoPosibleMultiOT>' +
    '<sum1:IndicadorMultiplesOT>N</sum1:IndicadorMultiplesOT></sum1:SistemaInformatico>' +
    '<sum1:FechaHoraHusoGenRegistro>2026-02-01T10:00:00+01:00</sum1:FechaHoraHusoGenRegistro>' +
    '<sum1:TipoHuella>01</sum1:TipoHuella>' +
    `<sum1:Huella>${'A'.repeat(64)}</sum1:Huella>` +
    '</sum1:RegistroAlta>';
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
  const anulacionXml =
    '<sum1:RegistroAnulacion>' +
    '<sum1:IDVersion>1.0</sum1:IDVersion>' +
    '<sum1:IDFactura><sum1:IDEmisorFacturaAnulada>B12345674</sum1:IDEmisorFacturaAnulada>' +
    '<sum1:NumSerieFacturaAnulada>F01-2026-000001</sum1:NumSerieFacturaAnulada>' +
    '<sum1:FechaExpedicionFacturaAnulada>01-02-2026</sum1:FechaExpedicionFacturaAnulada></sum1:IDFactura>' +
    '<sum1:RefExterna>8</sum1:RefExterna>' +
    '<sum1:Encadenamiento><sum1:RegistroAnterior><sum1:IDEmisorFactura>B12345674</sum1:IDEmisorFactura>' +
    '<sum1:NumSerieFactura>F01-2026-000001</sum1:NumSerieFactura>' +
    '<sum1:FechaExpedicionFactura>01-02-2026</sum1:FechaExpedicionFactura>' +
    `<sum1:Huella>${'A'.repeat(64)}</sum1:Huella></sum1:RegistroAnterior></sum1:Encadenamiento>` +
    '<sum1:SistemaInformatico><sum1:NombreRazon>Ventanilla SL</sum1:NombreRazon><sum1:NIF>B12345674</sum1:NIF>' +
    '<sum1:NombreSistemaInformatico>Ventanilla</sum1:NombreSistemaInformatico>' +
    '<sum1:IdSistemaInformatico>VT</sum1:IdSistemaInformatico><sum1:Version>1.0</sum1:Version>' +
    '<sum1:NumeroInstalacion>1</sum1:NumeroInstalacion>' +
    '<sum1:TipoUsoPosibleSoloVerifactu>S</sum1:TipoUsoPosibleSoloVerifactu>' +
    '<sum1:TipoUsoPosibleMultiOT>S</sum1:TipoUsoPosibleMultiOT>' +
    '<sum1:IndicadorMultiplesOT>N</sum1:IndicadorMultiplesOT></sum1:SistemaInformatico>' +
    '<sum1:FechaHoraHusoGenRegistro>2026-02-01T11:00:00+01:00</sum1:FechaHoraHusoGenRegistro>' +
    '<sum1:TipoHuella>01</sum1:TipoHuella>' +
    `<sum1:Huella>${'B'.repeat(64)}</sum1:Huella>` +
    '</sum1:RegistroAnulacion>';

  it('a SOAP request with an invoice and a cancellation, element by element', () => {
    expect(verifactuSoapRequest(issuer, software, [alta, anulacion])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>' +
        '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Header/><soapenv:Body>' +
        '<sum:RegFactuSistemaFacturacion' +
        ' xmlns:sum="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd"' +
        ' xmlns:sum1="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd">' +
        '<sum:Cabecera><sum1:ObligadoEmision><sum1:NombreRazon>Ventanilla SL</sum1:NombreRazon>' +
        '<sum1:NIF>B12345674</sum1:NIF></sum1:ObligadoEmision></sum:Cabecera>' +
        `<sum:RegistroFactura>${altaXml}</sum:RegistroFactura>` +
        `<sum:RegistroFactura>${anulacionXml}</sum:RegistroFactura>` +
        '</sum:RegFactuSistemaFacturacion>' +
        '</soapenv:Body></soapenv:Envelope>',
    );
  });

  it('software keeping several issuers says so', () => {
    expect(registroAltaXml(alta, { ...software, multipleIssuers: true })).toContain(
      '<sum1:IndicadorMultiplesOT>S</sum1:IndicadorMultiplesOT>',
    );
  });

  it('texts are trimmed and cut to the schema lengths', () => {
    const xml = registroAltaXml(
      { ...alta, ref: ` ${'r'.repeat(61)} `, issuerName: '  Ventanilla SL ', description: 'd'.repeat(501) },
      { ...software, name: 'n'.repeat(31), id: 'VTX' },
    );
    expect(xml).toContain(`<sum1:RefExterna>${'r'.repeat(60)}</sum1:RefExterna>`);
    expect(xml).toContain('<sum1:NombreRazonEmisor>Ventanilla SL</sum1:NombreRazonEmisor>');
    expect(xml).toContain(`<sum1:DescripcionOperacion>${'d'.repeat(500)}</sum1:DescripcionOperacion>`);
    expect(xml).toContain(`<sum1:NombreSistemaInformatico>${'n'.repeat(30)}</sum1:NombreSistemaInformatico>`);
    expect(xml).toContain('<sum1:IdSistemaInformatico>VT</sum1:IdSistemaInformatico>');
  });

  it('a blank description falls back to the invoice number', () => {
    expect(registroAltaXml({ ...alta, description: '  ' }, software)).toContain(
      '<sum1:DescripcionOperacion>F01-2026-000001</sum1:DescripcionOperacion>',
    );
  });
});

describe('Desglose', () => {
  const s1 = (rate: string, base: string, tax: string) =>
    '<sum1:DetalleDesglose><sum1:Impuesto>01</sum1:Impuesto><sum1:ClaveRegimen>01</sum1:ClaveRegimen>' +
    `<sum1:CalificacionOperacion>S1</sum1:CalificacionOperacion><sum1:TipoImpositivo>${rate}</sum1:TipoImpositivo>` +
    `<sum1:BaseImponibleOimporteNoSujeto>${base}</sum1:BaseImponibleOimporteNoSujeto>` +
    `<sum1:CuotaRepercutida>${tax}</sum1:CuotaRepercutida></sum1:DetalleDesglose>`;
  const n1 = (amount: string) =>
    '<sum1:DetalleDesglose><sum1:Impuesto>01</sum1:Impuesto><sum1:ClaveRegimen>01</sum1:ClaveRegimen>' +
    '<sum1:CalificacionOperacion>N1</sum1:CalificacionOperacion>' +
    `<sum1:BaseImponibleOimporteNoSujeto>${amount}</sum1:BaseImponibleOimporteNoSujeto></sum1:DetalleDesglose>`;
  const desglose = (r: Partial<VerifactuAltaRecord>) =>
    /<sum1:Desglose>.*<\/sum1:Desglose>/.exec(registroAltaXml({ ...alta, ...r }, software))?.[0];

  it.each<[string, Partial<VerifactuAltaRecord>, string]>([
    [
      'VAT only: no N1 line',
      { breakdown: [{ rateBp: 1000, base: c(1000), tax: c(100) }] },
      s1('10.00', '10.00', '1.00'),
    ],
    [
      'a not-subject total outside the buckets: N1 line',
      { breakdown: [{ rateBp: 2100, base: c(1000), tax: c(210) }], notSubjectTotal: c(3050) },
      s1('21.00', '10.00', '2.10') + n1('30.50'),
    ],
    [
      'a not-subject bucket and a not-subject total add up',
      { breakdown: [{ rateBp: null, base: c(500), tax: c(0) }], notSubjectTotal: c(250) },
      n1('7.50'),
    ],
    ['nothing at all: one N1 line of zero (the schema wants one line)', { breakdown: [] }, n1('0.00')],
  ])('%s', (_name, record, lines) => {
    expect(desglose(record)).toBe(`<sum1:Desglose>${lines}</sum1:Desglose>`);
  });

  it('takes at most 12 lines', () => {
    const buckets = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ rateBp: 100 * (i + 1), base: c(100), tax: c(i + 1) }));
    expect(() => registroAltaXml({ ...alta, breakdown: buckets(12) }, software)).not.toThrow();
    expect(() => registroAltaXml({ ...alta, breakdown: buckets(13) }, software)).toThrow(
      'Veri*Factu record F01-2026-000001: more than 12 breakdown lines',
    );
    expect(() => registroAltaXml({ ...alta, breakdown: buckets(11), notSubjectTotal: c(1) }, software)).not.toThrow();
    expect(() => registroAltaXml({ ...alta, breakdown: buckets(12), notSubjectTotal: c(1) }, software)).toThrow();
  });
});

describe('invoice types', () => {
  it.each([
    ['F2', false, false],
    ['R5', false, true],
    ['R1', true, true],
  ] as const)('%s: recipient %s, TipoRectificativa %s', (invoiceType, named, corrective) => {
    const xml = registroAltaXml({ ...alta, invoiceType }, software);
    expect(xml.includes('<sum1:Destinatarios>')).toBe(named);
    expect(xml.includes('<sum1:TipoRectificativa>I</sum1:TipoRectificativa>')).toBe(corrective);
    expect(xml).not.toContain('FacturaSinIdentifDestinatarioArt61d');
  });

  it('an F1 without any recipient says so (art. 6.1.d)', () => {
    expect(registroAltaXml({ ...alta, recipient: null }, software)).toContain(
      '<sum1:TipoFactura>F1</sum1:TipoFactura><sum1:DescripcionOperacion>Nota simple</sum1:DescripcionOperacion>' +
        '<sum1:FacturaSinIdentifDestinatarioArt61d>S</sum1:FacturaSinIdentifDestinatarioArt61d><sum1:Desglose>',
    );
  });

  it('only a credit note names a corrected invoice; one without it names none', () => {
    const corrected = { invoiceNumber: 'F01-2026-000001', issueDate: '01-02-2026' };
    expect(registroAltaXml({ ...alta, corrected }, software)).not.toContain('FacturasRectificadas');
    expect(registroAltaXml({ ...alta, invoiceType: 'R1', corrected: null }, software)).toContain(
      '<sum1:TipoRectificativa>I</sum1:TipoRectificativa><sum1:DescripcionOperacion>',
    );
    expect(registroAltaXml({ ...alta, invoiceType: 'R1', corrected }, software)).toContain(
      '<sum1:FechaExpedicionFactura>01-02-2026</sum1:FechaExpedicionFactura></sum1:IDFacturaRectificada></sum1:FacturasRectificadas>',
    );
  });
});
