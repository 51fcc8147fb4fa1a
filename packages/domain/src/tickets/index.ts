export * from './ticket-rules.js';
export * from './ticket-search.js';
export * from './inbound-checks.js';
