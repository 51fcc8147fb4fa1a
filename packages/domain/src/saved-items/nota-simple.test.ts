import { describe, expect, it } from 'vitest';
import { parseNotaSimple } from './nota-simple.js';

// Layouts of the nota simple informativa as registries issue it (described publicly by registries and gestorías):
// the current one (headings DESCRIPCIÓN DE LA FINCA, TITULARIDADES, CARGAS, the IDUFIR in the header and the
// warnings at the end), older ones (inline "DESCRIPCION:" headings, "TITULARES", "Don ..., con N.I.F."), the CRU of
// later years, notes over several pages. Names, ids and addresses are invented; tax ids have valid control letters.

const WARNING =
  'Queda prohibida la incorporación de los datos de esta nota a ficheros o bases informáticas para la consulta individualizada de personas físicas o jurídicas, incluso expresando la fuente de procedencia (Instrucción de la D.G.R.N. 17/02/98; B.O.E. 27/02/1998).';

const CURRENT = `NOTA SIMPLE INFORMATIVA
Registro de la Propiedad de Madrid Nº 5
Fecha de Emisión: 12/03/2026
FINCA DE MADRID Nº: 12345
IDUFIR: 28079000123456
DESCRIPCIÓN DE LA FINCA
URBANA: Número veinte. Vivienda letra B, situada en la planta segunda de la casa en Madrid, Calle Mayor 1.
Superficie construida: ochenta y cinco metros cuadrados. Referencia Catastral: 7837301VG8173B0001TT
TITULARIDADES
NOMBRE TITULAR N.I.F. TOMO LIBRO FOLIO ALTA
ESPAÑOL ESPAÑOL, JUAN 12345678Z 2345 456 78 4
50,000000% del pleno dominio por título de compraventa.
GARCÍA PÉREZ, MARÍA X1234567L 2345 456 78 4
50,000000% del pleno dominio por título de compraventa.
CARGAS
HIPOTECA a favor de BANCO EJEMPLO, S.A., en garantía de un préstamo de 150.000,00 euros de principal.
Afecta por razón de autoliquidación del Impuesto.
DOCUMENTOS RELATIVOS A LA FINCA PRESENTADOS Y PENDIENTES DE DESPACHO
No hay documentos pendientes de despacho
AVISO: Los datos consignados en la presente nota se refieren al día de la fecha.
${WARNING}`;

const OLD = `NOTA SIMPLE INFORMATIVA
REGISTRO DE LA PROPIEDAD DE SEVILLA NUMERO 2
DATOS REGISTRALES: Finca número 4321 de Sevilla, Tomo 1200, Libro 300, Folio 12.
DESCRIPCION: URBANA. Local comercial en planta baja del edificio en Sevilla, calle Sierpes 10.
Mide cincuenta metros cuadrados.
TITULARES: Don PEDRO RUIZ LÓPEZ, con N.I.F. 87654321X, titular del pleno dominio con carácter privativo.
CARGAS: NO HAY CARGAS REGISTRADAS
A los efectos del Reglamento (UE) 2016/679 y de la Ley Orgánica 3/2018, queda prohibida la incorporación de los datos de esta nota a ficheros o bases informáticas.`;

const CRU = `Información registral expedida por
REGISTRO DE LA PROPIEDAD DE VALENCIA Nº 1
Código Registral Único: 46250000987654
Descripción de la finca:
RÚSTICA: Parcela de tierra de secano en término de Valencia, partida del Pla, de una hectárea.
Titularidad:
INMOBILIARIA COSTA, S.L., C.I.F. B12345674, titular del cien por cien del pleno dominio.
Cargas:
Servidumbre de paso a favor de la finca registral 999. Está prohibida la incorporación de los datos de esta información a ficheros o bases informáticas.`;

