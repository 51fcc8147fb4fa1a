// The backoffice module's public surface: other modules and the app import only this file.
export { default as agentOrdersRoutes } from './agent-orders.routes.js';
export { AgentOrdersService } from './agent-orders.service.js';
export { default as backofficeRoutes } from './backoffice.routes.js';
export { BackofficeService } from './backoffice.service.js';
export { default as itemActionsRoutes, VersionSchema } from './item-actions.routes.js';
export { ItemActionsService } from './item-actions.service.js';
export { ItemIdParams, default as itemLocksRoutes } from './item-locks.routes.js';
export { ItemLocksService } from './item-locks.service.js';
export { LockEvents } from './lock-events.js';
export { default as workspaceRoutes } from './workspace.routes.js';
export { WorkspaceService } from './workspace.service.js';
export { backofficeModule } from './backoffice.module.js';
