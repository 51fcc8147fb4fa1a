// Answer plans for the catalogue walk: which answers to type into each product's wizard, taken from the server's
// combinations fixture when it has a case that continues, otherwise a generic valid answer per option type, checked
// against the evaluate API (the same evaluation the wizard and add-to-cart use) until it continues without errors.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/build-state.mjs';

export interface OptValue {
  id: number;
  name: string;
  price: string;
  /** Province and district lists: the place's code. */
  code?: string;
}

export interface ProductOption {
  option_id: number;
  type: string;
  is_require: number;
  title: string;
  placeholder: string | null;
  price: string;
  index: number;
  max_length: number | null;
  validator: string | null;
  previous_steps: { option_id: number; value: string; op?: string }[];
  opt_values: OptValue[];
  /** Place pickers (docs/geo-data.md). */
  place?: { country?: 'ES' | 'PT'; parent_option?: number };
}

interface Condition {
  option_id?: number;
  value?: string;
  options?: { option_id: number; value: string }[];
}

export interface ProductDetail {
  product_id: number;
  name: string;
  url_key: string;
  price: string;
  steps: number[][];
  options: ProductOption[];
  conditions_to_exit: Condition[] | null;
  conditions_to_redirect: Condition[] | null;
}

/** The answer to a file question: the reference POST /api/uploads returned. */
export interface FileReference {
  file_id: string;
  filename: string;
  size: number;
  content_type: string;
}

export type AnswerValue = string | number[] | FileReference;
export type Answers = Record<string, AnswerValue>;

/** Whether an answer is a file reference (the fixture writes `{"file_id": "@upload"}` for "a document uploaded here"). */
export function isFileReference(value: AnswerValue | undefined): value is FileReference {
  return !!value && typeof value === 'object' && !Array.isArray(value) && typeof value.file_id === 'string';
}

export interface Evaluation {
  visible: number[];
  errors: { option_id: number; message: string }[];
  outcome: {
    type: 'continue' | 'exit' | 'redirect' | 'early_checkout';
    message?: string;
    product_id?: number;
    url_key?: string;
  };
  price: { base: string; options: string; subtotal: string; tax: string; total: string };
}

export interface FixtureCase {
  name: string;
  store: number;
  url_key: string;
  answers: Answers;
  outcome: { type: string; message?: string };
  total?: string;
}

export interface AnswerPlan {
  /** Where the answers come from: the fixture case's name, or "generic". */
  source: string;
  answers: Answers;
  /** The evaluate API's result for exactly these answers (continue, no errors). */
  evaluation: Evaluation;
  /** The fixture's expected total, when the answers are a fixture case. */
  fixtureTotal: string | null;
}

export const CHOICE_TYPES = new Set(['radio', 'radio_button', 'drop_down', 'checkbox', 'multiple']);

