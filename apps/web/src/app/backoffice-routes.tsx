import { Route, Routes } from 'react-router';
import { lazyModule, RouteBoundary } from './lazy-route';
import {
  AdminGate,
  AgentLogoutRoute,
  BackofficeLayout,
  CannedResponsesRoute,
  CatalogProductFormRoute,
  CatalogProductRevisionsRoute,
  CatalogProductRoute,
  CatalogProductsRoute,
  CatalogProductTranslationsRoute,
  ConfigListRoute,
  ConfigListsIndexRoute,
  ConfigRecordRoute,
  ItemsRoute,
  ItemTabRoute,
  LocalizationsScreen,
  MailboxMessageRoute,
  MailboxRoute,
  PtSeriesRoute,
  LegalEntitiesRoute,
  NewProcedureScreen,
  ShortcutScreen,
  StaffGate,
  StaffRoute,
  OwnSettingsRoute,
  OnlineAgentsRoute,
  VerifactuRoute,
  StatisticsGate,
  TabEndingRoute,
  TemplateEditRoute,
  TemplatesRoute,
  TicketTabRoute,
  WorkspaceShell,
} from './screens/backoffice-screens';

// The statistics screen carries the charting library: its own chunk, loaded when an agent opens it.
const statistics = lazyModule(() => import('../features/backoffice/statistics'));
const StatisticsRoute = statistics.screen('StatisticsRoute');

/**
 * The back office's addresses, below /agentes (router.tsx hands it `agentes/*`): its route table is part of the
 * back-office chunk, so the shop's entry carries none of it.
 */
export function BackofficeRoutes() {
  return (
    <Routes>
      <Route element={<BackofficeLayout />}>
        <Route path="logout" element={<AgentLogoutRoute />} />
        <Route element={<StaffGate />}>
          {/* The tabbed workspace (docs/backoffice.md, "Workspace"): tabs by address ending. The mailbox and the
              catalogue sit inside it too, without a tab of their own, so the open orders keep their locks there. */}
          <Route element={<WorkspaceShell />}>
            <Route index element={<ItemsRoute />} />
            <Route path="pedido/:itemId" element={<ItemTabRoute />} />
            <Route path="ticket/:ticketId" element={<TicketTabRoute />} />
            {/* The wizard in agent mode (orders created by agents): static endings win over `:ending`. */}
            <Route path="new" element={<NewProcedureScreen />} />
            <Route path="ns" element={<ShortcutScreen key="ns" shortcut="ns" />} />
            <Route path="qp" element={<ShortcutScreen key="qp" shortcut="qp" />} />
            <Route path="localizaciones" element={<LocalizationsScreen />} />
            <Route path=":ending" element={<TabEndingRoute />} />
            <Route path="correo" element={<MailboxRoute />} />
            <Route path="ajustes" element={<OwnSettingsRoute />} />
            <Route path="correo/:id" element={<MailboxMessageRoute />} />
            <Route path="listas" element={<ConfigListsIndexRoute />} />
            <Route path="listas/:list" element={<ConfigListRoute />} />
            <Route path="listas/:list/nuevo" element={<ConfigRecordRoute />} />
            <Route path="listas/:list/:key" element={<ConfigRecordRoute />} />
            <Route element={<StatisticsGate />}>
              <Route
                path="estadisticas"
                element={
                  <RouteBoundary>
                    <StatisticsRoute />
                  </RouteBoundary>
                }
              />
            </Route>
            <Route element={<AdminGate />}>
              <Route path="catalogo" element={<CatalogProductsRoute />} />
              <Route path="plantillas" element={<TemplatesRoute />} />
              <Route path="plantillas/:kind/nueva" element={<TemplateEditRoute />} />
              <Route path="plantillas/:kind/:id/:language" element={<TemplateEditRoute />} />
              <Route path="respuestas" element={<CannedResponsesRoute />} />
              <Route path="series-pt" element={<PtSeriesRoute />} />
              <Route path="personal" element={<StaffRoute />} />
              <Route path="conectados" element={<OnlineAgentsRoute />} />
              <Route path="verifactu" element={<VerifactuRoute />} />
              <Route path="entidades-legales" element={<LegalEntitiesRoute />} />
              <Route path="catalogo/:productId" element={<CatalogProductRoute />} />
              <Route path="catalogo/:productId/formulario" element={<CatalogProductFormRoute />} />
              <Route path="catalogo/:productId/idiomas" element={<CatalogProductTranslationsRoute />} />
              <Route path="catalogo/:productId/historial" element={<CatalogProductRevisionsRoute />} />
            </Route>
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
