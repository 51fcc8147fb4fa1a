import type { ServerModule } from '../../shared/server-module.js';
import customerIncidenceRoutes from './customer-incidence.routes.js';
import { CustomerIncidenceService } from './customer-incidence.service.js';
import itemTemplatesRoutes from './item-templates.routes.js';
import { ItemTemplatesService } from './item-templates.service.js';
import templatesRoutes from './templates.routes.js';
import { TemplatesService } from './templates.service.js';
import { TEMPLATES_ERRORS, TEMPLATES_MESSAGES } from './templates.errors.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    /** E-mail and incidence templates (admin CRUD, previews). */
    templates: TemplatesService;
    /** An agent's template actions on an item: e-mail, PDF, raising an incidence. */
    itemTemplates: ItemTemplatesService;
    /** The customer's side of the incident loop. */
    customerIncidence: CustomerIncidenceService;
  }
}

/** Templates of e-mails and incidences, the agents' use of them on an item and the customer's answer. */
export const templatesModule: ServerModule<typeof TEMPLATES_ERRORS, typeof TEMPLATES_MESSAGES> = {
  name: 'templates',
  permissions: ['templates'],
  errors: TEMPLATES_ERRORS,
  messages: TEMPLATES_MESSAGES,
  async services({ db, email, files, orderEvents, itemLocks, now }) {
    const templates = new TemplatesService(db);
    await templates.seed();
    return {
      templates,
      itemTemplates: new ItemTemplatesService(db, templates, email, files, orderEvents, itemLocks, now),
      customerIncidence: new CustomerIncidenceService(
        db,
        templates,
        files,
        orderEvents,
        now,
        (storeId) => email.brand(storeId).language,
      ),
    };
  },
  routes: () => ({ protected: [templatesRoutes, itemTemplatesRoutes, customerIncidenceRoutes] }),
};
