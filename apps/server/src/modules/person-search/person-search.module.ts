import type { ServerModule } from '../../shared/server-module.js';
import customerQpRoutes from './customer-qp.routes.js';
import { CustomerQpService } from './customer-qp.service.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    /** The customer's side of the QP person-search lists (listaNombresQP, searchListaNombresQP, tramitaListaNombresQP). */
    customerQp: CustomerQpService;
  }
}

/** QP person-search lists: the customer's side (the agents' side is the back office's agent orders). */
export const personSearchModule: ServerModule = {
  name: 'person-search',
  services: (ctx) => ({ customerQp: new CustomerQpService(ctx.db, ctx.catalog) }),
  routes: () => ({ protected: [customerQpRoutes] }),
};
