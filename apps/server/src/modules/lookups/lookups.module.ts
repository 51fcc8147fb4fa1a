import type { ErrorTable } from '../../shared/app-error.js';
import type { ServerModule } from '../../shared/server-module.js';
import { lookupsRoutes } from './lookups.routes.js';
import { createLookups } from './lookups.service.js';
import { LOOKUPS_MESSAGES } from './lookups.errors.js';

/**
 * Cadastral reference and geocoding (docs/integrations.md): offline data sets unless a real service is configured.
 * Comes after the geo module, whose place directory the offline data sets read.
 */
export const lookupsModule: ServerModule<ErrorTable, typeof LOOKUPS_MESSAGES> = {
  name: 'lookups',
  messages: LOOKUPS_MESSAGES,
  routes: (ctx) => ({ public: [lookupsRoutes(createLookups(ctx.config.lookups, ctx.places))] }),
};
