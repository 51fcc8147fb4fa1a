// The customer panel (sign-in, registration, orders, invoices, incidents): one chunk, loaded on demand.
export { RequireCustomer } from '../../features/account/components/require-customer';
export { BillingRoute } from '../../features/account/routes/billing.route';
export { CreditNotesRoute } from '../../features/account/routes/credit-notes.route';
export { ForgotPasswordRoute } from '../../features/account/routes/forgot-password.route';
export { IncidenceFormRoute } from '../../features/account/routes/incidence-form.route';
export { LoginRoute } from '../../features/account/routes/login.route';
export { LogoutRoute } from '../../features/account/routes/logout.route';
export { OrderDetailRoute } from '../../features/account/routes/order-detail.route';
export { OrderListRoute } from '../../features/account/routes/order-list.route';
export { RegisterRoute } from '../../features/account/routes/register.route';
export { SavedItemDetailRoute } from '../../features/account/routes/saved-item-detail.route';
export { SavedItemsRoute } from '../../features/account/routes/saved-items.route';
export { ResetPasswordRoute } from '../../features/account/routes/reset-password.route';
export { SignInLinkRoute } from '../../features/account/routes/sign-in-link.route';
export { AccountSettingsRoute } from '../../features/account/routes/account-settings.route';
export { ConfirmEmailRoute } from '../../features/account/routes/confirm-email.route';
export { NotificationsRoute } from '../../features/account/routes/notifications.route';
export { AccountDeletedRoute, DeleteAccountRoute } from '../../features/account/routes/delete-account.route';
