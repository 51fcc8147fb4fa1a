// The templates module's public surface: other modules and the app import only this file.
export { ValuesSchema } from './templates.schema.js';
export { templatesModule } from './templates.module.js';
