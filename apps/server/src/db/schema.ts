// The database schema, one file per module under ./schema/; this barrel is what the code imports and what drizzle-kit
// reads (drizzle.config.ts) to generate migrations.
export * from './schema/catalog.js';
export * from './schema/customers.js';
export * from './schema/cart.js';
export * from './schema/orders.js';
export * from './schema/uploads.js';
export * from './schema/payments.js';
export * from './schema/sandbox.js';
export * from './schema/email.js';
export * from './schema/invoicing.js';
export * from './schema/drafts.js';
export * from './schema/operations.js';
export * from './schema/rate-limits.js';
export * from './schema/backoffice.js';
export * from './schema/templates.js';
export * from './schema/canned-responses.js';
export * from './schema/person-search.js';
export * from './schema/config-lists.js';
export * from './schema/tickets.js';
export * from './schema/statistics.js';
export * from './schema/saved-items.js';
export * from './schema/assistant.js';
export * from './schema/account.js';
export * from './schema/sign-in.js';
export * from './schema/legal-entities.js';
