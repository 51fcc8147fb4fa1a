import type { DomainMessage } from '../i18n/domain-messages.js';
import { type ValidatorName } from '../forms/product-form.js';
import { validateByName } from '../validators/validate-by-name.js';
import { isReferenceId, META_LISTS, type MetaList, type SavedItemKind } from './reference-ids.js';

/** Longest name of a saved item. */
export const SAVED_ITEM_NAME_MAX = 200;
/** Most attributes (`meta.attr`) one saved item keeps. */
export const SAVED_ITEM_MAX_ATTRS = 20;
/** Longest attribute value (notes are longer: {@link SAVED_ITEM_NOTES_MAX}). */
export const SAVED_ITEM_ATTR_MAX = 300;
/** Longest free notes attribute. */
export const SAVED_ITEM_NOTES_MAX = 2000;

/** One attribute of a saved item: a known key of its kind and its text. */
export interface SavedItemAttr {
  key: string;
  value: string;
}

/** The meta of a saved item (spec: "lists of attributes attr, tipo, uso, relacion"). */
export interface SavedItemMeta {
  attr: SavedItemAttr[];
  tipo: number[];
  uso: number[];
  relacion: number[];
}

/** What a customer sends to create or replace a saved item. */
export interface SavedItemInput {
  name: string;
  meta?: Partial<SavedItemMeta>;
  favourite?: boolean;
  /** Companies only: follow the company (spec: the follow-up "seguimiento" toggle). */
  seguimiento?: boolean;
}

/** A saved item ready to store: normalised values, its de-duplication key and its search text. */
export interface ValidSavedItem {
  name: string;
  meta: SavedItemMeta;
  favourite: boolean;
  seguimiento: boolean;
  /**
   * What identifies the thing itself (a vehicle's plate, a company's tax id, a property's IDUFIR or cadastral
   * reference): a customer keeps one saved item per key, so an order saving it twice links the same one. Null: none.
   */
  dedupeKey: string | null;
  /** Lower-cased name and attribute values, one per line, for the list's search. */
  searchText: string;
}

/** A field the customer must correct, with the message to show. */
export interface SavedItemFieldError {
  /** `name`, `meta.attr.<key>`, `meta.tipo`..., `seguimiento`. */
  field: string;
  message: DomainMessage;
}

export type SavedItemValidation = { ok: true; item: ValidSavedItem } | { ok: false; errors: SavedItemFieldError[] };

interface AttrRule {
  /** The validator of the product forms that checks it (and gives its canonical form). */
  validator?: ValidatorName;
  max?: number;
  /** Free text on several lines. */
  multiline?: boolean;
}

/** The attributes each kind keeps; any other key is refused. */
export const SAVED_ITEM_ATTRS: Readonly<Record<SavedItemKind, Readonly<Record<string, AttrRule>>>> = {
  property: {
    address: {},
    municipality: {},
    province: {},
    postal_code: { max: 10 },
    refcat: { validator: 'refcat' },
    idufir: { validator: 'idufir' },
    finca: { max: 40 },
    registry: {},
    owner: {},
    notes: { max: SAVED_ITEM_NOTES_MAX, multiline: true },
  },
  vehicle: {
    plate: { validator: 'plate_es' },
    brand: { max: 100 },
    model: { max: 100 },
    vin: { max: 17 },
    notes: { max: SAVED_ITEM_NOTES_MAX, multiline: true },
  },
  company: {
    // A company's tax id: a CIF, or the NIF of a sole trader (DNI/NIE).
    cif: { validator: 'nif_es' },
    address: {},
    notes: { max: SAVED_ITEM_NOTES_MAX, multiline: true },
  },
  document: {
    description: { max: SAVED_ITEM_NOTES_MAX, multiline: true },
    notes: { max: SAVED_ITEM_NOTES_MAX, multiline: true },
  },
};

/** The attribute whose value identifies the thing (see {@link ValidSavedItem.dedupeKey}), in order of preference. */
const IDENTITY_ATTRS: Readonly<Record<SavedItemKind, readonly string[]>> = {
  property: ['idufir', 'refcat'],
  vehicle: ['plate'],
  company: ['cif'],
  document: [],
};

/** Attributes a kind cannot be saved without. */
const REQUIRED_ATTRS: Readonly<Record<SavedItemKind, readonly string[]>> = {
  property: [],
  vehicle: ['plate'],
  company: [],
  document: [],
};

// Control characters (tabs and line breaks only in multi-line notes).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LINE_BREAK = /[\t\r\n]/;

function cleanLine(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/g, ' ');
}

function cleanNotes(value: string): string {
  return value.normalize('NFC').replace(/\r\n?/g, '\n').trim();
}

