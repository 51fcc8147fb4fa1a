export * from './cadastral-record.js';
export * from './refcat-place.js';
