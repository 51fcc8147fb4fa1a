// The statistics module's public surface: other modules and the app import only this file.
export { statisticsModule } from './statistics.module.js';
