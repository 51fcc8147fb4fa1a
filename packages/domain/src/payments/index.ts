export * from './multibanco.js';
export * from './payment-methods.js';
export * from './payment-status.js';
