// The invoicing module's public surface: other modules and the app import only this file.
export { invoicingModule } from './invoicing.module.js';
export { default as invoicingRoutes } from './invoicing.routes.js';
export { Billing } from './invoicing.schema.js';
export {
  type BillingInput,
  checkBillingInput,
  type CheckedBilling,
  type InvoicingService,
  upsertBilling,
} from './invoicing.service.js';
export { type LegalEntities, placeholderWarning } from './legal-entities.js';
export { legalEntityAdminRoutes, legalEntityPublicRoutes, sellerOf, type SellerOut } from './legal-entities.routes.js';
export type { LegalEntitiesStore } from './legal-entities.store.js';
export type { RefundsService } from './refunds.service.js';
export type { VerifactuService } from './verifactu.service.js';
