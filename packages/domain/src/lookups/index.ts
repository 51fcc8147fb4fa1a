export * from './cadastral-record.js';