const MULTIPAGE = `NOTA SIMPLE INFORMATIVA
Registro de la Propiedad de Málaga Nº 3
Expedida el 01/02/2026
IDUFIR/CRU: 2901 2000 5555 55
DESCRIPCIÓN DE LA FINCA
URBANA: Vivienda unifamiliar en Málaga, calle Larios 7, con jardín.
Pág. 1 de 3
-- 1 of 3 --
NOTA SIMPLE INFORMATIVA
Registro de la Propiedad de Málaga Nº 3
TITULARIDADES
Doña LUCÍA MARTÍN SOTO NIF 11111111H, titular del usufructo vitalicio.
Don ANDRÉS MARTÍN SOTO NIF 22222222J, titular de la nuda propiedad.
CARGAS
1. HIPOTECA a favor de CAJA EJEMPLO, constituida en escritura de 2019,
Código Seguro de Verificación: ABCDEFG123456
Pág. 2 de 3
-- 2 of 3 --
NOTA SIMPLE INFORMATIVA
respondiendo de 200.000 euros de principal.
2. EMBARGO a favor de la Agencia Tributaria, letra A.
ADVERTENCIAS
1. Esta información registral tiene valor puramente indicativo.
2. ${WARNING}
Pág. 3 de 3
-- 3 of 3 --`;

const NO_LABEL = `NOTA SIMPLE
Registro de la Propiedad de Bilbao nº 8
DESCRIPCION DE LA FINCA
URBANA: Garaje número 3 en Bilbao, calle Gran Vía 2. Finca con código 48020000111222.
TITULARIDAD
SOCIEDAD EJEMPLO BILBAO SL B12345674
CARGAS Y GRAVAMENES
Sin cargas.
${WARNING}`;

describe('parseNotaSimple: layouts', () => {
  it('the current layout: parts, two owners from the table, charges up to the warnings', () => {
    const read = parseNotaSimple(CURRENT)!;
    expect(read.docParsed.descripcion).toBe(
      'URBANA: Número veinte. Vivienda letra B, situada en la planta segunda de la casa en Madrid, Calle Mayor 1.\nSuperficie construida: ochenta y cinco metros cuadrados. Referencia Catastral: 7837301VG8173B0001TT',
    );
    expect(read.docParsed.titulares).toBe(
      [
        'NOMBRE TITULAR N.I.F. TOMO LIBRO FOLIO ALTA',
        'ESPAÑOL ESPAÑOL, JUAN 12345678Z 2345 456 78 4',
        '50,000000% del pleno dominio por título de compraventa.',
        'GARCÍA PÉREZ, MARÍA X1234567L 2345 456 78 4',
        '50,000000% del pleno dominio por título de compraventa.',
      ].join('\n'),
    );
    expect(read.docParsed.cargas).toBe(
      [
        'HIPOTECA a favor de BANCO EJEMPLO, S.A., en garantía de un préstamo de 150.000,00 euros de principal.',
        'Afecta por razón de autoliquidación del Impuesto.',
        'DOCUMENTOS RELATIVOS A LA FINCA PRESENTADOS Y PENDIENTES DE DESPACHO',
        'No hay documentos pendientes de despacho',
      ].join('\n'),
    );
    expect(read.docParsedEntities).toEqual([
      { entity: 'idufir', text_data: '28079000123456' },
      { entity: 'refcat', text_data: '7837301VG8173B0001TT' },
      { entity: 'registro', text_data: 'Madrid Nº 5' },
      { entity: 'finca', text_data: '12345' },
      { entity: 'fecha', text_data: '2026-03-12' },
      { entity: 'titular', text_data: 'ESPAÑOL ESPAÑOL, JUAN' },
      { entity: 'nif', text_data: '12345678Z' },
      { entity: 'titular', text_data: 'GARCÍA PÉREZ, MARÍA' },
      { entity: 'nif', text_data: 'X1234567L' },
    ]);
  });

  it('an old layout: inline headings, "Don ..., con N.I.F.", no charges, the warning right after them', () => {
    const read = parseNotaSimple(OLD)!;
    expect(read.docParsed).toEqual({
      descripcion:
        'URBANA. Local comercial en planta baja del edificio en Sevilla, calle Sierpes 10.\nMide cincuenta metros cuadrados.',
      titulares: 'Don PEDRO RUIZ LÓPEZ, con N.I.F. 87654321X, titular del pleno dominio con carácter privativo.',
      cargas: 'NO HAY CARGAS REGISTRADAS',
    });
    expect(read.docParsedEntities).toEqual([
      { entity: 'registro', text_data: 'SEVILLA NUMERO 2' },
      { entity: 'finca', text_data: '4321' },
      { entity: 'titular', text_data: 'PEDRO RUIZ LÓPEZ' },
      { entity: 'nif', text_data: '87654321X' },
    ]);
  });

  it('the CRU layout: lower-case headings with colons, a company owner, the warning inside the charges line', () => {
    const read = parseNotaSimple(CRU)!;
    expect(read.docParsed.cargas).toBe('Servidumbre de paso a favor de la finca registral 999.');
    expect(read.docParsed.titulares).toBe(
      'INMOBILIARIA COSTA, S.L., C.I.F. B12345674, titular del cien por cien del pleno dominio.',
    );
    expect(read.docParsedEntities).toContainEqual({ entity: 'idufir', text_data: '46250000987654' });
    expect(read.docParsedEntities).toContainEqual({ entity: 'titular', text_data: 'INMOBILIARIA COSTA, S.L.' });
    expect(read.docParsedEntities).toContainEqual({ entity: 'nif', text_data: 'B12345674' });
  });

  it('several pages: page numbers, verification codes and repeated headers go; charges run over the page', () => {
    const read = parseNotaSimple(MULTIPAGE)!;
    expect(read.docParsed.descripcion).toBe('URBANA: Vivienda unifamiliar en Málaga, calle Larios 7, con jardín.');
    expect(read.docParsed.cargas).toBe(
      [
        '1. HIPOTECA a favor de CAJA EJEMPLO, constituida en escritura de 2019,',
        'respondiendo de 200.000 euros de principal.',
        '2. EMBARGO a favor de la Agencia Tributaria, letra A.',
      ].join('\n'),
    );
    expect(read.docParsedEntities).toEqual([
      { entity: 'idufir', text_data: '29012000555555' },
      { entity: 'registro', text_data: 'Málaga Nº 3' },
      { entity: 'fecha', text_data: '2026-02-01' },
      { entity: 'titular', text_data: 'LUCÍA MARTÍN SOTO' },
      { entity: 'nif', text_data: '11111111H' },
      { entity: 'titular', text_data: 'ANDRÉS MARTÍN SOTO' },
      { entity: 'nif', text_data: '22222222J' },
    ]);
  });

  it('no IDUFIR label: the 14-digit number in the description is the IDUFIR (spec); "Sin cargas."', () => {
    const read = parseNotaSimple(NO_LABEL)!;
    expect(read.docParsed.cargas).toBe('Sin cargas.');
    expect(read.docParsedEntities.filter((e) => e.entity === 'idufir')).toEqual([
      { entity: 'idufir', text_data: '48020000111222' },
    ]);
    expect(read.docParsedEntities).toContainEqual({ entity: 'titular', text_data: 'SOCIEDAD EJEMPLO BILBAO SL' });
  });
});

