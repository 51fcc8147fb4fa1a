import type { PermissionTable } from './permission-areas.js';
import { ADMINS, STAFF } from './roles.js';

/** Invoicing: invoices and credit notes, Veri*Factu, the legal entities, Portuguese invoicing. */
export const INVOICING_PERMISSIONS = {
  /** Back office: an order's invoices, credit notes and refunds; any invoice's PDF. */
  'backoffice.invoices.read': STAFF,
  /** Back office: the Veri*Factu records the AEAT refused or accepted with errors. */
  'backoffice.verifactu.read': ADMINS,
  /** The selling and issuing legal entities (names, tax ids, addresses, contacts) and their history of edits. */
  'legalEntities.manage': ADMINS,
  /** Portuguese invoicing: the AT's series validation codes (ATCUD) and the monthly SAF-T (PT) export. */
  'invoicing.portugal': ADMINS,
} as const satisfies PermissionTable;
