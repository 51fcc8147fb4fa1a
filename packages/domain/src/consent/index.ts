export * from './consent.js';
export * from './legal-pages.js';