describe('parseNotaSimple: rules', () => {
  it.each([
    ['queda prohibida', `CARGAS\nHipoteca.\n${WARNING}`, 'Hipoteca.'],
    [
      'está prohibida, same line',
      'CARGAS\nHipoteca. Está prohibida la incorporación de los datos a ficheros.',
      'Hipoteca.',
    ],
    [
      'the data ... is prohibited',
      'CARGAS\nHipoteca.\nLa incorporación de los datos de esta nota a bases de datos queda prohibida.',
      'Hipoteca.',
    ],
    ['the warning without accents', 'CARGAS\nHipoteca.\nQUEDA PROHIBIDA LA INCORPORACION DE LOS DATOS.', 'Hipoteca.'],
    ['an AVISO heading', 'CARGAS\nHipoteca.\nAVISO\nTexto del aviso.', 'Hipoteca.'],
    ['no warning at all', 'CARGAS\nHipoteca.\nEmbargo.', 'Hipoteca.\nEmbargo.'],
    ['NO hay cargas registradas', `CARGAS\nNO hay cargas registradas\n${WARNING}`, 'NO hay cargas registradas'],
    [
      '"prohibida" about something else is kept',
      'CARGAS\nProhibición de disponer durante diez años.',
      'Prohibición de disponer durante diez años.',
    ],
  ])('charges: %s', (_, text, cargas) => {
    expect(parseNotaSimple(text)?.docParsed.cargas).toBe(cargas);
  });

  it.each([
    ['a 13-digit IDUFIR', 'IDUFIR: 2807900012345\nDESCRIPCIÓN DE LA FINCA\nPiso.', []],
    ['a 15-digit number is not an IDUFIR', 'DESCRIPCIÓN DE LA FINCA\nReferencia 280790001234567.', []],
    ['C.R.U. with dots', 'C.R.U.: 28079000123456\nCARGAS\nNinguna.', ['28079000123456']],
    [
      'two labelled',
      'IDUFIR: 28079000123456\nCRU 28079000654321\nCARGAS\nNinguna.',
      ['28079000123456', '28079000654321'],
    ],
    ['a lone 14-digit number outside the parts is not taken', 'Ref. interna 28079000123456\nCARGAS\nNinguna.', []],
  ])('IDUFIR: %s', (_, text, idufirs) => {
    const read = parseNotaSimple(text)!;
    expect(read.docParsedEntities.filter((e) => e.entity === 'idufir').map((e) => e.text_data)).toEqual(idufirs);
  });

  it.each([
    [
      'a cadastral reference with spaces',
      'DESCRIPCIÓN DE LA FINCA\nReferencia catastral: 7837301 VG8173B 0001 TT.',
      ['7837301VG8173B0001TT'],
    ],
    ['wrong control letters are not taken', 'DESCRIPCIÓN DE LA FINCA\nReferencia catastral: 7837301VG8173B0001TX', []],
  ])('cadastral reference: %s', (_, text, refs) => {
    const read = parseNotaSimple(text)!;
    expect(read.docParsedEntities.filter((e) => e.entity === 'refcat').map((e) => e.text_data)).toEqual(refs);
  });

  it('owners: an invalid tax id is not an owner; an impossible date is not a date', () => {
    const read = parseNotaSimple(
      'Fecha de emisión: 31/02/2026\nTITULARIDADES\nJUAN PÉREZ 12345678A\nANA GIL 12345678Z',
    )!;
    expect(read.docParsedEntities).toEqual([
      { entity: 'titular', text_data: 'ANA GIL' },
      { entity: 'nif', text_data: '12345678Z' },
    ]);
  });

  it('an owner without DNI or NIE is read with their K, L or M NIF', () => {
    const read = parseNotaSimple('TITULARIDADES\nJOHN SMITH M6976964Y 2345 456 78 4\nPEDRO GIL K1234567M')!;
    expect(read.docParsedEntities).toEqual([
      { entity: 'titular', text_data: 'JOHN SMITH' },
      { entity: 'nif', text_data: 'M6976964Y' },
    ]);
  });

  it.each([
    ['an invoice', 'FACTURA 2026-0001\nTotal: 25,12 €'],
    ['empty', ''],
    ['only warnings', `AVISO\n${WARNING}`],
  ])('not a nota simple: %s -> null', (_, text) => {
    expect(parseNotaSimple(text)).toBeNull();
  });

  it('a word such as "cargas" inside a sentence is not a heading', () => {
    const read = parseNotaSimple('DESCRIPCIÓN DE LA FINCA\nLibre de cargas según manifiesta.\nTITULARIDADES\nX')!;
    expect(read.docParsed.descripcion).toBe('Libre de cargas según manifiesta.');
    expect(read.docParsed.cargas).toBe('');
  });
});

