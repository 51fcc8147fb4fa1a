export * from './company-report.js';
