import { foldName } from '../config-lists/municipality-seed.js';
import type { AnswerValue, ProductForm, ProductOption } from '../forms/product-form.js';
import type { SavedItemAttr } from './saved-item-input.js';
import type { SavedItemKind } from './reference-ids.js';

/**
 * Fast-buy (spec: "each product gets extra pre-filled options from the origin (order, property, company or
 * vehicle)"; the shop's addFastFormOptionsToCartAndBuy): which products a saved item can order, and which of their
 * questions its attributes answer. The server builds the answers from the stored item (never from the browser) and
 * evaluates them like any other answers: what is hidden or invalid is dropped, prices are the catalogue's.
 */

/** The origins of the spec's call (`origin in pedido/inmueble/empresa/vehiculo`). */
export const FAST_BUY_ORIGINS = ['pedido', 'inmueble', 'empresa', 'vehiculo'] as const;
export type FastBuyOrigin = (typeof FAST_BUY_ORIGINS)[number];

export type FastBuyKind = Exclude<SavedItemKind, 'document'>;

export const ORIGIN_KIND: Readonly<Record<Exclude<FastBuyOrigin, 'pedido'>, FastBuyKind>> = {
  inmueble: 'property',
  empresa: 'company',
  vehiculo: 'vehicle',
};

/** A choice question answered from which attributes are known: the first pick whose attributes are all present. */
export interface FastBuyChoice {
  optionId: number;
  picks: ReadonlyArray<{ when: readonly string[]; value: number }>;
}

export interface FastBuyTarget {
  kind: FastBuyKind;
  productId: number;
  /** Attribute key (or `name`, the item's name) -> the option it answers. */
  fields: Readonly<Record<string, number>>;
  choices?: readonly FastBuyChoice[];
}

/**
 * The products each kind of saved item can be ordered for, with the questions its attributes answer (option ids of
 * catalog/forms; `apps/server/test/fast-buy.test.ts` checks them against the forms). Property attributes come from a
 * nota simple (address, municipality, province, owner, refcat, idufir) or the customer (also finca, registry).
 */
export const FAST_BUY_TARGETS: readonly FastBuyTarget[] = [
  // Nota simple (its urgent service is a question of the same product; 18508 is not in the catalogue).
  {
    kind: 'property',
    productId: 15867,
    fields: { province: 78, municipality: 79, address: 80, owner: 77, refcat: 82, idufir: 83 },
  },
  {
    kind: 'property',
    productId: 20001, // certificado del Registro de la Propiedad
    fields: {
      province: 1104,
      municipality: 1105,
      address: 1106,
      registry: 1107,
      finca: 1108,
      idufir: 1109,
      owner: 1110,
    },
    choices: [
      {
        optionId: 1103,
        picks: [
          { when: ['idufir'], value: 110303 },
          { when: ['finca', 'registry'], value: 110302 },
          { when: ['address'], value: 110301 },
        ],
      },
    ],
  },
  {
    kind: 'property',
    productId: 20024, // certificado energético
    fields: { province: 1603, municipality: 1604, address: 1605, refcat: 1607 },
  },
  {
    kind: 'property',
    productId: 20007, // certificado de precio de alquiler
    fields: { refcat: 5102, province: 5103, municipality: 5104, address: 5105 },
    choices: [
      {
        optionId: 5101,
        picks: [
          { when: ['refcat'], value: 510101 },
          { when: ['address'], value: 510102 },
        ],
      },
    ],
  },
  {
    kind: 'property',
    productId: 20006, // certificado de valor de referencia
    fields: { refcat: 4902, province: 4903, municipality: 4904, address: 4905 },
    choices: [
      {
        optionId: 4901,
        picks: [
          { when: ['refcat'], value: 490101 },
          { when: ['address'], value: 490102 },
        ],
      },
    ],
  },
  {
    kind: 'property',
    productId: 20008, // tasación
    fields: { province: 5303, municipality: 5304, address: 5305, refcat: 5306 },
  },
  { kind: 'company', productId: 18506, fields: { name: 5501, cif: 5502 } },
  { kind: 'company', productId: 18507, fields: { name: 5601, cif: 5602 } },
  { kind: 'company', productId: 20013, fields: { name: 1201, cif: 1202 } },
  { kind: 'company', productId: 20014, fields: { name: 5401, cif: 5402 } },
  { kind: 'company', productId: 20015, fields: { name: 5701, cif: 5702 } },
  { kind: 'company', productId: 20016, fields: { name: 5801, cif: 5802 } },
  { kind: 'vehicle', productId: 20029, fields: { plate: 2101 } },
  {
    kind: 'vehicle',
    productId: 20030, // informe del Registro de Bienes Muebles
    fields: { plate: 4602 },
    choices: [{ optionId: 4601, picks: [{ when: ['plate'], value: 460101 }] }],
  },
];

