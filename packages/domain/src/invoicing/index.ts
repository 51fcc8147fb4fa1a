export * from './invoice-numbering.js';
export * from './invoice-amounts.js';
export * from './verifactu.js';
export * from './billing-data.js';
export * from './refund-penalty.js';
export * from './portugal.js';
export * from './verifactu-xml.js';
