import type { ErrorTable } from '../../shared/app-error.js';
import type { ServerModule } from '../../shared/server-module.js';
import configListsRoutes from './config-lists.routes.js';
import { seedConfigLists } from './config-lists.seed.js';
import { ConfigListsService } from './config-lists.service.js';
import { providerPaymentFilesRoutes } from './provider-payment-files.routes.js';
import { CONFIG_LISTS_MESSAGES } from './config-lists.errors.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    /** The configuration lists (docs/backoffice.md); the sign-in routes read its IP rules. */
    configLists: ConfigListsService;
  }
}

/** The back office's configuration lists and the providers' payment files. */
export const configListsModule: ServerModule<ErrorTable, typeof CONFIG_LISTS_MESSAGES> = {
  name: 'config-lists',
  permissions: ['configLists'],
  messages: CONFIG_LISTS_MESSAGES,
  async services(ctx) {
    const configLists = new ConfigListsService(ctx.db, ctx.now);
    await seedConfigLists(configLists);
    return { configLists };
  },
  routes: () => ({ protected: [configListsRoutes, providerPaymentFilesRoutes] }),
};
