// The back office's screens, for its route table (backoffice-routes.tsx); the chunk is screens/backoffice.ts.
export { BackofficeLayout } from '../layout/backoffice-layout';
export { AdminGate } from '../../features/backoffice/shared';
export { StaffGate } from '../../features/backoffice/shared';
export { StatisticsGate } from '../../features/backoffice/shared';
export { WorkspaceShell } from '../../features/backoffice/workspace';
export { AgentLogoutRoute } from '../../features/backoffice/shared';
export { CannedResponsesRoute } from '../../features/backoffice/templates';
export { PtSeriesRoute } from '../../features/backoffice/invoicing';
export { LegalEntitiesRoute } from '../../features/backoffice/invoicing';
export { CatalogProductFormRoute } from '../../features/backoffice/catalog';
export { CatalogProductTranslationsRoute } from '../../features/backoffice/catalog';
export { CatalogProductRevisionsRoute } from '../../features/backoffice/catalog';
export { CatalogProductRoute } from '../../features/backoffice/catalog';
export { CatalogProductsRoute } from '../../features/backoffice/catalog';
export { ConfigListRoute, ConfigListsIndexRoute, ConfigRecordRoute } from '../../features/backoffice/config-lists';
export { ItemsRoute } from '../../features/backoffice/items';
export { MailboxMessageRoute } from '../../features/backoffice/mailbox';
export { MailboxRoute } from '../../features/backoffice/mailbox';
export { OnlineAgentsRoute, OwnSettingsRoute, StaffRoute } from '../../features/backoffice/customers';
export { VerifactuRoute } from '../../features/backoffice/invoicing';
export { TemplateEditRoute } from '../../features/backoffice/templates';
export { TemplatesRoute } from '../../features/backoffice/templates';
export { TicketTabRoute } from '../../features/backoffice/tickets';
export { ItemTabRoute, TabEndingRoute } from '../../features/backoffice/workspace';
export {
  LocalizationsScreen,
  NewProcedureScreen,
  ShortcutScreen,
} from '../../features/wizard/routes/agent-orders.route';
