export * from './config-lists.js';
export * from './ip-address.js';
export * from './ip-policy.js';
export * from './provider-payment-files.js';
export * from './municipality-seed.js';
