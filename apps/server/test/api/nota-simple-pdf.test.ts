import { parseNotaSimple } from '@ventanilla/domain';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../src/modules/saved-items/pdf-text.js';
import { sampleNotaSimplePdf, type SampleNota } from '../support/nota-simple-pdf.js';

// The nota simple read for the customer, from the PDF: the text layer pdf-parse extracts from sample notes made like
// the registries' (layouts described publicly: the current one with the IDUFIR in the header and owners in a table,
// older single-column ones, the CRU of later years, several pages with running headers and page numbers, with and
// without charges). Invented names and ids; tax ids with valid control letters.

const WARNING =
  'Queda prohibida la incorporación de los datos de esta nota a ficheros o bases informáticas para la consulta individualizada de personas físicas o jurídicas, incluso expresando la fuente de procedencia (Instrucción de la D.G.R.N. 17/02/98; B.O.E. 27/02/1998).';

const CURRENT: SampleNota = {
  header: ['NOTA SIMPLE INFORMATIVA', 'Registro de la Propiedad de Madrid Nº 5'],
  footer: 'Pág. {n} de {total}',
  csv: 'Código Seguro de Verificación: 8A7B6C5D4E3F2A1B',
  lines: [
    'Fecha de Emisión: 12/03/2026',
    'FINCA DE MADRID Nº: 12345',
    'IDUFIR: 28079000123456',
    { heading: 'DESCRIPCIÓN DE LA FINCA' },
    'URBANA: Número veinte. Vivienda letra B, situada en la planta segunda de la casa en Madrid, Calle Mayor 1, con una superficie construida de ochenta y cinco metros cuadrados. Referencia Catastral: 7837301VG8173B0001TT',
    { heading: 'TITULARIDADES' },
    {
      cells: [
        [50, 'NOMBRE TITULAR'],
        [300, 'N.I.F.'],
        [380, 'TOMO'],
        [430, 'LIBRO'],
        [480, 'FOLIO'],
      ],
    },
    {
      cells: [
        [50, 'ESPAÑOL ESPAÑOL, JUAN'],
        [300, '12345678Z'],
        [380, '2345'],
        [430, '456'],
        [480, '78'],
      ],
    },
    '50,000000% del pleno dominio por título de compraventa.',
    {
      cells: [
        [50, 'GARCÍA PÉREZ, MARÍA'],
        [300, 'X1234567L'],
        [380, '2345'],
        [430, '456'],
        [480, '78'],
      ],
    },
    '50,000000% del pleno dominio por título de compraventa.',
    { heading: 'CARGAS' },
    'HIPOTECA a favor de BANCO EJEMPLO, S.A., en garantía de un préstamo de 150.000,00 € de principal, intereses y costas.',
    { heading: 'DOCUMENTOS RELATIVOS A LA FINCA PRESENTADOS Y PENDIENTES DE DESPACHO' },
    'No hay documentos pendientes de despacho',
    { heading: 'AVISO' },
    'Los datos consignados en la presente nota se refieren al día de la fecha, antes de la apertura del diario.',
    WARNING,
  ],
};

const OLD_NO_CHARGES: SampleNota = {
  lines: [
    'NOTA SIMPLE INFORMATIVA',
    'REGISTRO DE LA PROPIEDAD DE SEVILLA NUMERO 2',
    'DATOS REGISTRALES: Finca número 4321 de Sevilla, Tomo 1200, Libro 300, Folio 12.',
    'DESCRIPCION: URBANA. Local comercial en planta baja del edificio en Sevilla, calle Sierpes 10. Mide cincuenta metros cuadrados.',
    'TITULARES: Don PEDRO RUIZ LÓPEZ, con N.I.F. 87654321X, titular del pleno dominio con carácter privativo.',
    'CARGAS: NO hay cargas registradas',
    'A los efectos del Reglamento (UE) 2016/679 y de la Ley Orgánica 3/2018, queda prohibida la incorporación de los datos de esta nota a ficheros o bases informáticas.',
  ],
};

const CRU_COMPANY: SampleNota = {
  header: ['Información registral expedida por el Registro de la Propiedad de Valencia Nº 1'],
  lines: [
    'Código Registral Único: 46250000987654',
    { heading: 'Descripción de la finca:' },
    'RÚSTICA: Parcela de tierra de secano en término de Valencia, partida del Pla, de una hectárea.',
    { heading: 'Titularidad:' },
    'INMOBILIARIA COSTA, S.L., C.I.F. B12345674, titular del cien por cien del pleno dominio.',
    { heading: 'Cargas:' },
    'Servidumbre de paso a favor de la finca registral 999. Está prohibida la incorporación de los datos de esta información a ficheros o bases informáticas.',
  ],
};

