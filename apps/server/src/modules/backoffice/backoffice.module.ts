import type { ServerModule } from '../../shared/server-module.js';
import agentOrdersRoutes from './agent-orders.routes.js';
import { AgentOrdersService } from './agent-orders.service.js';
import backofficeRoutes from './backoffice.routes.js';
import { BackofficeService } from './backoffice.service.js';
import itemActionsRoutes from './item-actions.routes.js';
import { ItemActionsService } from './item-actions.service.js';
import itemLocksRoutes from './item-locks.routes.js';
import { ItemLocksService } from './item-locks.service.js';
import { LockEvents } from './lock-events.js';
import workspaceRoutes from './workspace.routes.js';
import { WorkspaceService } from './workspace.service.js';
import { BACKOFFICE_ERRORS, BACKOFFICE_MESSAGES } from './backoffice.errors.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    backoffice: BackofficeService;
    /** Items' exclusive locks (leases), the change check and the pulled queue. */
    itemLocks: ItemLocksService;
    /** Lock changes for the agents' event streams (heard through LISTEN/NOTIFY). */
    lockEvents: LockEvents;
    /** Agents' tabs (kept per agent) and My Activity. */
    workspace: WorkspaceService;
    /** The agents' actions on an item (docs/backoffice.md, "Actions"). */
    itemActions: ItemActionsService;
    /** Orders created by agents for customers and the QP person-search lists. */
    agentOrders: AgentOrdersService;
  }
}

/** The agents' back office: the item lists, locks, actions, tabs and orders made for customers. */
export const backofficeModule: ServerModule<typeof BACKOFFICE_ERRORS, typeof BACKOFFICE_MESSAGES> = {
  name: 'backoffice',
  permissions: ['backofficeItems', 'backoffice'],
  errors: BACKOFFICE_ERRORS,
  messages: BACKOFFICE_MESSAGES,
  services({ db, now, catalog, uploads, orderEvents, files, passwordReset }) {
    const itemLocks = new ItemLocksService(db, now);
    return {
      backoffice: new BackofficeService(db, now),
      itemLocks,
      lockEvents: new LockEvents(),
      itemActions: new ItemActionsService(db, itemLocks, orderEvents, files, now),
      workspace: new WorkspaceService(db, now),
      agentOrders: new AgentOrdersService(db, catalog, uploads, orderEvents, passwordReset),
    };
  },
  routes: () => ({
    protected: [backofficeRoutes, itemLocksRoutes, workspaceRoutes, itemActionsRoutes, agentOrdersRoutes],
  }),
  // Every lock change reaches the agents' event streams of every instance.
  channels: (ctx) => [ctx.lockEvents.channel()],
};
