// The payments module's public surface: other modules and the app import only this file.
export { default as backofficePaymentsRoutes } from './backoffice-payments.routes.js';
export { BANK_TRANSFER_PROVIDER, BankTransferProvider } from './bank-transfer/bank-transfer.provider.js';
export { TransferConfirmation } from './bank-transfer/transfer-confirmation.service.js';
export { configuredProviders } from './configured-providers.js';
export { default as customerPaymentRoutes } from './customer-payment.routes.js';
export { default as notificationsRoutes } from './notifications.routes.js';
export { PayLinks } from './pay-links.js';
export { paymentNotices } from './payment-notices.js';
export type { PaymentMethodCode, PaymentProvider } from './payment-provider.js';
export { type PaymentChange, PaymentWaiters } from './payment-waiters.js';
export { PaymentsService } from './payments.service.js';
export type { RedsysSignatureVersion } from './redsys/redsys-signature.js';
export { redsysPagesPlugin } from './redsys/redsys.routes.js';
export { httpSender, type NotificationSender, SandboxGateway } from './sandbox/sandbox-gateway.js';
export { SandboxRefunds } from './sandbox/sandbox-refunds.js';
export { SandboxProvider } from './sandbox/sandbox.adapter.js';
export { sandboxPagesPlugin } from './sandbox/sandbox.routes.js';
export type { FetchFn } from './stripe/stripe-client.js';
