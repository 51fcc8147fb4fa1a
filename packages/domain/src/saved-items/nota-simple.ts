import { validateCadastralReference } from '../validators/cadastral-reference.js';
import { validateSpanishTaxId } from '../validators/tax-ids-es.js';

/** The three parts of a nota simple the customer reads (spec: the order line's extra.docParsed). */
export interface DocParsed {
  descripcion: string;
  cargas: string;
  titulares: string;
}

/** What the parser recognises in a nota simple besides its parts. */
export type DocParsedEntityName = 'idufir' | 'refcat' | 'finca' | 'registro' | 'fecha' | 'titular' | 'nif';

/** One thing found in a nota simple (spec: docParsedEntities with entity and text_data). */
export interface DocParsedEntity {
  entity: DocParsedEntityName;
  text_data: string;
}

/** A nota simple read for the customer. */
export interface NotaSimpleRead {
  docParsed: DocParsed;
  docParsedEntities: DocParsedEntity[];
}

type Part = keyof DocParsed | 'end';

// Headings, compared without accents, upper-case, without a trailing colon. Registries' layouts differ: the current
// one (DESCRIPCIÓN DE LA FINCA, TITULARIDADES, CARGAS), older ones (DESCRIPCION, TITULARES, CARGAS Y GRAVAMENES...).
const HEADINGS: ReadonlyArray<readonly [Part, readonly string[]]> = [
  [
    'descripcion',
    [
      'DESCRIPCION DE LA FINCA',
      'DESCRIPCION DEL INMUEBLE',
      'DESCRIPCION',
      'DATOS DESCRIPTIVOS',
      'DATOS DESCRIPTIVOS DE LA FINCA',
      'DATOS DE LA FINCA',
    ],
  ],
  [
    'titulares',
    [
      'TITULARIDADES',
      'TITULARIDADES VIGENTES',
      'TITULARIDAD',
      'TITULARIDAD ACTUAL',
      'TITULARES',
      'TITULARES ACTUALES',
      'TITULARES REGISTRALES',
    ],
  ],
  [
    'cargas',
    [
      'CARGAS',
      'CARGAS DE LA FINCA',
      'CARGAS Y GRAVAMENES',
      'CARGAS VIGENTES',
      'CARGAS REGISTRADAS',
      'CARGAS Y LIMITACIONES',
      'GRAVAMENES',
    ],
  ],
  // What follows the charges and is not theirs: the registry's warnings.
  ['end', ['AVISO', 'AVISOS', 'AVISO IMPORTANTE', 'ADVERTENCIA', 'ADVERTENCIAS', 'ADVERTENCIAS GENERALES']],
];

const HEADING_OF = new Map<string, Part>(HEADINGS.flatMap(([part, names]) => names.map((n) => [n, part] as const)));

/** Upper-case without accents, for comparisons; keeps the length, so positions in it are positions in the text. */
function fold(text: string): string {
  return text.replace(/[^\n]/g, (c) => {
    const f = c.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
    return f.length === c.length ? f : c;
  });
}

// Lines that are the page's furniture, not the note's content: page numbers (also pdf-parse's own page markers),
// verification codes, "continues overleaf".
const NOISE: readonly RegExp[] = [
  /^--\s*\d+\s+of\s+\d+\s*--$/i,
  /^P[AÁ]G(INA)?\.?\s*(N[º°O]\.?\s*)?\d+(\s*(DE|\/)\s*\d+)?$/i,
  /^HOJA\s*(N[º°O]\.?\s*)?\d+(\s*(DE|\/)\s*\d+)?$/i,
  /^\d+\s*(\/|DE)\s*\d+$/i,
  /^(CSV|C[OÓ]DIGO SEGURO DE VERIFICACI[OÓ]N)\b/i,
  /^(CONTIN[UÚ]A|SIGUE)\b.*\bP[AÁ]GINA SIGUIENTE\b/i,
  /^\.{0,3}\s*\/\s*\.{0,3}$/,
];
// Running headers repeated on every page: kept once.
const RUNNING_HEADER = /^(NOTA SIMPLE|INFORMACI[OÓ]N REGISTRAL|REGISTRO DE LA PROPIEDAD)\b/i;