/** The products a kind of saved item can be fast-bought as, in table order. */
export function fastBuyProductIds(kind: FastBuyKind): number[] {
  return FAST_BUY_TARGETS.filter((t) => t.kind === kind).map((t) => t.productId);
}

export function fastBuyTarget(kind: FastBuyKind, productId: number): FastBuyTarget | undefined {
  return FAST_BUY_TARGETS.find((t) => t.kind === kind && t.productId === productId);
}

/** What a saved item brings: its name and attributes as stored. */
export interface FastBuySource {
  name: string;
  attr: readonly SavedItemAttr[];
}

/** Finds a municipality's code by its name within a province (the server's place data; none in the browser). */
export type MunicipalityResolver = (provinceCode: string, name: string) => string | undefined;

/** A province drop-down's value named `name` ("Alicante" also finds "Alicante/Alacant"), or undefined. */
function provinceValue(option: ProductOption, name: string): { id: number; code?: string } | undefined {
  const wanted = foldName(name);
  if (wanted === '') return undefined;
  return (
    option.opt_values.find((v) => foldName(v.name) === wanted) ??
    option.opt_values.find((v) => foldName(v.name).split('/').includes(wanted))
  );
}

/**
 * The answers a saved item gives a product's form (raw: the engine still validates, hides and prices them). An
 * attribute the form cannot take (a province not in its list, a municipality not found in the province) is left out,
 * so the wizard asks it. Choices are answered only when a pick's attributes are all present.
 */
export function prefillFromSavedItem(
  target: FastBuyTarget,
  form: ProductForm,
  source: FastBuySource,
  municipalityCode?: MunicipalityResolver,
): Record<string, AnswerValue> {
  const values = new Map<string, string>();
  for (const a of source.attr) if (a.value.trim() !== '') values.set(a.key, a.value.trim());
  if (source.name.trim() !== '') values.set('name', source.name.trim());
  const byId = new Map(form.options.map((o) => [o.option_id, o]));
  const answers: Record<string, AnswerValue> = {};
  let provinceCode: string | undefined;

  for (const [key, optionId] of Object.entries(target.fields)) {
    const option = byId.get(optionId);
    const value = values.get(key);
    if (!option || value === undefined || key === 'municipality') continue;
    if (option.type === 'drop_down') {
      const found = provinceValue(option, value);
      if (found) {
        answers[String(optionId)] = String(found.id);
        if (key === 'province') provinceCode = found.code;
      }
      continue;
    }
    if (option.type !== 'field' && option.type !== 'area') continue;
    answers[String(optionId)] = value;
  }
  // The municipality after the province: its code is looked up within the province answered above.
  const municipalityOption = byId.get(target.fields.municipality ?? -1);
  const municipality = values.get('municipality');
  if (municipalityOption && municipality && provinceCode && municipalityCode) {
    const code = municipalityCode(provinceCode, municipality);
    if (code) answers[String(municipalityOption.option_id)] = code;
  }
  for (const choice of target.choices ?? []) {
    const option = byId.get(choice.optionId);
    const pick = choice.picks.find((p) => p.when.every((k) => values.has(k)));
    if (option && pick && option.opt_values.some((v) => v.id === pick.value)) {
      answers[String(choice.optionId)] = String(pick.value);
    }
  }
  return answers;
}

/**
 * The wizard page (0-based, of `pages`) where a fast-buy starts: the first page holding a visible question with no
 * accepted answer; null when every visible question is answered (the check-answers page). Pages before it stay
 * reachable with "Atrás", so every pre-filled answer can still be changed.
 */
export function fastBuyStartPage(
  pages: ReadonlyArray<readonly number[]>,
  visible: Iterable<number>,
  answered: Readonly<Record<string, unknown>>,
): number | null {
  const shown = new Set(visible);
  const index = pages.findIndex((page) => page.some((id) => shown.has(id) && answered[String(id)] === undefined));
  return index === -1 ? null : index;
}
