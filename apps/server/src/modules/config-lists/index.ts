// The config-lists module's public surface: other modules and the app import only this file.
export { configListsModule } from './config-lists.module.js';
