import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { AppConfig } from './config/env.js';
import type { DatabaseHandle } from './db/connection.js';
import { applyMigrations, createDb } from './db/database.js';
import { PgListener } from './db/pg-listener.js';
import { lazySchemaCompilers } from './shared/lazy-schema-compilers.js';
import { MAX_PATH_PARAM_LENGTH } from './shared/http-schemas.js';
import { accountModule } from './modules/account/index.js';
import { assistantModule } from './modules/assistant/index.js';
import { backofficeModule } from './modules/backoffice/index.js';
import { cannedResponsesModule } from './modules/canned-responses/index.js';
import { cartModule } from './modules/cart/index.js';
import { catalogModule } from './modules/catalog/index.js';
import { checkoutModule } from './modules/checkout/index.js';
import { companyReportsModule } from './modules/company-reports/index.js';
import { configListsModule } from './modules/config-lists/index.js';
import { customersModule } from './modules/customers/index.js';
import { demoModule } from './modules/demo/index.js';
import { draftsModule } from './modules/drafts/index.js';
import { emailModule } from './modules/email/index.js';
import { filesModule } from './modules/files/index.js';
import { geoModule } from './modules/geo/index.js';
import { healthModule } from './modules/health/index.js';
import { invoicingModule } from './modules/invoicing/index.js';
import { jobsModule } from './modules/jobs/index.js';
import { lookupsModule } from './modules/lookups/index.js';
import { oauthModule } from './modules/oauth/index.js';
import { orderRecordsModule } from './modules/order-records/index.js';
import { ordersModule } from './modules/orders/index.js';
import { paymentsModule } from './modules/payments/index.js';
import { personSearchModule } from './modules/person-search/index.js';
import { savedItemsModule } from './modules/saved-items/index.js';
import { seoModule } from './modules/seo/index.js';
import { shopFormsModule } from './modules/shop-forms/index.js';
import { statisticsModule } from './modules/statistics/index.js';
import { templatesModule } from './modules/templates/index.js';
import { ticketsModule } from './modules/tickets/index.js';
import { uploadsModule } from './modules/uploads/index.js';
import canonicalHostPlugin from './plugins/canonical-host.js';
import contextPlugin, { type AppContext, type CoreContext } from './plugins/context.js';
import errorsPlugin, { frameworkErrorAnswer } from './plugins/errors.js';
import openapiPlugin from './plugins/openapi.js';
import errorStatusesPlugin from './plugins/error-statuses.js';
import { protectedRoutes, routeProtection } from './plugins/protected-routes.js';
import requestScopePlugin from './plugins/request-scope.js';
import securityPlugin from './plugins/security.js';
import sessionPlugin from './plugins/session.js';
import webStaticPlugin from './plugins/web-static.js';
import type { ModuleBoot, ModuleOptions, ServerModule } from './shared/server-module.js';
import type { ModuleErrorCode } from './shared/app-error.js';
import { buildErrorRegistry } from './shared/error-registry.js';
import { buildPermissionOwners } from './shared/permission-owners.js';
import type { ServerMessageKey, SharedMessageKey } from './i18n/server-messages.js';
import { LOG_SERIALIZERS } from './shared/loggable-error.js';

/**
 * The server modules, each a `<name>.module.ts` (docs/architecture.md, "Server modules"): adding one is a line here.
 * In order: a module's services see those of the modules above it, listeners are subscribed in this order, and at
 * shutdown a module stops before the ones above it (the job workers after whatever gives them work).
 */
const MODULE_LIST = [
  filesModule,
  jobsModule,
  catalogModule,
  geoModule,
  orderRecordsModule,
  uploadsModule,
  cartModule,
  paymentsModule,
  emailModule,
  customersModule,
  invoicingModule,
  ordersModule,
  backofficeModule,
  templatesModule,
  ticketsModule,
  savedItemsModule,
  accountModule,
  companyReportsModule,
  checkoutModule,
  healthModule,
  lookupsModule,
  oauthModule,
  draftsModule,
  personSearchModule,
  cannedResponsesModule,
  configListsModule,
  statisticsModule,
  assistantModule,
  shopFormsModule,
  seoModule,
  demoModule,
] as const;
export const MODULES: readonly ServerModule[] = MODULE_LIST;

/** The error codes and message keys the listed modules contribute (their ServerModule's `errors` and `messages`). */
type Listed = (typeof MODULE_LIST)[number];
type ListedCodes = Listed extends infer M ? (M extends { readonly errors: infer C } ? keyof C & string : never) : never;
type ListedKeys = Listed extends infer M
  ? M extends { readonly messages: { readonly es: infer T } }
    ? keyof T & string
    : never
  : never;
/**
 * A module that declares error codes or messages (augmenting ModuleErrorCodes or ModuleMessageKeys) but does not list
 * them in its ServerModule, or is not in the list, would answer a code with no status and no message: then this does
 * not compile, and the type names the codes and keys left out.
 */
const everyDeclaredCodeListed: [Exclude<ModuleErrorCode, ListedCodes>] extends [never]
  ? true
  : { unlisted: Exclude<ModuleErrorCode, ListedCodes> } = true;
const everyDeclaredMessageListed: [Exclude<ServerMessageKey, SharedMessageKey | ListedKeys>] extends [never]
  ? true
  : { unlisted: Exclude<ServerMessageKey, SharedMessageKey | ListedKeys> } = true;
