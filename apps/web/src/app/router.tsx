import type { ReactElement } from 'react';
import { createRoutesFromElements, matchRoutes, Route, Routes } from 'react-router';
import { lazyModule, RouteBoundary } from './lazy-route';
import { ShopLayout } from './layout/shop-layout';

// Every screen is loaded on demand, in a few chunks by area (app/screens/): the entry holds the frame (session,
// language, shop header) and nothing else, so the shop's first page downloads little (npm run bench:bundle).
const catalog = lazyModule(() => import('./screens/catalog'));
const wizard = lazyModule(() => import('./screens/wizard'));
const checkout = lazyModule(() => import('./screens/checkout'));
const account = lazyModule(() => import('./screens/account'));
const backoffice = lazyModule(() => import('./screens/backoffice'));
const legal = lazyModule(() => import('./screens/legal'));

const LegalRoute = legal.screen('LegalRoute');

const CatalogRoute = catalog.screen('CatalogRoute');
const HomeRoute = catalog.screen('HomeRoute');
const SearchRoute = catalog.screen('SearchRoute');
const CategoryRoute = catalog.screen('CategoryRoute');
const ProductRoute = catalog.screen('ProductRoute');
const NotFoundRoute = catalog.screen('NotFoundRoute');

const ConfirmationRoute = wizard.screen('ConfirmationRoute');
const ProductConfirmationRoute = wizard.screen('ProductConfirmationRoute');
const ProductStepRoute = wizard.screen('ProductStepRoute');
const WizardStepRoute = wizard.screen('WizardStepRoute');
const ResumeDraftRoute = wizard.screen('ResumeDraftRoute');
const FastBuyRoute = wizard.screen('FastBuyRoute');
const CartEditRoute = wizard.screen('CartEditRoute');
const UpdateItemRoute = wizard.screen('UpdateItemRoute');

const BackofficeRoutes = backoffice.screen('BackofficeRoutes');

const CartRoute = checkout.screen('CartRoute');
const CheckoutSuccessRoute = checkout.screen('CheckoutSuccessRoute');
const BankTransferRoute = checkout.screen('BankTransferRoute');
const MbWayPendingRoute = checkout.screen('MbWayPendingRoute');
const MultibancoRoute = checkout.screen('MultibancoRoute');
const CheckoutRoute = checkout.screen('CheckoutRoute');
const PayQuoteRoute = checkout.screen('PayQuoteRoute');
const FinalizeRoute = checkout.screen('FinalizeRoute');
const PayOrderRoute = checkout.screen('PayOrderRoute');
const PayOrderEntry = checkout.screen('PayOrderEntry');
const PaymentFailedRoute = checkout.screen('PaymentFailedRoute');
const ThreeDsRoute = checkout.screen('ThreeDsRoute');

const RequireCustomer = account.screen('RequireCustomer');
const BillingRoute = account.screen('BillingRoute');
const CreditNotesRoute = account.screen('CreditNotesRoute');
const ForgotPasswordRoute = account.screen('ForgotPasswordRoute');
const IncidenceFormRoute = account.screen('IncidenceFormRoute');
const LoginRoute = account.screen('LoginRoute');
const LoginEmailRoute = account.screen('LoginEmailRoute');
const DocumentsRoute = account.screen('DocumentsRoute');
const ActivityRoute = account.screen('ActivityRoute');
const PushDevicesRoute = account.screen('PushDevicesRoute');
const LogoutRoute = account.screen('LogoutRoute');
const OrderDetailRoute = account.screen('OrderDetailRoute');
const OrderListRoute = account.screen('OrderListRoute');
const RegisterRoute = account.screen('RegisterRoute');
const ResetPasswordRoute = account.screen('ResetPasswordRoute');
const SignInLinkRoute = account.screen('SignInLinkRoute');
const SavedItemsRoute = account.screen('SavedItemsRoute');
const SavedItemDetailRoute = account.screen('SavedItemDetailRoute');
const AccountSettingsRoute = account.screen('AccountSettingsRoute');
const ConfirmEmailRoute = account.screen('ConfirmEmailRoute');
const DeleteAccountRoute = account.screen('DeleteAccountRoute');
const AccountDeletedRoute = account.screen('AccountDeletedRoute');
const NotificationsRoute = account.screen('NotificationsRoute');

