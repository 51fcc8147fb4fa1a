export * from './config-lists.js';
export * from './ip-address.js';
export * from './ip-policy.js';
