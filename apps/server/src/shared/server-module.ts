import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../plugins/context.js';

/** The routes a module adds: public ones at the root, the others inside the protected group. */
export interface ModuleRoutes {
  /** Routes anyone may call (the shop, signing in, signed provider callbacks). */
  public?: readonly (FastifyPluginAsyncTypebox | FastifyPluginAsync)[];
  /**
   * Routes of signed-in accounts and staff: registered inside the protected group, so each authenticates and checks
   * the permission it declares (config.permission, from the domain's permission table) before its body is read.
   */
  protected?: readonly FastifyPluginAsyncTypebox[];
}

/**
 * What a server module contributes to the app (docs/architecture.md, "Server modules"). app.ts builds the app from
 * one list of these, in order: each module's services (which see the services of the modules before it), then its
 * routes. A module adds its services to `app.ctx`'s type by augmenting AppContext in its own `<name>.module.ts`.
 */
export interface ServerModule {
  /** The module's folder under src/modules. */
  readonly name: string;
  /** Builds its services, seeding their data first if they need any; they join `app.ctx` under these keys. */
  services?(ctx: AppContext): Partial<AppContext> | Promise<Partial<AppContext>>;
  /** Its routes (a function: some are built from the module's services or configuration). */
  routes?(ctx: AppContext): ModuleRoutes;
  /**
   * Subscribes its listeners to the order events (`ctx.orderEvents`), once, after every module's services are built,
   * in the order of the module list.
   */
  listen?(ctx: AppContext): void;
  /** Stops what the module runs, at shutdown, before the shared services (database, files, jobs) close. */
  close?(ctx: AppContext): Promise<void>;
}
