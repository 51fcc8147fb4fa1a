export * from './catalogue-search.js';
export * from './product-groups.js';
