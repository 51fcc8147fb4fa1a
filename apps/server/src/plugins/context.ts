import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env.js';
import type { Db } from '../db/database.js';
import type { DatabaseHandle } from '../db/connection.js';

/** What app.ts gives every module before any is built: the configuration, the database and the clock. */
export interface CoreContext {
  config: AppConfig;
  database: DatabaseHandle;
  db: Db;
  /** The clock of time-based rules such as lock leases (tests inject one). */
  now: () => Date;
}

/**
 * The app's services, built once at boot and reached by plugins and routes as `app.ctx`: the core's, and those the
 * modules of app.ts's list add (each declares its own here by augmenting this interface in its `<name>.module.ts`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' declaration merging
export interface AppContext extends CoreContext {}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export default fp(
  async function contextPlugin(app: FastifyInstance, ctx: AppContext) {
    app.decorate('ctx', ctx);
  },
  { name: 'context' },
);