describe('parseNotaSimple: text as PDFs give it', () => {
  it.each([
    ['Windows and old Mac line ends', 'CARGAS\r\nHipoteca.\rEmbargo.', 'Hipoteca.\nEmbargo.'],
    [
      'runs of spaces and no-break spaces',
      'CARGAS\nHipoteca   a favor\u00a0\u00a0 de BANCO.',
      'Hipoteca a favor de BANCO.',
    ],
    ['indented headings', '   CARGAS   \n  Hipoteca.', 'Hipoteca.'],
    ['a heading ending in " ."', 'CARGAS .\nHipoteca.', 'Hipoteca.'],
    ['a space before the colon of an inline heading', 'CARGAS : Hipoteca.', 'Hipoteca.'],
    [
      'a second heading of the part it is in is kept as text',
      'CARGAS\nHipoteca.\nCargas: embargo letra A.',
      'Hipoteca.\nCargas: embargo letra A.',
    ],
  ])('%s', (_, text, cargas) => {
    expect(parseNotaSimple(text)?.docParsed.cargas).toBe(cargas);
  });

  it('a heading word followed by a comma is text, not a heading', () => {
    const read = parseNotaSimple('DESCRIPCIÓN DE LA FINCA\nUrbana libre de cargas y\ngravámenes,\nsegún manifiesta.')!;
    expect(read.docParsed.descripcion).toBe('Urbana libre de cargas y\ngravámenes,\nsegún manifiesta.');
    expect(read.docParsed.cargas).toBe('');
  });

  it('a heading with a trailing dot opens its part', () => {
    expect(parseNotaSimple('DESCRIPCIÓN DE LA FINCA.\nPiso.')?.docParsed.descripcion).toBe('Piso.');
  });
});

