// The cart module's public surface: other modules and the app import only this file.
export { cartOut, CartService, refuseStoppingOutcome, refuseUnorderable } from './cart.service.js';
export { cartModule } from './cart.module.js';
