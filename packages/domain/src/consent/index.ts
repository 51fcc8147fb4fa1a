export * from './consent.js';
export * from './legal-pages.js';
export * from './checkout-consents.js';
export * from './terms.js';
export * from './withdrawal-form.js';
export * from './authorities.js';
export * from './terms-document.js';
