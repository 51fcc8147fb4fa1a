export * from './account-data.js';
export * from './email-change.js';
export * from './push.js';
