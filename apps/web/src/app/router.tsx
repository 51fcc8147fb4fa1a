import {
  ConfigListRoute,
  ConfigListsIndexRoute,
  ConfigRecordRoute,
} from '../features/backoffice/routes/config-lists.route';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { ForgotPasswordRoute } from '../features/account/routes/forgot-password.route';
import { LoginRoute } from '../features/account/routes/login.route';
import { LogoutRoute } from '../features/account/routes/logout.route';
import { OrderDetailRoute } from '../features/account/routes/order-detail.route';
import { OrderListRoute } from '../features/account/routes/order-list.route';
import { BillingRoute } from '../features/account/routes/billing.route';
import { CreditNotesRoute } from '../features/account/routes/credit-notes.route';
import { RegisterRoute } from '../features/account/routes/register.route';
import { ResetPasswordRoute } from '../features/account/routes/reset-password.route';
import { IncidenceFormRoute } from '../features/account/routes/incidence-form.route';
import { TemplateEditRoute } from '../features/backoffice/routes/template-edit.route';
import { TemplatesRoute } from '../features/backoffice/routes/templates.route';
import { CannedResponsesRoute } from '../features/backoffice/routes/canned-responses.route';
import { StaffRoute } from '../features/backoffice/routes/staff.route';
import { TicketTabRoute } from '../features/backoffice/routes/tickets.route';
import { RequireCustomer } from '../features/account/components/require-customer';
import { StaffGate } from '../features/backoffice/components/staff-gate';
import { AdminGate } from '../features/backoffice/components/admin-gate';
import { StatisticsGate } from '../features/backoffice/components/statistics-gate';
import { CatalogProductFormRoute } from '../features/backoffice/routes/catalog-product-form.route';
import { CatalogProductRevisionsRoute } from '../features/backoffice/routes/catalog-product-revisions.route';
import { CatalogProductRoute } from '../features/backoffice/routes/catalog-product.route';
import { CatalogProductsRoute } from '../features/backoffice/routes/catalog-products.route';
import { AgentLogoutRoute } from '../features/backoffice/routes/agent-logout.route';
import { ItemsRoute } from '../features/backoffice/routes/items.route';
import { ItemTabRoute, TabEndingRoute } from '../features/backoffice/routes/workspace-tabs.route';
import { WorkspaceShell } from '../features/backoffice/components/workspace-shell';
import { MailboxMessageRoute } from '../features/backoffice/routes/mailbox-message.route';
import { MailboxRoute } from '../features/backoffice/routes/mailbox.route';
import { CartRoute } from '../features/cart/routes/cart.route';
import { CatalogRoute } from '../features/catalog/routes/catalog.route';
import { CategoryRoute } from '../features/catalog/routes/category.route';
import { ProductRoute } from '../features/catalog/routes/product.route';
import { NotFoundRoute } from '../features/catalog/routes/not-found.route';
import { CheckoutSuccessRoute } from '../features/checkout/routes/checkout-success.route';
import { BankTransferRoute, MbWayPendingRoute, MultibancoRoute } from '../features/checkout/routes/async-payment.route';
import { CheckoutRoute, PayQuoteRoute } from '../features/checkout/routes/checkout.route';
import { FinalizeRoute, PayOrderRoute } from '../features/checkout/routes/pay-order.route';
import { PayOrderEntry } from '../features/checkout/routes/pay-link.route';
import { PaymentFailedRoute } from '../features/checkout/routes/payment-failed.route';
import { ThreeDsRoute } from '../features/checkout/routes/three-ds.route';
import { ConfirmationRoute, ProductConfirmationRoute } from '../features/wizard/routes/confirmation.route';
import { ProductStepRoute, WizardStepRoute } from '../features/wizard/routes/wizard-step.route';
import { ResumeDraftRoute } from '../features/wizard/routes/resume-draft.route';
import { LocalizationsScreen, NewProcedureScreen, ShortcutScreen } from '../features/wizard/routes/agent-orders.route';
import { UpdateItemRoute } from '../features/wizard/routes/update-item.route';
import { Spinner } from '../shared/ui';
import { BackofficeLayout } from './layout/backoffice-layout';

// The statistics screen carries the charting library: its own chunk, loaded when an agent opens it (never in the shop).
const StatisticsRoute = lazy(() => import('../features/backoffice/routes/statistics.route'));
import { ShopLayout } from './layout/shop-layout';

