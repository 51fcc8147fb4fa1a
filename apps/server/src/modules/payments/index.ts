// The payments module's public surface: other modules and the app import only this file.
export { BANK_TRANSFER_PROVIDER } from './bank-transfer/bank-transfer.provider.js';
export { PayLinks } from './pay-links.js';
export type { PaymentMethodCode, PaymentProvider } from './payment-provider.js';
export { type PaymentChange } from './payment-waiters.js';
export type { RedsysSignatureVersion } from './redsys/redsys-signature.js';
export { paymentsModule } from './payments.module.js';
