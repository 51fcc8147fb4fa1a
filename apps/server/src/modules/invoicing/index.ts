// The invoicing module's public surface: other modules and the app import only this file.
export { invoicingModule } from './invoicing.module.js';
export { Billing } from './invoicing.schema.js';
export {
  type BillingInput,
  checkBillingInput,
  type CheckedBilling,
  type InvoicingService,
  upsertBilling,
} from './invoicing.service.js';
export { type LegalEntities } from './legal-entities.js';
export { sellerOf, type SellerOut } from './legal-entities.routes.js';
export type { RefundsService } from './refunds.service.js';
