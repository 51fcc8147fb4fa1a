// The company-reports module's public surface: other modules and the app import only this file.
export { companyReportsModule } from './company-reports.module.js';