describe('parseNotaSimple: where the warning starts', () => {
  it.each([
    [
      'a dot inside a number does not end the sentence',
      'CARGAS\nHipoteca.\nSegún la Orden de 15.02.2001 queda prohibida la incorporación de los datos a ficheros.',
      'Hipoteca.',
    ],
    [
      'the warning on its own line starting lower-case',
      'CARGAS\nHipoteca.\nqueda prohibida la incorporación de los datos a ficheros.',
      'Hipoteca.',
    ],
    [
      'a line ending in a comma runs on into the next',
      'CARGAS\nHipoteca.\nEn aplicación de la normativa vigente,\nQueda prohibida la incorporación de los datos.',
      'Hipoteca.',
    ],
    [
      'a line starting with a number starts a sentence',
      'CARGAS\n1. Hipoteca a favor de BANCO\n2 Está prohibida la incorporación de los datos.',
      '1. Hipoteca a favor de BANCO',
    ],
    [
      'the earlier of two warnings: "valor puramente indicativo" first',
      'CARGAS\nHipoteca.\nEsta información tiene valor puramente indicativo.\nQueda prohibida la incorporación de los datos.',
      'Hipoteca.',
    ],
    [
      'the earlier of two warnings: the prohibition first, at the start of the part',
      'CARGAS\nQueda prohibida la incorporación de los datos.\nEsta información tiene valor puramente indicativo.',
      '',
    ],
    [
      'a list number left before the warning goes',
      'CARGAS\nHipoteca.\n12. Queda prohibida la incorporación de los datos.',
      'Hipoteca.',
    ],
    [
      'a list number on the line before the warning goes',
      'CARGAS\nHipoteca.\n3)\nQueda prohibida la incorporación de los datos.',
      'Hipoteca.',
    ],
  ])('%s', (_, text, cargas) => {
    expect(parseNotaSimple(text)?.docParsed.cargas).toBe(cargas);
  });
});

describe('parseNotaSimple: owners', () => {
  it.each([
    ['"NIF nº"', 'PEDRO RUIZ; NIF nº 87654321X', 'PEDRO RUIZ'],
    ['"nº." with a dot', 'RUIZ LÓPEZ, PEDRO, N.I.F. nº. 87654321X', 'RUIZ LÓPEZ, PEDRO'],
    ['"provisto de D.N.I. número"', 'PEDRO RUIZ, provisto de D.N.I. número 87654321X', 'PEDRO RUIZ'],
    ['"provista de DNI:"', 'ANA GIL, provista de DNI: 12345678Z', 'ANA GIL'],
    ['"DNI" right after the comma', 'PEDRO RUIZ,DNI 87654321X', 'PEDRO RUIZ'],
    ['"NIE"', 'JOHN SMITH NIE X1234567L', 'JOHN SMITH'],
    ['"N.I.E."', 'JOHN SMITH, N.I.E. X1234567L', 'JOHN SMITH'],
    ['"CIF"', 'COSTA SL CIF B12345674', 'COSTA SL'],
    ['"C.I.F"', 'COSTA SL C.I.F B12345674', 'COSTA SL'],
    ['a name holding "NIE" is kept', 'DANIEL NIETO SANZ 87654321X', 'DANIEL NIETO SANZ'],
    ['a comma before the id', 'RUIZ LÓPEZ, PEDRO, 87654321X', 'RUIZ LÓPEZ, PEDRO'],
    ['"Titular:"', 'Titular: PEDRO RUIZ 87654321X', 'PEDRO RUIZ'],
    ['"Titulares" without a colon', 'Titulares PEDRO RUIZ 87654321X', 'PEDRO RUIZ'],
    ['"Nombre:"', 'Nombre: PEDRO RUIZ 87654321X', 'PEDRO RUIZ'],
    ['"Nombre titular:"', 'Nombre titular: PEDRO RUIZ 87654321X', 'PEDRO RUIZ'],
    ['"Nombre del titular:"', 'Nombre del titular: PEDRO RUIZ 87654321X', 'PEDRO RUIZ'],
    ['"Titular: Don"', 'Titular: Don PEDRO RUIZ, NIF 87654321X', 'PEDRO RUIZ'],
    ['"cotitular" inside the line is kept', 'PEDRO RUIZ cotitular 87654321X', 'PEDRO RUIZ cotitular'],
    ['"Dña" without a dot', 'Dña PILAR GIL 12345678Z', 'PILAR GIL'],
    ['"Dña."', 'Dña. PILAR GIL 12345678Z', 'PILAR GIL'],
    ['a middle initial "D." is kept', 'ANTONIO D. MARTÍN 12345678Z', 'ANTONIO D. MARTÍN'],
    ['a letter whose upper case is longer', 'HANS STRAUß X1234567L', 'HANS STRAUß'],
  ])('%s', (_, line, name) => {
    const read = parseNotaSimple(`TITULARIDADES\n${line}`)!;
    expect(read.docParsedEntities.filter((e) => e.entity === 'titular').map((e) => e.text_data)).toEqual([name]);
  });

  it('a tax id without a name gives the tax id only', () => {
    expect(parseNotaSimple('TITULARIDADES\nN.I.F. 12345678Z')!.docParsedEntities).toEqual([
      { entity: 'nif', text_data: '12345678Z' },
    ]);
  });
});

