export * from './reference-ids.js';
export * from './company-initials.js';
export * from './list-rules.js';
export * from './saved-item-input.js';
export * from './order-origins.js';
export * from './nota-simple.js';
export * from './fast-buy.js';
export * from './nota-refresh.js';