/** The 75 answer combinations of apps/server/test/fixtures/catalog-combinations.json. */
export function loadFixtureCases(): FixtureCase[] {
  const file = path.join(ROOT, 'apps/server/test/fixtures/catalog-combinations.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { cases: FixtureCase[] }).cases;
}

/** The fixture's case to reuse for a product: a `continue` one, from the same store when there is one. */
export function fixtureCaseFor(cases: FixtureCase[], urlKey: string, storeId: number): FixtureCase | undefined {
  const own = cases.filter((c) => c.url_key === urlKey && c.outcome.type === 'continue');
  return own.find((c) => c.store === storeId) ?? own[0];
}

/** Valid example values for the validators (docs/catalogue-forms.md, the reference algorithms' test vectors). */
const BY_VALIDATOR: Record<string, string[]> = {
  nif_es: ['12345678Z', 'X1234567L', 'B86670460'],
  nif: ['12345678Z', 'X1234567L'],
  nie: ['X1234567L'],
  cif: ['B86670460'],
  nif_pt: ['501964843'],
  refcat: ['7837301VG8173B0001TT'],
  idufir: ['28123456789012'],
  phone_es: ['612345678', '912345678'],
  phone_pt: ['912345678'],
  plate_es: ['1234BCD'],
  iban: ['ES9121000418450200051332'],
  email: ['cliente.e2e@example.com'],
};

function textFor(option: ProductOption, language: string): string[] {
  const title = option.title.toLowerCase();
  const has = (...words: string[]) => words.some((w) => title.includes(w));
  if (has('correo', 'email', 'e-mail')) return ['cliente.e2e@example.com'];
  if (has('teléfono', 'telefone', 'phone', 'móvil')) return ['612345678', '912345678'];
  if (has('iban', 'cuenta bancaria')) return ['ES9121000418450200051332'];
  if (has('eircode')) return ['T12 AB34'];
  if (language === 'pt') {
    if (has('freguesia')) return ['Arroios, Lisboa'];
    if (has('nome', 'titular')) return ['Ana Sousa Costa'];
    if (has('morada', 'sede')) return ['Rua Augusta 10, Lisboa'];
    return ['1234'];
  }
  if (language === 'en') {
    if (has('name')) return ['Mary Murphy'];
    if (has('address')) return ['1 Main Street, Cork'];
    return ['DN1234F'];
  }
  if (option.type === 'municipio') return ['Alcalá de Henares'];
  if (option.type === 'banco') return ['0049'];
  if (has('municipio', 'localidad', 'ciudad')) return ['Alcalá de Henares'];
  if (has('razón social', 'empresa', 'sociedad')) return ['Ejemplo Servicios SL'];
  if (has('nombre', 'titular', 'fallecido', 'otorgantes', 'partes')) return ['Ana García López'];
  if (has('dirección', 'domicilio')) return ['Calle Mayor 1, 2º B, Madrid'];
  if (has('país', 'pais')) return ['Francia'];
  if (has('número', 'numero', 'año')) return ['2015'];
  return ['Dato de prueba del cliente'];
}

const asList = (c: Condition[] | null | undefined): Condition[] => (Array.isArray(c) ? c : []);

type PlaceKind = 'es_municipality' | 'pt_municipality' | 'pt_parish';

/** The place data sets (catalog/geo), read once: code -> [name, parent code]. */
const placeData = (() => {
  let cache: Record<PlaceKind, Map<string, [string, string]>> | null = null;
  return () => {
    if (cache) return cache;
    const read = (file: string) =>
      (JSON.parse(readFileSync(path.join(ROOT, 'catalog/geo', file), 'utf8')) as { items: string[][] }).items;
    cache = {
      es_municipality: new Map(
        read('es-municipalities.json').map(([code, name]) => [code!, [name!, code!.slice(0, 2)]]),
      ),
      pt_municipality: new Map(
        read('pt-municipalities.json').map(([code, name, district]) => [code!, [name!, district!]]),
      ),
      pt_parish: new Map(read('pt-parishes.json').map(([code, name]) => [code!, [name!, code!.slice(0, 4)]])),
    };
    return cache;
  };
})();

/** The kind of place a question asks for (searched pickers), or null. */
export function placeKindOf(option: ProductOption): PlaceKind | null {
  if (option.type === 'freguesia') return 'pt_parish';
  if (option.type === 'municipio' || option.type === 'municipio_ce')
    return option.place?.country === 'PT' ? 'pt_municipality' : 'es_municipality';
  return null;
}

/** Whether a drop-down is a province or district list (shown as a searchable picker). */
export function isPlaceList(option: ProductOption): boolean {
  return option.type === 'drop_down' && !!option.place && option.opt_values.some((v) => v.code);
}

/** The name the picker shows for a place code (what a customer types and chooses). */
export function placeName(option: ProductOption, code: string): string {
  const kind = placeKindOf(option);
  const name = kind ? placeData()[kind].get(code)?.[0] : undefined;
  if (!name) throw new Error(`${option.option_id}: unknown place code ${code}`);
  return name;
}

/** A place code for a picker: inside the place the parent question holds, or a well-known one. */
function placeCandidates(option: ProductOption, product: ProductDetail, answers: Answers): string[] {
  const kind = placeKindOf(option)!;
  const parent = product.options.find((o) => o.option_id === option.place?.parent_option);
  const parentAnswer = parent ? answers[String(parent.option_id)] : undefined;
  const parentCode =
    parent && typeof parentAnswer === 'string'
      ? isPlaceList(parent)
        ? parent.opt_values.find((v) => String(v.id) === parentAnswer)?.code
        : parentAnswer
      : undefined;
  if (parentCode) {
    const inside = [...placeData()[kind]].filter(([, [, p]]) => p === parentCode).map(([code]) => code);
    if (inside.length) return inside.slice(0, 3);
  }
  return { es_municipality: ['28079', '08019'], pt_municipality: ['1106', '1312'], pt_parish: ['110658', '131210'] }[
    kind
  ];
}

/** Candidate answers for an option, the first being the one to try first. */
export function candidates(
  option: ProductOption,
  product: ProductDetail,
  language: string,
  answers: Answers = {},
): AnswerValue[] {
  if (placeKindOf(option)) return placeCandidates(option, product, answers);
  if (CHOICE_TYPES.has(option.type)) {
    const avoid = new Set(
      [...asList(product.conditions_to_exit), ...asList(product.conditions_to_redirect)].flatMap((c) =>
        [...(c.options ?? []), ...(c.option_id !== undefined ? [{ option_id: c.option_id, value: c.value ?? '' }] : [])]
          .filter((o) => o.option_id === option.option_id)
          .map((o) => o.value),
      ),
    );
    const ids = option.opt_values.map((v) => v.id).filter((id) => !avoid.has(String(id)));
    return option.type === 'checkbox' || option.type === 'multiple' ? ids.map((id) => [id]) : ids.map(String);
  }
  if (option.type === 'date') {
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    return ['2015-06-30', inDays(30), inDays(-30), inDays(-10), inDays(365)];
  }
  if (option.validator && BY_VALIDATOR[option.validator]) return BY_VALIDATOR[option.validator]!;
  const texts = textFor(option, language);
  return option.max_length ? texts.map((t) => t.slice(0, option.max_length!)) : texts;
}

/**
 * Completes `seed` (a fixture case's answers, or nothing) into answers the evaluate API accepts: every visible
 * question answered, outcome "continue", no errors. Generic plans also answer optional questions, as a thorough
 * customer would (documents excepted: only required ones are uploaded); fixture plans are kept as they are.
 * `upload` uploads a small PDF in the session `evaluate` uses and returns its reference (documents must be the
 * caller's own); the browser uploads its own copy under the same name.
 */
export async function planAnswers(
  product: ProductDetail,
  language: string,
  evaluate: (answers: Answers) => Promise<Evaluation>,
  seed?: FixtureCase,
  upload?: () => Promise<FileReference>,
): Promise<AnswerPlan> {
  const answers: Answers = { ...(seed?.answers ?? {}) };
  for (const [key, value] of Object.entries(answers)) {
    if (isFileReference(value) && value.file_id === '@upload') {
      if (upload) answers[key] = await upload();
      else delete answers[key];
    }
  }
  const attempt = new Map<number, number>();
  const byId = new Map(product.options.map((o) => [o.option_id, o]));
  const ordered = [...product.options].sort((a, b) => a.index - b.index || a.option_id - b.option_id);
  for (let round = 0; round < 60; round++) {
    const evaluation = await evaluate(answers);
    const visible = new Set(evaluation.visible);
    for (const key of Object.keys(answers)) if (!visible.has(Number(key))) delete answers[key];
    if (evaluation.outcome.type === 'exit' || evaluation.outcome.type === 'redirect') {
      // Try the next candidate of the latest answered choice or date that still has one.
      const culprit = [...ordered]
        .reverse()
        .find(
          (o) =>
            visible.has(o.option_id) &&
            answers[String(o.option_id)] !== undefined &&
            (CHOICE_TYPES.has(o.type) || o.type === 'date') &&
            (attempt.get(o.option_id) ?? 0) + 1 < candidates(o, product, language).length,
        );
      if (!culprit)
        throw new Error(`${product.url_key}: no answers avoid the outcome ${JSON.stringify(evaluation.outcome)}`);
      const next = (attempt.get(culprit.option_id) ?? 0) + 1;
      attempt.set(culprit.option_id, next);
      answers[String(culprit.option_id)] = candidates(culprit, product, language)[next]!;
      continue;
    }
    let changed = false;
    const errored = new Set(evaluation.errors.map((e) => e.option_id));
    for (const option of ordered) {
      const key = String(option.option_id);
      if (!visible.has(option.option_id)) continue;
      if (option.type === 'file') {
        // A required document: upload one (the server checks it is this session's own upload).
        if (answers[key] === undefined && errored.has(option.option_id) && upload) {
          answers[key] = await upload();
          changed = true;
        }
        continue;
      }
      const list = candidates(option, product, language, answers);
      if (answers[key] === undefined && (errored.has(option.option_id) || (!seed && list.length > 0))) {
        answers[key] = list[0]!;
        attempt.set(option.option_id, 0);
        changed = true;
      } else if (answers[key] !== undefined && errored.has(option.option_id)) {
        const next = (attempt.get(option.option_id) ?? -1) + 1;
        if (next >= list.length) {
          throw new Error(
            `${product.url_key}: no valid answer for ${option.option_id} "${option.title}": ${JSON.stringify(evaluation.errors)}`,
          );
        }
        attempt.set(option.option_id, next);
        answers[key] = list[next]!;
        changed = true;
      }
    }
    if (!changed) {
      if (evaluation.errors.length > 0) {
        throw new Error(
          `${product.url_key}: errors left ${JSON.stringify(evaluation.errors)} (file options: ${
            evaluation.errors
              .filter((e) => byId.get(e.option_id)?.type === 'file')
              .map((e) => e.option_id)
              .join(', ') || 'none'
          })`,
        );
      }
      return { source: seed?.name ?? 'generic', answers, evaluation, fixtureTotal: seed?.total ?? null };
    }
  }
  throw new Error(`${product.url_key}: the answers did not settle`);
}