/**
 * Validates a saved item of a kind: name (1-200 characters, one line), the attributes of its kind (known keys, each at
 * most once, at most 20; plates, tax ids, cadastral references and IDUFIRs through the product forms' validators), the
 * reference-id lists of its kind (ids of the catalogue, no repeats), the follow-up toggle (companies only).
 */
export function validateSavedItem(kind: SavedItemKind, input: SavedItemInput): SavedItemValidation {
  const errors: SavedItemFieldError[] = [];
  const name = cleanLine(input.name ?? '');
  if (name === '') errors.push({ field: 'name', message: { key: 'validation.required_text' } });
  else if (name.length > SAVED_ITEM_NAME_MAX)
    errors.push({ field: 'name', message: { key: 'validation.too_long', params: { max: SAVED_ITEM_NAME_MAX } } });
  else if (CONTROL.test(input.name) || LINE_BREAK.test(input.name.trim()))
    errors.push({ field: 'name', message: { key: 'saved_item.invalid_characters' } });

  const rules = SAVED_ITEM_ATTRS[kind];
  const attrsIn = input.meta?.attr ?? [];
  const attr: SavedItemAttr[] = [];
  if (attrsIn.length > SAVED_ITEM_MAX_ATTRS) {
    errors.push({ field: 'meta.attr', message: { key: 'saved_item.too_many', params: { max: SAVED_ITEM_MAX_ATTRS } } });
  } else {
    const seen = new Set<string>();
    for (const { key, value } of attrsIn) {
      const field = `meta.attr.${key}`;
      const rule = Object.hasOwn(rules, key) ? rules[key] : undefined;
      if (!rule) {
        errors.push({ field, message: { key: 'saved_item.unknown_attribute' } });
        continue;
      }
      if (seen.has(key)) {
        errors.push({ field, message: { key: 'saved_item.repeated_attribute' } });
        continue;
      }
      seen.add(key);
      const text = rule.multiline ? cleanNotes(value) : cleanLine(value);
      if (text === '') continue; // an empty attribute is simply not kept
      const max = rule.max ?? SAVED_ITEM_ATTR_MAX;
      if (text.length > max) {
        errors.push({ field, message: { key: 'validation.too_long', params: { max } } });
        continue;
      }
      if (CONTROL.test(value) || (!rule.multiline && LINE_BREAK.test(value.trim()))) {
        errors.push({ field, message: { key: 'saved_item.invalid_characters' } });
        continue;
      }
      if (rule.validator) {
        const checked = validateByName(rule.validator, text);
        if (!checked.ok) {
          errors.push({ field, message: checked.message });
          continue;
        }
        attr.push({ key, value: checked.normalised });
      } else {
        attr.push({ key, value: text });
      }
    }
    for (const key of REQUIRED_ATTRS[kind]) {
      if (!seen.has(key) || !attr.some((a) => a.key === key)) {
        if (!errors.some((e) => e.field === `meta.attr.${key}`))
          errors.push({ field: `meta.attr.${key}`, message: { key: 'validation.required_text' } });
      }
    }
  }

  const lists: Record<MetaList, number[]> = { tipo: [], uso: [], relacion: [] };
  for (const list of ['tipo', 'uso', 'relacion'] as const) {
    const ids = input.meta?.[list] ?? [];
    const field = `meta.${list}`;
    if (ids.length === 0) continue;
    const catalogue = META_LISTS[kind][list];
    if (!catalogue) {
      errors.push({ field, message: { key: 'saved_item.not_for_kind' } });
      continue;
    }
    if (new Set(ids).size !== ids.length) {
      errors.push({ field, message: { key: 'saved_item.repeated_value' } });
      continue;
    }
    if (!ids.every((id) => Number.isSafeInteger(id) && isReferenceId(kind, list, id))) {
      errors.push({ field, message: { key: 'validation.unknown_value' } });
      continue;
    }
    lists[list] = [...ids].sort((a, b) => a - b);
  }

  if (input.seguimiento === true && kind !== 'company')
    errors.push({ field: 'seguimiento', message: { key: 'saved_item.not_for_kind' } });

  if (errors.length > 0) return { ok: false, errors };
  const identity = IDENTITY_ATTRS[kind].map((key) => attr.find((a) => a.key === key)).find((a) => a !== undefined);
  return {
    ok: true,
    item: {
      name,
      meta: { attr, ...lists },
      favourite: input.favourite === true,
      seguimiento: kind === 'company' && input.seguimiento === true,
      dedupeKey: identity ? `${identity.key}:${identity.value}` : null,
      searchText: [name, ...attr.map((a) => a.value)].join('\n').toLocaleLowerCase('es'),
    },
  };
}
