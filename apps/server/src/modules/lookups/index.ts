// The lookups module's public surface: other modules and the app import only this file.
export { lookupsModule } from './lookups.module.js';
export { createLookups } from './lookups.service.js';
