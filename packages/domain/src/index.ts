export * from './money/money.js';
export * from './stores/stores.js';
export * from './i18n/domain-messages.js';
export * from './orders/panel-status.js';
export * from './orders/customer-status.js';
export * from './forms/product-form.js';
export * from './forms/evaluate-form.js';
export * from './forms/describe-answers.js';
