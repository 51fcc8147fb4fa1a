// The checkout module's public surface: other modules and the app import only this file.
export { OrderConsentsOut } from './checkout.schema.js';
export { checkoutModule } from './checkout.module.js';
