import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PermissionArea } from '@ventanilla/domain';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { ChannelHandler } from '../db/pg-listener.js';
import type { ServerMessages } from '../i18n/server-messages.js';
import type { AppContext } from '../plugins/context.js';
import type { ErrorTable } from './app-error.js';

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
 * What buildApp's caller may pass in place of a module's defaults (tests inject fakes: a mail transport, a fetch).
 * Each module declares its own by augmenting this interface in its `<name>.module.ts`; app.ts's BuildAppOptions
 * extends it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' declaration merging
export interface ModuleOptions {}

/** What a module is given besides the services: buildApp's options and the app's logger. */
export interface ModuleBoot {
  readonly options: ModuleOptions;
  /** The app's logger (the app exists, without routes, before any module is built). */
  readonly log: FastifyBaseLogger;
}

/**
 * What a server module contributes to the app (docs/architecture.md, "Server modules"). app.ts builds the app from
 * one list of these, in order: each module's services (which see the services of the modules before it), then the
 * listeners, the jobs, the boot work (`start`), the routes; at shutdown `stop` then `close`, both in the reverse order. A module
 * adds its services to `app.ctx`'s type by augmenting AppContext in its own `<name>.module.ts`, and its error codes and
 * messages to the app's by augmenting ModuleErrorCodes and ModuleMessageKeys in its `<name>.errors.ts`.
 *
 * A module with codes or messages is typed `ServerModule<typeof ITS_ERRORS, typeof ITS_MESSAGES>`: app.ts checks by type that
 * every declared code and key is listed by a module of the list.
 */
export type ServerModule<
  Codes extends ErrorTable = ErrorTable,
  Messages extends ServerMessages<string> = ServerMessages<string>,
> = ServerModuleParts & ErrorContributions<Codes, Messages>;

/**
 * A module's error codes and messages: required in a module typed with its own table and catalogue, so that it cannot
 * declare them and forget to list them.
 */
type ErrorContributions<Codes extends ErrorTable, Messages extends ServerMessages<string>> = (string extends keyof Codes
  ? { readonly errors?: Codes }
  : {
      /** Its error codes and the HTTP status of each (none shared with another module or the shared table). */
      readonly errors: Codes;
    }) &
  (string extends keyof Messages['es']
    ? { readonly messages?: Messages }
    : {
        /** Its user messages in es, en and pt: one per error code (keyed by the code) and its fields' texts. */
        readonly messages: Messages;
      });

/** What every module may contribute besides its error codes and messages. */
interface ServerModuleParts {
  /** The module's folder under src/modules. */
  readonly name: string;
  /**
   * The areas of the domain's permission table it contributes (`packages/domain/src/auth/permissions/<area>.ts`), each
   * area one module's: a protected route whose action is in no listed module's area stops the boot. Its routes may
   * declare another module's actions too (the account's `/api/me/orders` documents are invoicing's routes).
   */
  readonly permissions?: readonly PermissionArea[];
  /** Builds its services, seeding their data first if they need any; they join `app.ctx` under these keys. */
  services?(ctx: AppContext, boot: ModuleBoot): Partial<AppContext> | Promise<Partial<AppContext>>;
  /**
   * Subscribes its listeners to the order events (`ctx.orderEvents`), once, after every module's services are built,
   * in the order of the module list.
   */
  listen?(ctx: AppContext): void;
  /**
   * Declares its background jobs on `ctx.jobs` (pg-boss handlers and schedules), after every module's listeners and
   * before any module's `start` (the queue starts in the jobs module's).
   */
  jobs?(ctx: AppContext, boot: ModuleBoot): void;
  /**
   * Work at boot that needs every module's services and listeners (the job queue starts, the demo data is seeded), in
   * list order, before the routes are registered.
   */
  start?(ctx: AppContext, boot: ModuleBoot): void | Promise<void>;
  /** Its routes (a function: some are built from the module's services or configuration). */
  routes?(ctx: AppContext): ModuleRoutes;
  /** The LISTEN/NOTIFY channels it hears (other instances' changes), on the app's one listening connection. */
  channels?(ctx: AppContext): readonly ChannelHandler[];
  /**
   * Stops taking in or doing work at shutdown (inbound mail, job workers), after the requests in flight have finished,
   * in the reverse order of the list: a module stops before those it uses.
   */
  stop?(ctx: AppContext): Promise<void>;
  /** Releases what it holds (connections, a reload in flight) once every module has stopped, in reverse list order. */
  close?(ctx: AppContext, boot: ModuleBoot): Promise<void>;
}
