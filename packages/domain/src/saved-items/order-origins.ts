import { validateSavedItem, type SavedItemAttr, type ValidSavedItem } from './saved-item-input.js';
import type { SavedItemKind } from './reference-ids.js';

/** Which order lines save an item, and from which of their answers (option ids of the catalogue's forms). */
export interface SavedItemOrigin {
  kind: Exclude<SavedItemKind, 'document'>;
  /** The products (spec's known product ids where it names them; catalogue ids otherwise). */
  productIds: readonly number[];
  /** The answers that make the item's name: all the non-empty ones joined with ", ", or only the first of them. */
  nameFrom: readonly number[];
  nameJoin: 'all' | 'first';
  /** Attribute key -> the option answering it. */
  attrs: Readonly<Record<string, number>>;
}

/**
 * The order lines that create saved items with the customer's consent: a nota simple's property (spec
 * 15867, urgent 18508; wizard options 80 address, 79 municipality, 78 province, 77 owner, 82 cadastral reference, 83
 * IDUFIR), a company report's company (economic 18506, solvency 18507, the commercial registry's nota simple 20013:
 * name and CIF), a vehicle report's plate (20029). A test checks these option ids against the catalogue's forms.
 */
export const SAVED_ITEM_ORIGINS: readonly SavedItemOrigin[] = [
  {
    kind: 'property',
    productIds: [15867, 18508],
    nameFrom: [80, 79],
    nameJoin: 'all',
    attrs: { address: 80, municipality: 79, province: 78, owner: 77, refcat: 82, idufir: 83 },
  },
  { kind: 'company', productIds: [18506], nameFrom: [5501, 5502], nameJoin: 'first', attrs: { cif: 5502 } },
  { kind: 'company', productIds: [18507], nameFrom: [5601, 5602], nameJoin: 'first', attrs: { cif: 5602 } },
  { kind: 'company', productIds: [20013], nameFrom: [1201, 1202], nameJoin: 'first', attrs: { cif: 1202 } },
  { kind: 'vehicle', productIds: [20029], nameFrom: [2101], nameJoin: 'first', attrs: { plate: 2101 } },
];

/** An answer of an order line as stored (the printable value is what the customer chose or typed). */
export interface OrderLineAnswer {
  option_id: number;
  print_value: string;
}

/** The saved item an order line creates: its kind and the validated item. */
export interface SavedItemFromOrder {
  kind: Exclude<SavedItemKind, 'document'>;
  item: ValidSavedItem;
}

/**
 * The saved item an order line of `productId` creates, or null (a product that saves nothing, or answers that do not
 * make a valid item). Attributes whose answer does not pass the saved item's rules are left out rather than losing
 * the item; an item whose identity (a vehicle's plate) is invalid is not created.
 */
export function savedItemFromOrderLine(
  productId: number,
  answers: readonly OrderLineAnswer[],
): SavedItemFromOrder | null {
  const origin = SAVED_ITEM_ORIGINS.find((o) => o.productIds.includes(productId));
  if (!origin) return null;
  const answer = (optionId: number) =>
    (answers.find((a) => a.option_id === optionId)?.print_value ?? '').trim().replace(/\s+/g, ' ');
  // Blank answers included: the validation keeps no empty attribute.
  let attr: SavedItemAttr[] = Object.entries(origin.attrs).map(([key, optionId]) => ({ key, value: answer(optionId) }));
  // The name from the answers, an identity in its canonical form ("5555 bcd" -> "5555BCD").
  const name = () =>
    origin.nameFrom
      .map((optionId) => {
        const key = Object.keys(origin.attrs).find((k) => origin.attrs[k] === optionId);
        return attr.find((a) => a.key === key)?.value ?? answer(optionId);
      })
      .filter((v) => v !== '')
      .slice(0, origin.nameJoin === 'first' ? 1 : undefined)
      .join(', ')
      .slice(0, 200);
  let result = validateSavedItem(origin.kind, { name: name(), meta: { attr } });
  if (!result.ok) {
    const bad = new Set(result.errors.map((e) => e.field));
    attr = attr.filter((a) => !bad.has(`meta.attr.${a.key}`));
    result = validateSavedItem(origin.kind, { name: name(), meta: { attr } });
  }
  if (result.ok) {
    // Named again from the canonical values the validation gave.
    attr = result.item.meta.attr;
    result = validateSavedItem(origin.kind, { name: name(), meta: { attr } });
  }
  return result.ok ? { kind: origin.kind, item: result.item } : null;
}
