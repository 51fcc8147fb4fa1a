// The back office's screens, for its route table (backoffice-routes.tsx); the chunk is screens/backoffice.ts.
export { BackofficeLayout } from '../layout/backoffice-layout';
export { AdminGate } from '../../features/backoffice/components/admin-gate';
export { StaffGate } from '../../features/backoffice/components/staff-gate';
export { StatisticsGate } from '../../features/backoffice/components/statistics-gate';
export { WorkspaceShell } from '../../features/backoffice/components/workspace-shell';
export { AgentLogoutRoute } from '../../features/backoffice/routes/agent-logout.route';
export { CannedResponsesRoute } from '../../features/backoffice/routes/canned-responses.route';
export { PtSeriesRoute } from '../../features/backoffice/routes/pt-series.route';
export { LegalEntitiesRoute } from '../../features/backoffice/routes/legal-entities.route';
export { CatalogProductFormRoute } from '../../features/backoffice/routes/catalog-product-form.route';
export { CatalogProductTranslationsRoute } from '../../features/backoffice/routes/catalog-product-translations.route';
export { CatalogProductRevisionsRoute } from '../../features/backoffice/routes/catalog-product-revisions.route';
export { CatalogProductRoute } from '../../features/backoffice/routes/catalog-product.route';
export { CatalogProductsRoute } from '../../features/backoffice/routes/catalog-products.route';
export {
  ConfigListRoute,
  ConfigListsIndexRoute,
  ConfigRecordRoute,
} from '../../features/backoffice/routes/config-lists.route';
export { ItemsRoute } from '../../features/backoffice/routes/items.route';
export { MailboxMessageRoute } from '../../features/backoffice/routes/mailbox-message.route';
export { MailboxRoute } from '../../features/backoffice/routes/mailbox.route';
export { StaffRoute } from '../../features/backoffice/routes/staff.route';
export { VerifactuRoute } from '../../features/backoffice/routes/verifactu.route';
export { TemplateEditRoute } from '../../features/backoffice/routes/template-edit.route';
export { TemplatesRoute } from '../../features/backoffice/routes/templates.route';
export { TicketTabRoute } from '../../features/backoffice/routes/tickets.route';
export { ItemTabRoute, TabEndingRoute } from '../../features/backoffice/routes/workspace-tabs.route';
export {
  LocalizationsScreen,
  NewProcedureScreen,
  ShortcutScreen,
} from '../../features/wizard/routes/agent-orders.route';
