export * from './search-filter.js';
export * from './order-flags.js';
export * from './item-lock.js';
export * from './work-queue.js';
export * from './template-placeholders.js';
export * from './workspace-tabs.js';
export * from './item-actions.js';
export * from './canned-responses.js';
