// The backoffice module's public surface: other modules and the app import only this file.
export { VersionSchema } from './item-actions.routes.js';
export { ItemActionsService } from './item-actions.service.js';
export { ItemIdParams } from './item-locks.routes.js';
export { ItemLocksService } from './item-locks.service.js';
export { backofficeModule } from './backoffice.module.js';