void everyDeclaredCodeListed;
void everyDeclaredMessageListed;

/** buildApp's options: the modules' (ModuleOptions: fakes tests inject) and the app's own. */
export interface BuildAppOptions extends ModuleOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Pino logger options (errors are always serialised without query values); false for silence. */
  logger?: boolean | object;
  /** Sees every route as it is registered (tests list the registered routes with it). */
  onRoute?: (route: RouteOptions) => void;
  /** The clock of time-based rules such as lock leases (tests inject one). */
  now?: () => Date;
}

/**
 * Builds the whole application on an open database: migrations, the modules' services (seeding their data), their
 * listeners and boot work, then plugins in order (context -> errors -> security -> openapi -> cookies and sessions ->
 * the modules' routes -> web app).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // Every error code's status and every message, from the module list: a code or key declared twice stops the boot.
  const errorRegistry = buildErrorRegistry(MODULES);
  // Which module contributes each action (its ServerModule's permission areas): an area listed twice stops the boot.
  const actionOwners = buildPermissionOwners(MODULES);
  await applyMigrations(database.pool);

  // Errors are logged without the values of failed queries (customers' answers): src/shared/loggable-error.ts.
  const logger: FastifyServerOptions['logger'] =
    options.logger === false
      ? false
      : {
          level: config.logLevel,
          ...(typeof options.logger === 'object' ? options.logger : {}),
          serializers: LOG_SERIALIZERS,
        };
  // Made before the modules so that they log through it; routes come after their services.
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // The longest path parameter the routes document (a product's url key); a longer one is a 414 URI_TOO_LONG.
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    // Refusals before routing (an undecodable URL, a parameter over maxParamLength) answer as the API's other errors.
    frameworkErrors: (error, request, reply) => {
      frameworkErrorAnswer(error, request, reply).catch((err: unknown) =>
        request.log.error({ err }, 'could not answer a request refused before routing'),
      );
    },
    ajv: { customOptions: { removeAdditional: false } },
    schemaController: { compilersFactory: lazySchemaCompilers() },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.decorate('errorRegistry', errorRegistry);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const boot: ModuleBoot = { options, log: app.log };
  const core: CoreContext = { config, database, db: createDb(database.pool), now: options.now ?? (() => new Date()) };
  const ctx = core as AppContext; // the modules add their services to it now, in order
  for (const module of MODULES) {
    const services = (await module.services?.(ctx, boot)) ?? {};
    // Two modules claiming one service name would silently replace each other's.
    const taken = Object.keys(services).filter((key) => key in ctx);
    if (taken.length > 0) throw new Error(`module ${module.name}: app.ctx already has ${taken.join(', ')}`);
    Object.assign(ctx, services);
  }
  for (const module of MODULES) module.listen?.(ctx);
  for (const module of MODULES) module.jobs?.(ctx, boot);
  for (const module of MODULES) await module.start?.(ctx, boot);
  const moduleRoutes = MODULES.map((module) => module.routes?.(ctx) ?? {});
  if (config.nodeEnv === 'production' && config.mail.transport === 'mailbox') {
    app.log.warn('No SMTP server configured (SMTP_URL or SMTP_HOST): emails are kept in the local mailbox, not sent');
  }

  await app.register(contextPlugin, ctx);
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(canonicalHostPlugin);
  await app.register(openapiPlugin);
  await app.register(errorStatusesPlugin);
  await app.register(cookie);
  await app.register(sessionPlugin);
  // request.store and request.language: the routes and services read plain values, never the request.
  await app.register(requestScopePlugin);

  await app.register(routeProtection);
  // Public: the shop, the cart, signing in, provider notifications (signed by the provider).
  for (const routes of moduleRoutes) for (const plugin of routes.public ?? []) await app.register(plugin);
  // Signed-in accounts and staff: every route in here authenticates and checks the permission it declares
  // (packages/domain's permission table) before its body is read (docs/decisions/0011-permissions-and-route-protection.md);
  // an action of no listed module's permission area stops the boot.
  await app.register(protectedRoutes, {
    routes: moduleRoutes.flatMap((routes) => routes.protected ?? []),
    actionOwners,
  });
  await app.register(webStaticPlugin);

  // Other instances' changes the modules hear (payments wake waiting pages, lock changes reach the agents' event
  // streams): LISTEN/NOTIFY on one connection.
  const notices = new PgListener(
    database.pool.options,
    MODULES.flatMap((module) => module.channels?.(ctx) ?? []),
    app.log,
  );
  await notices.start();
  // Shutdown (docs/operations.md, "Shutdown"), in one hook so its order is the order written here. Fastify has
  // stopped accepting connections and let the requests in flight finish before onClose hooks run. Then the modules
  // stop, in reverse order (no more inbound mail, the sandbox's deliveries and the job workers finish or hand their
  // jobs back), and only then release what they used. The caller ends the database pool after app.close(): nothing
  // here may touch it later.
  app.addHook('onClose', async () => {
    // Its own connection, not the pool's: ended before the database may stop.
    await notices.stop();
    const reversed = [...MODULES].reverse();
    for (const module of reversed) await module.stop?.(ctx);
    for (const module of reversed) await module.close?.(ctx, boot);
  });
  return app;
}
