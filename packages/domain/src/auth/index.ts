export * from './permissions.js';
export * from './password-policy.js';
export * from './password-strength.js';
export * from './account-details.js';
export * from './registration.js';
export * from './account-changes.js';
export * from './oauth1.js';
export * from './sign-in-rules.js';
