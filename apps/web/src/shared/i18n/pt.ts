import type { Catalogue } from './types';
import { commonPt } from './features/common/pt';
import { accountPt } from './features/account/pt';
import { backofficeCatalogPt } from './features/backoffice-catalog/pt';
import { backofficeConfigListsPt } from './features/backoffice-config-lists/pt';
import { backofficeCustomersPt } from './features/backoffice-customers/pt';
import { backofficeInvoicingPt } from './features/backoffice-invoicing/pt';
import { backofficeItemsPt } from './features/backoffice-items/pt';
import { backofficeMailboxPt } from './features/backoffice-mailbox/pt';
import { backofficeSharedPt } from './features/backoffice-shared/pt';
import { backofficeStatisticsPt } from './features/backoffice-statistics/pt';
import { backofficeTemplatesPt } from './features/backoffice-templates/pt';
import { backofficeTicketsPt } from './features/backoffice-tickets/pt';
import { backofficeWorkspacePt } from './features/backoffice-workspace/pt';
import { catalogPt } from './features/catalog/pt';
import { checkoutPt } from './features/checkout/pt';
import { consentPt } from './features/consent/pt';
import { legalPt } from './features/legal/pt';
import { wizardPt } from './features/wizard/pt';

export const pt: Catalogue = {
  ...commonPt,
  ...accountPt,
  ...backofficeCatalogPt,
  ...backofficeConfigListsPt,
  ...backofficeCustomersPt,
  ...backofficeInvoicingPt,
  ...backofficeItemsPt,
  ...backofficeMailboxPt,
  ...backofficeSharedPt,
  ...backofficeStatisticsPt,
  ...backofficeTemplatesPt,
  ...backofficeTicketsPt,
  ...backofficeWorkspacePt,
  ...catalogPt,
  ...checkoutPt,
  ...consentPt,
  ...legalPt,
  ...wizardPt,
};
