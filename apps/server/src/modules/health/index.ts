// The health module's public surface: other modules and the app import only this file.
export { healthModule } from './health.module.js';
