import type { Catalogue } from './types';
import { commonEn } from './features/common/en';
import { accountEn } from './features/account/en';
import { backofficeCatalogEn } from './features/backoffice-catalog/en';
import { backofficeConfigListsEn } from './features/backoffice-config-lists/en';
import { backofficeCustomersEn } from './features/backoffice-customers/en';
import { backofficeInvoicingEn } from './features/backoffice-invoicing/en';
import { backofficeItemsEn } from './features/backoffice-items/en';
import { backofficeMailboxEn } from './features/backoffice-mailbox/en';
import { backofficeSharedEn } from './features/backoffice-shared/en';
import { backofficeStatisticsEn } from './features/backoffice-statistics/en';
import { backofficeTemplatesEn } from './features/backoffice-templates/en';
import { backofficeTicketsEn } from './features/backoffice-tickets/en';
import { backofficeWorkspaceEn } from './features/backoffice-workspace/en';
import { catalogEn } from './features/catalog/en';
import { checkoutEn } from './features/checkout/en';
import { consentEn } from './features/consent/en';
import { legalEn } from './features/legal/en';
import { wizardEn } from './features/wizard/en';

export const en: Catalogue = {
  ...commonEn,
  ...accountEn,
  ...backofficeCatalogEn,
  ...backofficeConfigListsEn,
  ...backofficeCustomersEn,
  ...backofficeInvoicingEn,
  ...backofficeItemsEn,
  ...backofficeMailboxEn,
  ...backofficeSharedEn,
  ...backofficeStatisticsEn,
  ...backofficeTemplatesEn,
  ...backofficeTicketsEn,
  ...backofficeWorkspaceEn,
  ...catalogEn,
  ...checkoutEn,
  ...consentEn,
  ...legalEn,
  ...wizardEn,
};