const routes = (
  <>
    <Route element={<ShopLayout />}>
      <Route index element={<HomeRoute />} />
      <Route path="tienda/buscar" element={<SearchRoute />} />
      <Route path="tienda/servicios" element={<CatalogRoute />} />
      <Route path="tienda/servicios/reset" element={<CatalogRoute />} />
      <Route path="tienda/servicios/:catUrlKey" element={<CategoryRoute />} />
      <Route path="tienda/cart" element={<CartRoute />} />
      <Route path="tienda/cart/editar/:itemId" element={<CartEditRoute />} />
      {/* The spec's cart add routes (the domain's CART_ADD_KINDS): the cart, saying what was just added. */}
      {['ns', 'qpropiedades', 'certidao', 'ipredial', 'product'].map((kind) => (
        <Route key={kind} path={`tienda/cart/add/${kind}`} element={<CartRoute />} />
      ))}
      <Route path="tienda/product/confirmation/:productId" element={<ProductConfirmationRoute />} />
      <Route path="tienda/product/:step/:productId" element={<ProductStepRoute />} />
      <Route path="tienda/:urlKey/confirmation" element={<ConfirmationRoute />} />
      <Route path="tienda/:urlKey/:step" element={<WizardStepRoute />} />
      {/* After the static /tienda/... routes above in ranking too: `/tienda/cart` never reaches the product page. */}
      <Route path="tienda/:urlKey" element={<ProductRoute />} />

      <Route path="customer/checkout" element={<CheckoutRoute />} />
      <Route path="customer/register" element={<RegisterRoute />} />
      <Route path="customer/authenticate" element={<LoginRoute />} />
      {/* The sign-in page's second step: the password of a known address, or the registration of a new one. */}
      <Route path="customer/authenticate/:email" element={<LoginEmailRoute />} />
      <Route path="customer/password/forgot" element={<ForgotPasswordRoute />} />
      <Route path="customer/password/reset" element={<ResetPasswordRoute />} />
      <Route path="customer/sign-in-link" element={<SignInLinkRoute />} />
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
        <Route path="tienda/compra-rapida/:origin/:originId/:urlKey" element={<FastBuyRoute />} />
        <Route path="abonos" element={<CreditNotesRoute />} />
        <Route path="datos-facturacion" element={<BillingRoute />} />
        <Route path="cuenta" element={<AccountSettingsRoute />} />
        <Route path="cuenta/borrar" element={<DeleteAccountRoute />} />
        <Route path="avisos" element={<NotificationsRoute />} />
        <Route path="actividad" element={<ActivityRoute />} />
        <Route path="suscripciones" element={<PushDevicesRoute />} />
        {/* The documents of every order, and sending more to one (docs/customer-panel.md). */}
        <Route path="documentos" element={<DocumentsRoute />} />
        {/* Saved properties, companies, vehicles and documents (docs/customer-panel.md). */}
        <Route path="guardados" element={<SavedItemsRoute />} />
        <Route path="guardados/:kind" element={<SavedItemsRoute />} />
        <Route path="guardados/:kind/:id" element={<SavedItemDetailRoute />} />
      </Route>
      <Route path="logout" element={<LogoutRoute />} />
      {/* The e-mail change link (#token=...): signed in or not, the token proves the new mailbox. */}
      <Route path="cuenta/email/confirmar" element={<ConfirmEmailRoute />} />
      {/* After an account deletion: the browser is signed out, so outside the customer's pages. */}
      <Route path="cuenta/borrada" element={<AccountDeletedRoute />} />
      {/* Legal pages of each store, in its language (docs/customer-panel.md). */}
      <Route path="legal/:page" element={<LegalRoute />} />
      {/* Any other address: the server answers 404 with this page (helpful links), the SPA shows it too. */}
      <Route path="*" element={<NotFoundRoute />} />
    </Route>

    {/* The back office's own route table travels with its chunk (backoffice-routes.tsx). */}
    <Route path="agentes/*" element={<BackofficeRoutes />} />
  </>
);

/** Every address of the app. Static segments win over dynamic ones, so `/tienda/cart` never reaches the wizard. */
export function AppRoutes() {
  return (
    <RouteBoundary>
      <Routes>{routes}</Routes>
    </RouteBoundary>
  );
}

/** The route tree as objects (matching an address without rendering: the boot, the server render). */
export const routeObjects = createRoutesFromElements(routes);

/** Starts loading the chunks of the screens of `pathname` (at boot, beside the session request). */
export function preloadScreens(pathname: string): Promise<unknown> {
  const loads = (matchRoutes(routeObjects, pathname) ?? []).map((match) => {
    const type = (match.route.element as ReactElement | null | undefined)?.type as { preload?: () => Promise<unknown> };
    return type?.preload?.();
  });
  // A failure is reported by the render, with its recovery.
  return Promise.all(loads).catch(() => undefined);
}

/** Loads every shop screen (the server render has no Suspense to wait with: its screens must be there). */
export function preloadShopScreens(): Promise<unknown> {
  return Promise.all([catalog.preload(), wizard.preload(), checkout.preload(), account.preload(), legal.preload()]);
}
