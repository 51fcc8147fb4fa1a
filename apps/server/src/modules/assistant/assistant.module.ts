import type { ServerModule } from '../../shared/server-module.js';
import assistantRoutes from './assistant.routes.js';
import { ASSISTANT_ERRORS, ASSISTANT_MESSAGES } from './assistant.errors.js';

/** The staff's document assistant. */
export const assistantModule: ServerModule<typeof ASSISTANT_ERRORS, typeof ASSISTANT_MESSAGES> = {
  name: 'assistant',
  permissions: ['assistant'],
  errors: ASSISTANT_ERRORS,
  messages: ASSISTANT_MESSAGES,
  routes: () => ({ protected: [assistantRoutes] }),
};
