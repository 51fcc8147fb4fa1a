// The assistant module's public surface: other modules and the app import only this file.
export { assistantModule } from './assistant.module.js';