/** Every address of the app. Static segments win over dynamic ones, so `/tienda/cart` never reaches the wizard. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<ShopLayout />}>
        <Route index element={<CatalogRoute />} />
        <Route path="tienda/servicios" element={<CatalogRoute />} />
        <Route path="tienda/servicios/reset" element={<CatalogRoute />} />
        <Route path="tienda/servicios/:catUrlKey" element={<CategoryRoute />} />
        <Route path="tienda/cart" element={<CartRoute />} />
        <Route path="tienda/product/confirmation/:productId" element={<ProductConfirmationRoute />} />
        <Route path="tienda/product/:step/:productId" element={<ProductStepRoute />} />
        <Route path="tienda/:urlKey/confirmation" element={<ConfirmationRoute />} />
        <Route path="tienda/:urlKey/:step" element={<WizardStepRoute />} />
        {/* After the static /tienda/... routes above in ranking too: `/tienda/cart` never reaches the product page. */}
        <Route path="tienda/:urlKey" element={<ProductRoute />} />

        <Route path="customer/checkout" element={<CheckoutRoute />} />
        <Route path="customer/register" element={<RegisterRoute />} />
        <Route path="customer/authenticate" element={<LoginRoute />} />
        <Route path="customer/password/forgot" element={<ForgotPasswordRoute />} />
        <Route path="customer/password/reset" element={<ResetPasswordRoute />} />
        <Route path="checkout/success" element={<CheckoutSuccessRoute />} />
        <Route path="checkout/success/:orderId" element={<CheckoutSuccessRoute />} />

        <Route path="payment/quote/:quoteId" element={<PayQuoteRoute />} />
        {/* An agent-created order's signed link (#k=...) pays without signing in; otherwise the customer's page. */}
        <Route path="payment/order/:orderId" element={<PayOrderEntry />}>
          <Route element={<RequireCustomer />}>
            <Route index element={<PayOrderRoute />} />
          </Route>
        </Route>

        <Route element={<RequireCustomer />}>
          {/* Payment routes of the spec: failures and preferences, existing orders, 3-D Secure returns, waiting pages. */}
          <Route path="customer/payment" element={<PaymentFailedRoute />} />
          <Route path="checkout/finalize/:itemId" element={<FinalizeRoute />} />
          <Route path="checkout/3ds" element={<ThreeDsRoute />} />
          <Route path="payment/3ds" element={<ThreeDsRoute />} />
          <Route path="payment/3ds/order/:orderId" element={<ThreeDsRoute />} />
          <Route path="payment/sibs/mbway" element={<MbWayPendingRoute />} />
          <Route path="payment/multibanco" element={<MultibancoRoute />} />
          <Route path="payment/sibs/mb" element={<MultibancoRoute />} />
          <Route path="payment/bank" element={<BankTransferRoute />} />
          <Route path="orders" element={<OrderListRoute />} />
          <Route path="orders/detail/:orderId" element={<OrderDetailRoute />} />
          {/* The incident form of an order line (spec: customer/form/{form}/{order}; our form id is the item id). */}
          <Route path="customer/form/:formId/:orderId" element={<IncidenceFormRoute />} />
          {/* A customer completes or corrects an order line's answers; resumes a draft kept on the server. */}
          <Route path="tienda/product/actualizar/:orderId/:itemId" element={<UpdateItemRoute />} />
          <Route path="tienda/continuar/:urlKey" element={<ResumeDraftRoute />} />
          <Route path="abonos" element={<CreditNotesRoute />} />
          <Route path="datos-facturacion" element={<BillingRoute />} />
        </Route>
        <Route path="logout" element={<LogoutRoute />} />
        {/* Any other address: the server answers 404 with this page (helpful links), the SPA shows it too. */}
        <Route path="*" element={<NotFoundRoute />} />
      </Route>

      <Route path="agentes" element={<BackofficeLayout />}>
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
            <Route path="correo/:id" element={<MailboxMessageRoute />} />
            <Route path="listas" element={<ConfigListsIndexRoute />} />
            <Route path="listas/:list" element={<ConfigListRoute />} />
            <Route path="listas/:list/nuevo" element={<ConfigRecordRoute />} />
            <Route path="listas/:list/:key" element={<ConfigRecordRoute />} />
            <Route element={<StatisticsGate />}>
              <Route
                path="estadisticas"
                element={
                  <Suspense fallback={<Spinner />}>
                    <StatisticsRoute />
                  </Suspense>
                }
              />
            </Route>
            <Route element={<AdminGate />}>
              <Route path="catalogo" element={<CatalogProductsRoute />} />
              <Route path="plantillas" element={<TemplatesRoute />} />
              <Route path="plantillas/:kind/nueva" element={<TemplateEditRoute />} />
              <Route path="plantillas/:kind/:id/:language" element={<TemplateEditRoute />} />
              <Route path="respuestas" element={<CannedResponsesRoute />} />
              <Route path="personal" element={<StaffRoute />} />
              <Route path="catalogo/:productId" element={<CatalogProductRoute />} />
              <Route path="catalogo/:productId/formulario" element={<CatalogProductFormRoute />} />
              <Route path="catalogo/:productId/historial" element={<CatalogProductRevisionsRoute />} />
            </Route>
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}