describe('parseNotaSimple: what it names', () => {
  const idufirs = (text: string) =>
    parseNotaSimple(text)!
      .docParsedEntities.filter((e) => e.entity === 'idufir')
      .map((e) => e.text_data);

  it.each([
    ['a labelled 15-digit number', 'IDUFIR: 280790001234567\nCARGAS\nNinguna.', []],
    [
      'a labelled IDUFIR: other 14-digit numbers are not taken',
      'IDUFIR: 28079000123456\nDESCRIPCIÓN DE LA FINCA\nPiso. Linda con la finca 28079000654321.',
      ['28079000123456'],
    ],
    [
      'an unlabelled one at the end of the description, owners starting with a number',
      'DESCRIPCIÓN DE LA FINCA\nGaraje. Código 48020000111222\nTITULARIDADES\n100% del pleno dominio.',
      ['48020000111222'],
    ],
  ])('IDUFIR: %s', (_, text, expected) => {
    expect(idufirs(text)).toEqual(expected);
  });

  it.each([
    ['without a colon', 'Referencia catastral 7837301 VG8173B 0001 TT', ['7837301VG8173B0001TT']],
    ['without a space after the colon', 'Referencia catastral:7837301 VG8173B 0001 TT', ['7837301VG8173B0001TT']],
    ['followed by words', 'Referencia catastral: 7837301 VG8173B 0001 TT y superficie', ['7837301VG8173B0001TT']],
    ['without a label', 'Piso en Madrid (catastro 7837301VG8173B0001TT).', ['7837301VG8173B0001TT']],
  ])('cadastral reference: %s', (_, line, refs) => {
    const read = parseNotaSimple(`DESCRIPCIÓN DE LA FINCA\n${line}`)!;
    expect(read.docParsedEntities.filter((e) => e.entity === 'refcat').map((e) => e.text_data)).toEqual(refs);
  });

  it.each([
    ['"Finca núm." without a space', 'Finca núm.4321 de Sevilla', '4321'],
    ['"Finca num" without a dot', 'Finca num 4321 de Sevilla', '4321'],
  ])('property number: %s', (_, line, finca) => {
    const read = parseNotaSimple(`${line}\nCARGAS\nNinguna.`)!;
    expect(read.docParsedEntities).toEqual([{ entity: 'finca', text_data: finca }]);
  });

  it.each([
    ['"Fecha:"', 'Fecha: 12/03/2026', ['2026-03-12']],
    ['"Fecha:" without a space', 'Fecha:12.03.2026', ['2026-03-12']],
    ['"Emitida el"', 'Emitida el 12-03-2026', ['2026-03-12']],
    ['month 13 is not a date', 'Fecha de emisión: 01/13/2026', []],
  ])('date issued: %s', (_, line, dates) => {
    const read = parseNotaSimple(`${line}\nCARGAS\nNinguna.`)!;
    expect(read.docParsedEntities.filter((e) => e.entity === 'fecha').map((e) => e.text_data)).toEqual(dates);
  });
});
