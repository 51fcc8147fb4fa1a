// The templates module's public surface: other modules and the app import only this file.
export { default as customerIncidenceRoutes } from './customer-incidence.routes.js';
export { CustomerIncidenceService } from './customer-incidence.service.js';
export { default as itemTemplatesRoutes } from './item-templates.routes.js';
export { ItemTemplatesService } from './item-templates.service.js';
export { default as templatesRoutes } from './templates.routes.js';
export { ValuesSchema } from './templates.schema.js';
export { TemplatesService } from './templates.service.js';
export { templatesModule } from './templates.module.js';
