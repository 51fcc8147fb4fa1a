import type { ServerModule } from '../../shared/server-module.js';
import cannedResponsesRoutes from './canned-responses.routes.js';
import { CannedResponsesService } from './canned-responses.service.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    /** Canned responses (admin CRUD; staff pick them into replies and e-mails). */
    cannedResponses: CannedResponsesService;
  }
}

/** Canned responses: the admins' list and the staff's picker. */
export const cannedResponsesModule: ServerModule = {
  name: 'canned-responses',
  permissions: ['cannedResponses'],
  async services(ctx) {
    const cannedResponses = new CannedResponsesService(ctx.db);
    await cannedResponses.seed();
    return { cannedResponses };
  },
  routes: () => ({ protected: [cannedResponsesRoutes] }),
};
