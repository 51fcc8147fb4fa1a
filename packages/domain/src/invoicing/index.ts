export * from './invoice-numbering.js';
export * from './invoice-amounts.js';
export * from './verifactu.js';