// Three pages: the charges run from page 2 onto page 3.
const MULTIPAGE: SampleNota = {
  header: ['NOTA SIMPLE INFORMATIVA', 'Registro de la Propiedad de Málaga Nº 3'],
  footer: 'Pág. {n} de {total}',
  lines: [
    'Expedida el 01/02/2026',
    'IDUFIR/CRU: 29012000555555',
    { heading: 'DESCRIPCIÓN DE LA FINCA' },
    'URBANA: Vivienda unifamiliar en Málaga, calle Larios 7, con jardín.',
    'PAGE',
    { heading: 'TITULARIDADES' },
    'Doña LUCÍA MARTÍN SOTO NIF 11111111H, titular del usufructo vitalicio.',
    'Don ANDRÉS MARTÍN SOTO NIF 22222222J, titular de la nuda propiedad.',
    { heading: 'CARGAS' },
    '1. HIPOTECA a favor de CAJA EJEMPLO, constituida en escritura de 2019,',
    'PAGE',
    'respondiendo de 200.000 euros de principal.',
    '2. EMBARGO a favor de la Agencia Tributaria, letra A.',
    { heading: 'ADVERTENCIAS' },
    '1. Esta información registral tiene valor puramente indicativo.',
    `2. ${WARNING}`,
  ],
};

async function read(sample: SampleNota) {
  return parseNotaSimple(await pdfText(await sampleNotaSimplePdf(sample)));
}

describe('nota simple PDFs: extraction and reading', () => {
  it('the current layout: owners from the table, charges up to the warnings, IDUFIR and cadastral reference', async () => {
    const r = (await read(CURRENT))!;
    expect(r.docParsed.descripcion).toContain('Vivienda letra B');
    expect(r.docParsed.descripcion).toMatch(/Referencia Catastral:\s7837301VG8173B0001TT$/);
    expect(r.docParsed.cargas).toContain('150.000,00 € de principal');
    expect(r.docParsed.cargas).toContain('No hay documentos pendientes de despacho');
    expect(r.docParsed.cargas).not.toMatch(/prohibida|día de la fecha|Verificación|Pág\./);
    expect(r.docParsed.titulares).not.toMatch(/HIPOTECA/);
    expect(r.docParsedEntities).toEqual(
      expect.arrayContaining([
        { entity: 'idufir', text_data: '28079000123456' },
        { entity: 'refcat', text_data: '7837301VG8173B0001TT' },
        { entity: 'registro', text_data: 'Madrid Nº 5' },
        { entity: 'finca', text_data: '12345' },
        { entity: 'fecha', text_data: '2026-03-12' },
        { entity: 'titular', text_data: 'ESPAÑOL ESPAÑOL, JUAN' },
        { entity: 'nif', text_data: '12345678Z' },
        { entity: 'titular', text_data: 'GARCÍA PÉREZ, MARÍA' },
        { entity: 'nif', text_data: 'X1234567L' },
      ]),
    );
  });

  it('an old single-column layout without charges', async () => {
    const r = (await read(OLD_NO_CHARGES))!;
    expect(r.docParsed.cargas).toBe('NO hay cargas registradas');
    expect(r.docParsed.titulares).toContain('PEDRO RUIZ LÓPEZ');
    expect(r.docParsed.descripcion).toMatch(/^URBANA\. Local comercial/);
    expect(r.docParsedEntities).toContainEqual({ entity: 'nif', text_data: '87654321X' });
    expect(r.docParsedEntities.some((e) => e.entity === 'idufir')).toBe(false);
  });

  it('the CRU layout with a company as owner; the warning in the middle of the charges line is cut', async () => {
    const r = (await read(CRU_COMPANY))!;
    expect(r.docParsed.cargas).toBe('Servidumbre de paso a favor de la finca registral 999.');
    expect(r.docParsedEntities).toContainEqual({ entity: 'idufir', text_data: '46250000987654' });
    expect(r.docParsedEntities).toContainEqual({ entity: 'nif', text_data: 'B12345674' });
  });

  it('three pages: headers and page numbers dropped, the charges joined across the page break', async () => {
    const bytes = await sampleNotaSimplePdf(MULTIPAGE);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(3);
    const r = parseNotaSimple(await pdfText(bytes))!;
    expect(r.docParsed.cargas).toBe(
      [
        '1. HIPOTECA a favor de CAJA EJEMPLO, constituida en escritura de 2019,',
        'respondiendo de 200.000 euros de principal.',
        '2. EMBARGO a favor de la Agencia Tributaria, letra A.',
      ].join('\n'),
    );
    expect(r.docParsed.titulares.split('\n')).toHaveLength(2);
    expect(r.docParsedEntities).toContainEqual({ entity: 'idufir', text_data: '29012000555555' });
    expect(r.docParsedEntities.filter((e) => e.entity === 'nif').map((e) => e.text_data)).toEqual([
      '11111111H',
      '22222222J',
    ]);
  });

  it('a PDF that is no nota simple reads as null; a damaged PDF is an error, not a hang', async () => {
    expect(await read({ lines: ['FACTURA 2026-0001', 'Total: 25,12 €'] })).toBeNull();
    await expect(
      pdfText(Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')),
    ).rejects.toThrow();
    await expect(pdfText(Buffer.from('not a pdf at all'))).rejects.toThrow();
  });
});
