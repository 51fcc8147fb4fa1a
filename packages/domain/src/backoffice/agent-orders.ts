import { validatePersonalTaxId } from '../validators/tax-ids-es.js';

/*
 * Orders created by agents (spec, document 2: tabs new, ns, qp, localizaciones; listaNombresQP, searchListaNombresQP,
 * tramitaListaNombresQP, tramitaLocalizaciones). The agent answers a product's questions for a customer with the same
 * engine and pricing as the shop; these are the rules of the shortcuts and of the QP ("qué propiedades": the
 * properties of a person) person-search lists. docs/backoffice.md, "Orders created by agents".
 */

/** The products the shortcut tabs open: Create NS (nota simple) and Create QP (properties of a person). */
export const AGENT_ORDER_SHORTCUTS = { ns: 'nota-simple', qp: 'propiedades-de-una-persona' } as const;
export type AgentOrderShortcut = keyof typeof AGENT_ORDER_SHORTCUTS;

/** The QP product's question "how many properties at most" and what each of its answers allows. */
export const QP_MAXIMO_OPTION_ID = 1006;
export const QP_MAXIMO_BY_VALUE: Readonly<Record<number, number>> = {
  2918: 1,
  2920: 3,
  2927: 10,
  2929: 25,
  2931: 50,
};
/** The largest maximum of the product (also the limit of an item whose answer is missing). */
export const QP_MAXIMO_LIMIT = 50;
/** How many people one QP item may list (each is searched separately). */
export const QP_MAX_NAMES = 20;

/**
 * What adding a person (by NIF) to a QP item's list does: nothing new when the NIF is listed already, a refusal when
 * the list is full (QP_MAX_NAMES), otherwise an addition. The server decides it under the item's row lock.
 */
export function qpNameAddition(listedNifs: readonly string[], nif: string): 'listed' | 'full' | 'add' {
  if (listedNifs.includes(nif)) return 'listed';
  return listedNifs.length >= QP_MAX_NAMES ? 'full' : 'add';
}
/** Most characters of a first name, surnames, a registry, a municipality, a holder; of an estate number. */
export const QP_TEXT_MAX = 150;
export const QP_FINCA_MAX = 40;

/** The maximum of properties to locate the customer paid for (answer of question 1006); the product's limit if none. */
export function qpMaximoOfAnswers(answers: Readonly<Record<string, unknown>>): number {
  const raw = answers[String(QP_MAXIMO_OPTION_ID)];
  const value = typeof raw === 'string' || typeof raw === 'number' ? Number(raw) : NaN;
  return QP_MAXIMO_BY_VALUE[value] ?? QP_MAXIMO_LIMIT;
}

/** Why a field of a person-search list was refused (the server turns it into a message in the user's language). */
export type QpProblemReason =
  'required' | 'too_long' | 'invalid_characters' | 'nif' | 'nif_separators' | 'out_of_range';
export interface QpProblem {
  field: string;
  reason: QpProblemReason;
  max?: number;
}
export type QpCheck<T> = { ok: true; value: T } | { ok: false; problems: QpProblem[] };

// Control characters (NUL included) never belong in a name or an address.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function text(field: string, raw: string, max: number, required: boolean, problems: QpProblem[]): string {
  const value = raw.trim().replace(/\s+/g, ' ');
  if (CONTROL.test(raw)) problems.push({ field, reason: 'invalid_characters' });
  else if (required && value === '') problems.push({ field, reason: 'required' });
  else if (value.length > max) problems.push({ field, reason: 'too_long', max });
  return value;
}

export interface QpPerson {
  nombre: string;
  apellidos: string;
  /** DNI or NIE, upper-case, as the validator normalises it. */
  nif: string;
}

/** searchListaNombresQP: a person to search for (name, surnames and a valid DNI or NIE), every problem at once. */
export function checkQpPerson(input: { nombre: string; apellidos: string; nif: string }): QpCheck<QpPerson> {
  const problems: QpProblem[] = [];
  const nombre = text('nombre', input.nombre, QP_TEXT_MAX, true, problems);
  const apellidos = text('apellidos', input.apellidos, QP_TEXT_MAX, true, problems);
  let nif = '';
  if (CONTROL.test(input.nif)) problems.push({ field: 'nif', reason: 'invalid_characters' });
  else {
    const result = validatePersonalTaxId(input.nif);
    if (result.ok) nif = result.normalised;
    else if (result.reason === 'empty') problems.push({ field: 'nif', reason: 'required' });
    else problems.push({ field: 'nif', reason: result.reason === 'separators' ? 'nif_separators' : 'nif' });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: { nombre, apellidos, nif } };
}

/**
 * tramitaListaNombresQP: the names to send for searching (`list`: ids of the item's names not yet processed, each once)
 * and `maximo`, the most properties to locate for them: 1 to what the customer paid for (`paidMaximo`).
 */
export function checkTramitaNombres(
  input: { maximo: number; list: readonly number[] },
  item: { paidMaximo: number; pendingNameIds: readonly number[] },
): QpCheck<{ maximo: number; list: number[] }> {
  const problems: QpProblem[] = [];
  if (!Number.isSafeInteger(input.maximo) || input.maximo < 1 || input.maximo > item.paidMaximo) {
    problems.push({ field: 'maximo', reason: 'out_of_range', max: item.paidMaximo });
  }
  const unique = [...new Set(input.list)];
  if (unique.length === 0) problems.push({ field: 'list', reason: 'required' });
  else if (unique.length !== input.list.length || unique.some((id) => !item.pendingNameIds.includes(id))) {
    problems.push({ field: 'list', reason: 'out_of_range' });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: { maximo: input.maximo, list: unique } };
}

export interface QpLocalizationInput {
  registro: string;
  finca: string;
  municipio?: string;
  titular?: string;
}
export type QpLocalization = Required<QpLocalizationInput>;

/**
 * tramitaLocalizaciones: the properties found for a QP item (registry and estate number required; municipality and
 * holder optional). `room` is how many more the item may record: the processed maximum minus those already found.
 */
export function checkLocalizaciones(list: readonly QpLocalizationInput[], room: number): QpCheck<QpLocalization[]> {
  const problems: QpProblem[] = [];
  if (list.length === 0) problems.push({ field: 'list', reason: 'required' });
  else if (list.length > room) problems.push({ field: 'list', reason: 'out_of_range', max: Math.max(room, 0) });
  const value = list.map((entry, k) => ({
    registro: text(`list.${k}.registro`, entry.registro, QP_TEXT_MAX, true, problems),
    finca: text(`list.${k}.finca`, entry.finca, QP_FINCA_MAX, true, problems),
    municipio: text(`list.${k}.municipio`, entry.municipio ?? '', QP_TEXT_MAX, false, problems),
    titular: text(`list.${k}.titular`, entry.titular ?? '', QP_TEXT_MAX, false, problems),
  }));
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value };
}
