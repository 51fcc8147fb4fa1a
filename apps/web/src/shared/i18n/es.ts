// Spanish, the reference catalogue: every feature's texts (shared/i18n/features/<feature>/es.ts, one folder per
// feature or back-office area; docs/architecture.md "Texts"). Their keys are the key set en.ts and pt.ts must match.
import { commonEs } from './features/common/es';
import { accountEs } from './features/account/es';
import { backofficeCatalogEs } from './features/backoffice-catalog/es';
import { backofficeConfigListsEs } from './features/backoffice-config-lists/es';
import { backofficeCustomersEs } from './features/backoffice-customers/es';
import { backofficeInvoicingEs } from './features/backoffice-invoicing/es';
import { backofficeItemsEs } from './features/backoffice-items/es';
import { backofficeMailboxEs } from './features/backoffice-mailbox/es';
import { backofficeSharedEs } from './features/backoffice-shared/es';
import { backofficeStatisticsEs } from './features/backoffice-statistics/es';
import { backofficeTemplatesEs } from './features/backoffice-templates/es';
import { backofficeTicketsEs } from './features/backoffice-tickets/es';
import { backofficeWorkspaceEs } from './features/backoffice-workspace/es';
import { catalogEs } from './features/catalog/es';
import { checkoutEs } from './features/checkout/es';
import { consentEs } from './features/consent/es';
import { legalEs } from './features/legal/es';
import { wizardEs } from './features/wizard/es';

export const es = {
  ...commonEs,
  ...accountEs,
  ...backofficeCatalogEs,
  ...backofficeConfigListsEs,
  ...backofficeCustomersEs,
  ...backofficeInvoicingEs,
  ...backofficeItemsEs,
  ...backofficeMailboxEs,
  ...backofficeSharedEs,
  ...backofficeStatisticsEs,
  ...backofficeTemplatesEs,
  ...backofficeTicketsEs,
  ...backofficeWorkspaceEs,
  ...catalogEs,
  ...checkoutEs,
  ...consentEs,
  ...legalEs,
  ...wizardEs,
};
