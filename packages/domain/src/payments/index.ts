export * from './multibanco.js';
export * from './payment-methods.js';