// The registry's warning that the note's data may not be put into files or databases (wording varies by layout and
// by data-protection law: "queda prohibida la incorporación...", "está prohibida la incorporación...", "...la
// incorporación de los datos ... queda prohibida"), and the "purely indicative value" notice that opens the warnings.
const WARNINGS: readonly RegExp[] = [
  /PROHIBID[AO]S?\b[^.]{0,120}?\bINCORPORACION\b/,
  /\bINCORPORACION DE LOS DATOS\b[^.]{0,200}?\bPROHIBID/,
  /\bVALOR PURAMENTE INDICATIVO\b/,
];

interface Line {
  text: string;
  folded: string;
}

function cleanLines(text: string): Line[] {
  const seenHeaders = new Set<string>();
  const lines: Line[] = [];
  for (const raw of text.normalize('NFC').replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/[\s\u00a0]+/g, ' ').trim();
    if (line === '' || NOISE.some((re) => re.test(line))) continue;
    const folded = fold(line);
    if (RUNNING_HEADER.test(line)) {
      if (seenHeaders.has(folded)) continue;
      seenHeaders.add(folded);
    }
    lines.push({ text: line, folded });
  }
  return lines;
}

/** A heading line: the part it opens and the text after "HEADING:" on the same line, if any. */
function headingOf(line: Line): { part: Part; rest: string } | null {
  const whole = line.folded.replace(/[\s:.]+$/, '');
  const exact = HEADING_OF.get(whole);
  if (exact) return { part: exact, rest: '' };
  const colon = line.text.indexOf(':');
  if (colon > 0) {
    const part = HEADING_OF.get(fold(line.text.slice(0, colon)).trim());
    if (part) return { part, rest: line.text.slice(colon + 1).trim() };
  }
  return null;
}

/**
 * The start of the sentence holding position `at`: after the last ".", ":" or ";" followed by a space or line break,
 * or at a line that starts with a capital or a digit when the line before does not end mid-sentence (with a comma).
 */
function sentenceStart(text: string, at: number): number {
  for (let i = at - 1; i > 0; i--) {
    const c = text[i]!;
    if ((c === ' ' || c === '\n') && /[.:;]/.test(text[i - 1]!)) return i + 1;
    if (c === '\n' && text[i - 1] !== ',' && /[\p{Lu}\d]/u.test(text[i + 1] ?? '')) return i + 1;
  }
  return 0;
}

/** Where the registry's warning starts in a part's text (the start of its sentence), or -1. */
function warningStart(text: string): number {
  const folded = fold(text);
  let start = -1;
  for (const re of WARNINGS) {
    const m = re.exec(folded);
    if (!m) continue;
    const at = sentenceStart(text, m.index);
    if (start < 0 || at < start) start = at;
  }
  return start;
}

// Lines trimmed, blank ones dropped, and a list number left alone before the cut ("2. Queda prohibida..."). A line
// opening with "AVISO:" or "ADVERTENCIAS:" is a heading and never reaches a part.
function tidy(text: string): string {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .join('\n')
    .replace(/\n\d+\s*[.)-]$/, '')
    .trim();
}

// DNI, NIE, the K/L/M NIF of people without either, CIF.
const TAX_ID = /(?<![0-9A-Z])([KLMXYZ]\d{7}[A-Z]|\d{8}[A-Z]|[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J])(?![0-9A-Z])/g;
const IDUFIR_LABELLED =
  /(?:\bIDUFIR\b|\bI\.D\.U\.F\.I\.R\.?|\bC\.?R\.?U\b\.?|CODIGO REGISTRAL UNICO)\s*(?:\/\s*C\.?R\.?U\.?\s*)?[:.]?\s*(?:N[º°O]\.?\s*)?:?\s*(\d[\d ]{12,20}\d)/g;
const FOURTEEN_DIGITS = /(?<!\d)\d{14}(?!\d)/g;

function owner(line: string, id: string): string {
  const at = fold(line).indexOf(id);
  let name = line.slice(0, at).trim();
  name = name
    .replace(
      /[,;]?\s*(?:con\s+|provist[oa]\s+de\s+)?(?:N\.?I\.?F\.?|D\.?N\.?I\.?|N\.?I\.?E\.?|C\.?I\.?F\.?)\s*(?:n[º°o]\.?|n[uú]mero)?\s*:?\s*$/i,
      '',
    )
    .replace(/^(?:titular(?:es)?|nombre(?:\s+(?:del\s+)?titular)?)\s*:?\s*/i, '')
    .replace(/^(?:Don|Doña|Dña\.?|D\.ª|Dª|D\.)\s+/i, '')
    .replace(/[,;:\s]+$/, '')
    .trim();
  return name;
}

