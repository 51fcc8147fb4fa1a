import type { SavedItemAttr } from './saved-item-input.js';
import type { SavedItemKind } from './reference-ids.js';

/** The saved kinds the back office shows beside an order or a ticket (documents are the order's own files there). */
export const CUSTOMER_SUMMARY_KINDS = ['property', 'company', 'vehicle'] as const satisfies readonly SavedItemKind[];
/** A kind of {@link CUSTOMER_SUMMARY_KINDS}. */
export type CustomerSummaryKind = (typeof CUSTOMER_SUMMARY_KINDS)[number];

/** How many of each kind the back office's summary carries, newest first (a customer may keep up to 500). */
export const CUSTOMER_SUMMARY_LIMIT = 50;

/**
 * The attributes that tell an agent which thing it is, in the order shown on its one line: a property's address,
 * cadastral reference, IDUFIR and registry; a company's tax id; a vehicle's plate and VIN. Notes, owners and the
 * rest stay in the customer's panel.
 */
export const CUSTOMER_SUMMARY_ATTRS: Readonly<Record<CustomerSummaryKind, readonly string[]>> = {
  property: ['address', 'refcat', 'idufir', 'registry'],
  company: ['cif'],
  vehicle: ['plate', 'vin'],
};

/** The attributes of a saved item that its back-office line shows: known keys, in their order, empty ones left out. */
export function customerSummaryAttrs(kind: CustomerSummaryKind, attrs: readonly SavedItemAttr[]): SavedItemAttr[] {
  return CUSTOMER_SUMMARY_ATTRS[kind].flatMap((key) => {
    const value = attrs.find((a) => a.key === key)?.value.trim() ?? '';
    return value === '' ? [] : [{ key, value }];
  });
}