function isoDate(d: string, m: string, y: string): string | null {
  const day = Number(d);
  const month = Number(m);
  const date = new Date(Date.UTC(Number(y), month - 1, day));
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * Reads the text of a registry's nota simple (as a PDF's text layer gives it) into its description, owners and
 * charges, and what it names: the 14-digit IDUFIR/CRU (labelled, else a lone 14-digit number in those parts, as the
 * spec says), cadastral references that pass their control letters, the registry, the property number, the date
 * issued and each owner with a valid tax id. The charges stop at the registry's warning that the note's data may not
 * be incorporated into files or databases. Page numbers, verification codes and repeated page headers are dropped,
 * so a part may run over pages. Null when the text has none of the note's parts (not a nota simple).
 */
export function parseNotaSimple(text: string): NotaSimpleRead | null {
  const lines = cleanLines(text);
  const parts: Record<keyof DocParsed, string[]> = { descripcion: [], cargas: [], titulares: [] };
  let current: Part | null = null;
  let found = false;
  for (const line of lines) {
    const heading = headingOf(line);
    if (heading && heading.part !== current) {
      current = heading.part;
      if (current !== 'end') found = true;
      if (current !== 'end' && heading.rest) parts[current].push(heading.rest);
      continue;
    }
    if (current && current !== 'end') parts[current].push(line.text);
  }
  if (!found) return null;

  const docParsed: DocParsed = { descripcion: '', cargas: '', titulares: '' };
  for (const key of ['descripcion', 'titulares', 'cargas'] as const) {
    let partText = parts[key].join('\n');
    const cut = warningStart(partText);
    if (cut >= 0) partText = partText.slice(0, cut);
    docParsed[key] = tidy(partText);
  }

  const entities: DocParsedEntity[] = [];
  const add = (entity: DocParsedEntityName, textData: string) => {
    if (textData !== '' && !entities.some((e) => e.entity === entity && e.text_data === textData))
      entities.push({ entity, text_data: textData });
  };
  const all = lines.map((l) => l.folded).join('\n');
  const body = fold([docParsed.descripcion, docParsed.titulares, docParsed.cargas].join('\n'));

  for (const m of all.matchAll(IDUFIR_LABELLED)) {
    const digits = m[1]!.replace(/ /g, '');
    if (/^\d{14}$/.test(digits)) add('idufir', digits);
  }
  if (!entities.some((e) => e.entity === 'idufir')) {
    for (const m of body.matchAll(FOURTEEN_DIGITS)) add('idufir', m[0]);
  }

  for (const m of all.matchAll(/REFERENCIA CATASTRAL\s*:?\s*([0-9A-ZÑ ]{20,26})/g)) {
    const checked = validateCadastralReference(m[1]!.trim().split(' ').slice(0, 4).join(''));
    if (checked.ok) add('refcat', checked.normalised);
  }
  for (const m of all.matchAll(/(?<![0-9A-Z])[0-9A-Z]{18}[A-Z]{2}(?![0-9A-Z])/g)) {
    const checked = validateCadastralReference(m[0]);
    if (checked.ok) add('refcat', checked.normalised);
  }

  const registry = /REGISTRO DE LA PROPIEDAD DE ([^\n]+)/.exec(all);
  if (registry) {
    const at = registry.index + 'REGISTRO DE LA PROPIEDAD DE '.length;
    add(
      'registro',
      lines
        .map((l) => l.text)
        .join('\n')
        .slice(at, at + registry[1]!.length)
        .trim(),
    );
  }
  const finca = /\bFINCA\b[^\n]{0,60}?\b(?:N[º°O]\.?|NUM\.?|NUMERO)\s*:?\s*(\d[\d/]*)/.exec(all);
  if (finca) add('finca', finca[1]!);
  const date =
    /(?:FECHA(?: DE EMISION| DE EXPEDICION)?|EXPEDID[AO] EL|EMITID[AO] EL)\s*:?\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})/.exec(
      all,
    );
  if (date) {
    const iso = isoDate(date[1]!, date[2]!, date[3]!);
    if (iso) add('fecha', iso);
  }

  for (const line of docParsed.titulares.split('\n')) {
    const folded = fold(line);
    for (const m of folded.matchAll(TAX_ID)) {
      const checked = validateSpanishTaxId(m[1]!);
      if (!checked.ok) continue;
      add('titular', owner(line, m[1]!));
      add('nif', checked.normalised);
    }
  }
  return { docParsed, docParsedEntities: entities };
}
