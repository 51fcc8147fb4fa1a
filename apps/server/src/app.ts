import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { PanelStatus } from '@ventanilla/domain';
import type { AppConfig } from './config/env.js';
import { ConfigError } from './config/config-error.js';
import type { DatabaseHandle } from './db/connection.js';
import { applyMigrations, createDb } from './db/database.js';
import { lazySchemaCompilers } from './shared/lazy-schema-compilers.js';
import { MAX_PATH_PARAM_LENGTH } from './shared/http-schemas.js';
import {
  agentOrdersRoutes,
  AgentOrdersService,
  backofficeRoutes,
  BackofficeService,
  itemActionsRoutes,
  ItemActionsService,
  itemLocksRoutes,
  ItemLocksService,
  LockEvents,
  workspaceRoutes,
  WorkspaceService,
} from './modules/backoffice/index.js';
import { assistantModule } from './modules/assistant/index.js';
import { cartRoutes, CartService } from './modules/cart/index.js';
import { companyReportsRoutes, createCompanyReports } from './modules/company-reports/index.js';
import { personSearchModule } from './modules/person-search/index.js';
import {
  catalogAdminRoutes,
  CatalogAdminService,
  catalogRoutes,
  CatalogService,
  seedDatabase,
} from './modules/catalog/index.js';
import {
  accountRoutes,
  agentsAdminRoutes,
  authRoutes,
  customersAdminRoutes,
  staffEditsRoutes,
  deviceRoutes,
  impersonationRoutes,
  oidcRoutes,
  passwordResetRoutes,
  PasswordResetService,
  seedDemoUsers,
  signInLinkRoutes,
  SignInLinksService,
  signInRoutes,
} from './modules/customers/index.js';
import {
  checkoutRoutes,
  CheckoutService,
  offeredMethods,
  payLinkRoutes,
  paymentMethodsRoutes,
  quoteLinkOwnerRoutes,
  quoteLinkRoutes,
  QuoteLinksService,
  refuseSandboxRouting,
  SANDBOX_ROUTING,
  staticRouting,
  withRoutingRules,
} from './modules/checkout/index.js';
import {
  AccountDataService,
  accountRoutes as accountLifecycleRoutes,
  accountSelfRoutes,
  emailChangeConfirmRoutes,
  EmailChangeService,
  NotificationsService,
  type PushFetch,
  PushService,
} from './modules/account/index.js';
import { oauthModule } from './modules/oauth/index.js';
import {
  createMailTransport,
  EmailDispatcher,
  emailRoutes,
  EmailService,
  type MailTransport,
} from './modules/email/index.js';
import { createFileStorage, type FileStorage, readStoredFile } from './modules/files/index.js';
import {
  backofficePaymentsRoutes,
  BANK_TRANSFER_PROVIDER,
  BankTransferProvider,
  configuredProviders,
  customerPaymentRoutes,
  type FetchFn,
  httpSender,
  type NotificationSender,
  notificationsRoutes,
  PayLinks,
  paymentNotices,
  type PaymentProvider,
  PaymentsService,
  PaymentWaiters,
  redsysPagesPlugin,
  SandboxGateway,
  sandboxPagesPlugin,
  SandboxProvider,
  SandboxRefunds,
  TransferConfirmation,
} from './modules/payments/index.js';
import { healthModule } from './modules/health/index.js';
import { defineBackgroundJobs, JobQueue } from './modules/jobs/index.js';
import { OrderEvents, paidOrderItems } from './modules/order-records/index.js';
import { PgListener } from './db/pg-listener.js';
import {
  customerOrdersRoutes,
  CustomerOrdersService,
  itemAnswersRoutes,
  ItemAnswersService,
  OrderDocuments,
  WithdrawalService,
} from './modules/orders/index.js';
import { draftsModule } from './modules/drafts/index.js';
import { fastBuyRoutes, FastBuyService, savedItemsRoutes, SavedItemsService } from './modules/saved-items/index.js';

import {
  createInvoicing,
  invoicingRoutes,
  legalEntityAdminRoutes,
  legalEntityPublicRoutes,
  placeholderWarning,
  sellerOf,
} from './modules/invoicing/index.js';
import { geoModule, placeDirectory } from './modules/geo/index.js';
import { lookupsModule } from './modules/lookups/index.js';
import { uploadsRoutes, UploadsService } from './modules/uploads/index.js';
import {
  customerIncidenceRoutes,
  CustomerIncidenceService,
  itemTemplatesRoutes,
  ItemTemplatesService,
  templatesRoutes,
  TemplatesService,
} from './modules/templates/index.js';
import { configListsModule } from './modules/config-lists/index.js';
import { collectGarbage } from './shared/collect-garbage.js';
import { cannedResponsesModule } from './modules/canned-responses/index.js';
import {
  contactRoutes,
  inboundMailRoutes,
  SmtpReceiver,
  ticketsRoutes,
  TicketsService,
} from './modules/tickets/index.js';
import contextPlugin, { type AppContext, type CoreContext } from './plugins/context.js';
import errorsPlugin, { frameworkErrorAnswer } from './plugins/errors.js';
import openapiPlugin from './plugins/openapi.js';
import errorStatusesPlugin from './plugins/error-statuses.js';
import { protectedRoutes, routeProtection } from './plugins/protected-routes.js';
import { statisticsModule } from './modules/statistics/index.js';
import securityPlugin from './plugins/security.js';
import sessionPlugin from './plugins/session.js';
import webStaticPlugin from './plugins/web-static.js';
import { seoModule } from './modules/seo/index.js';
import type { ServerModule } from './shared/server-module.js';
import { LOG_SERIALIZERS } from './shared/loggable-error.js';

/**
 * The server modules, each a `<name>.module.ts` returning its services and routes (docs/architecture.md, "Server
 * modules"): adding one is a line here. In order: a module's services see those of the modules above it.
 */
const MODULES: readonly ServerModule[] = [
  healthModule,
  geoModule,
  lookupsModule,
  oauthModule,
  draftsModule,
  personSearchModule,
  cannedResponsesModule,
  configListsModule,
  statisticsModule,
  assistantModule,
  seoModule,
];

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** How the sandbox provider delivers its webhooks (tests deliver in-process). */
  notificationSender?: NotificationSender;
  files?: FileStorage;
  /** Pino logger options (errors are always serialised without query values); false for silence. */
  logger?: boolean | object;
  /** How the Stripe adapter reaches Stripe's API (tests record the requests and answer with fixtures). */
  paymentFetch?: FetchFn;
  /** Where web pushes are POSTed (tests count or fail them); fetch by default. */
  pushFetch?: PushFetch;
  /** Reload interval of the in-memory catalogue. */
  catalogTtlMs?: number;
  /** Where outbox emails go (tests pass an SMTP transport to their own server); by default from config.mail. */
  mailTransport?: MailTransport;
  /**
   * Work the background job queues here (default: JOB_WORKERS; not in tests, which call
   * ctx.emailDispatcher.dispatchOnce() and the sweeps themselves).
   */
  startJobWorkers?: boolean;
  /** Sees every route as it is registered (tests list the registered routes with it). */
  onRoute?: (route: RouteOptions) => void;
  /** The clock of time-based rules such as lock leases (tests inject one). */
  now?: () => Date;
}

/**
 * Builds the whole application on an open database: migrations, seed data, services, then plugins in order
 * (context -> errors -> security -> openapi -> cookies and sessions -> routes -> web app).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  await applyMigrations(database.pool);
  const db = createDb(database.pool);
  const seeded = await seedDatabase(db, { catalogDir: config.catalogDir });
  if (config.seedDemoUsers) await seedDemoUsers(db);

  const untranslated = new Set<string>();
  const catalog = new CatalogService(db, {
    ttlMs: options.catalogTtlMs ?? 5000,
    defaultStoreId: config.defaultStoreId,
    storeHosts: config.storeHosts,
    // One line per language, said once (every reload finds it again), naming only what a customer could see
    // untranslated: the linter refuses this state, so it only happens with a database edited outside the back office
    // or seeded from unchecked files.
    onMissingText: (urlKeys, language) => {
      const key = `${language}:${urlKeys.join(',')}`;
      if (untranslated.has(key)) return;
      untranslated.add(key);
      process.emitWarning(
        `catalogue: ${urlKeys.length} product(s) sold in ${language} stores have no ${language} texts and are shown in their base language: ${urlKeys.join(', ')}`,
      );
    },
  });
  await catalog.load();

  const sandbox = new SandboxGateway(db, config.sandboxWebhookSecret, options.notificationSender ?? httpSender, {
    mbWayTimeoutS: config.sandboxMbWayTimeoutS,
    multibancoExpiryHours: config.sandboxMultibancoExpiryHours,
  });
  const providers = new Map<string, PaymentProvider>([
    ['sandbox', new SandboxProvider(sandbox, config.sandboxWebhookSecret, new SandboxRefunds(db))],
  ]);
  // Real providers (Stripe, Redsys) whose secrets are set; PAYMENT_ROUTING picks which serves what, per store.
  const real = configuredProviders(config.payments, options.paymentFetch ?? fetch);
  for (const provider of [real.stripe, real.redsys]) if (provider) providers.set(provider.code, provider);
  providers.set(BANK_TRANSFER_PROVIDER, new BankTransferProvider(config.bankTransfer));
  const routing = withRoutingRules(
    // Every method through the sandbox (transfers need no gateway); each store offers its country's methods.
    staticRouting(
      providers,
      SANDBOX_ROUTING,
      offeredMethods(config.storePaymentMethods, (storeId) => catalog.getStore(storeId)?.country),
    ),
    config.payments.routing,
    providers,
    (storeId) => catalog.getStore(storeId)?.country,
  );
  const production = config.nodeEnv === 'production';
  if (production)
    refuseSandboxRouting(
      routing,
      catalog.listStores().map((s) => s.storeId),
    );
  const files = options.files ?? (await createFileStorage(config.storage));
  const uploads = new UploadsService(db, files, config);
  const carts = new CartService(db, catalog, uploads);
  const orderEvents = new OrderEvents();
  // Emails are written to the outbox by order-event listeners, inside the transaction that changed the order.
  const now = options.now ?? (() => new Date());
  const payLinks = new PayLinks(config.payLinks.secret, config.payLinks.ttlDays, now);
  const email = new EmailService(db, config, catalog, payLinks);
  email.listen(orderEvents);
  const passwordReset = new PasswordResetService(db, email);
  const signInLinks = new SignInLinksService(db, email);
  const emailChange = new EmailChangeService(db, email);
  const emailDispatcher = new EmailDispatcher(
    db,
    options.mailTransport ?? createMailTransport(config.mail, config.dataDir),
    {
      ...config.mail,
      issueResetToken: (outboxId, kind) =>
        kind === 'email_change_confirm'
          ? emailChange.issueToken(outboxId)
          : kind === 'sign_in_link'
            ? signInLinks.issueToken(outboxId)
            : passwordReset.issueToken(outboxId),
      readFile: (key) => readStoredFile(files, key),
    },
  );
  // Invoices are issued by a "paid" listener inside the paying transaction; refunds produce credit notes.
  const invoicingModule = createInvoicing({
    db,
    orderEvents,
    providers,
    legalEntitiesFile: config.legalEntitiesFile,
    stores: catalog.listStores(),
    verifactuEnvironment: config.verifactuEnvironment,
    ptSigning: config.ptSigning,
    submission: config.verifactuSubmission,
    legalEntitiesTtlMs: options.catalogTtlMs ?? 5000,
  });
  // The legal entities' one source (docs/legal-entities.md): seeded from the file, then read from the database.
  await invoicingModule.legalEntitiesStore.seed();
  await invoicingModule.legalEntitiesStore.load();
  email.sellerOf = (storeId) => sellerOf(invoicingModule.legalEntities, storeId);
  // E-mails' PDFs (a credit note, the withdrawal form) are made as each message is sent (docs/withdrawal.md).
  const orderDocuments = new OrderDocuments(db, invoicingModule.invoicing, invoicingModule.legalEntities, (id) =>
    catalog.getStore(id),
  );
  emailDispatcher.renderDocument = (document) => orderDocuments.render(document);
  const withdrawals = new WithdrawalService(
    db,
    invoicingModule.refunds,
    invoicingModule.legalEntities,
    orderEvents,
    now,
  );
  const legalPlaceholders = placeholderWarning(invoicingModule.legalEntities.placeholders());
  if (legalPlaceholders && production) throw new ConfigError(`NODE_ENV=production but ${legalPlaceholders}`);
  // The issuers as the database has them (an admin may have changed a tax id); again after every reload.
  await invoicingModule.verifactu.ensureChainHeads(invoicingModule.legalEntities.verifactuIssuers());
  invoicingModule.legalEntitiesStore.afterLoad = () =>
    invoicingModule.verifactu.ensureChainHeads(invoicingModule.legalEntities.verifactuIssuers());
  const itemLocks = new ItemLocksService(db, now);
  const templates = new TemplatesService(db);
  await templates.seed();
  const tickets = new TicketsService(db, config, email, files, now);
  // Saved items: orders save their property, company or vehicle (with consent) when paid or delivered, and a nota
  // simple attached to a line is read for the customer (docs/customer-panel.md).
  const savedItems = new SavedItemsService(db, { warn: (obj, msg) => app.log.warn(obj, msg) });
  orderEvents.onPaid((tx, event) =>
    savedItems.saveFromOrder(
      tx,
      event.orderId,
      undefined,
      () => paidOrderItems(tx, event),
      event.customer && event.order
        ? { customerId: event.order.customerId, consent: event.customer.saveItemsFromOrders }
        : undefined,
    ),
  );
  orderEvents.on('itemStatusChanged', async (tx, event) => {
    if (event.newStatus === PanelStatus.Delivered || event.newStatus === PanelStatus.Closed)
      await savedItems.saveFromOrder(tx, event.orderId, event.itemId);
  });
  orderEvents.on('fileAttached', (tx, event) => savedItems.readAttachedNotaSimple(tx, event));
  // Notifications (and their pushes) of order changes the customer should know of (docs/customer-panel.md).
  const notifications = new NotificationsService(db);
  orderEvents.on('itemStatusChanged', (tx, event) => notifications.onItemStatusChanged(tx, event));
  const push = new PushService(db, config, catalog, options.pushFetch ?? fetch);
  const jobs = new JobQueue(database.pool, {
    workers: options.startJobWorkers ?? config.jobs.workers,
    pollSeconds: config.jobs.pollSeconds,
  });
  defineBackgroundJobs(jobs, {
    db,
    email,
    emailDispatcher,
    uploads,
    tickets,
    notifications,
    push,
    verifactu: invoicingModule.verifactu,
    log: { warn: (obj, msg) => app.log.warn(obj, msg) },
    emailPollMs: config.mail.pollMs,
    jobPollSeconds: config.jobs.pollSeconds,
  });
  // Company reports: a paid report line gets its report attached by a job (docs/integrations.md, "Company reports").
  // Said once the logger exists (below).
  const bootWarnings: string[] = legalPlaceholders ? [`Development only: ${legalPlaceholders}`] : [];
  const companyReports = createCompanyReports({
    db,
    catalog,
    files,
    jobs,
    orderEvents,
    config,
    now,
    warn: (message) => bootWarnings.push(message),
  });
  // Before anything writes an e-mail (the demo seed does): its job is written in the same transaction.
  await jobs.start();
  const checkout = new CheckoutService(db, config, catalog, carts, routing, orderEvents, providers);
  checkout.sellerName = (storeId) => sellerOf(invoicingModule.legalEntities, storeId)?.legal_name;
  const paymentWaiters = new PaymentWaiters();
  const lockEvents = new LockEvents();
  // The services of the modules not yet in the list below (MODULES); the list's modules add theirs next.
  const core: CoreContext = {
    ...invoicingModule,
    now,
    config,
    database,
    db,
    catalog,
    carts,
    routing,
    sandbox,
    files,
    uploads,
    checkout,
    quoteLinks: new QuoteLinksService(db, catalog, carts, checkout, payLinks),
    fastBuy: new FastBuyService(db, catalog, placeDirectory(), now),
    payLinks,
    transfers: new TransferConfirmation(db, orderEvents),
    orderEvents,
    email,
    emailDispatcher,
    jobs,
    passwordReset,
    signInLinks,
    emailChange,
    accountData: new AccountDataService(db, files, { warn: (obj, msg) => app.log.warn(obj, msg) }, email),
    notifications,
    push,
    payments: new PaymentsService(db, providers, orderEvents, (orderId) => paymentWaiters.notify(orderId)),
    paymentWaiters,
    customerOrders: new CustomerOrdersService(db, withdrawals),
    withdrawals,
    itemAnswers: new ItemAnswersService(db, catalog, uploads),
    savedItems,
    backoffice: new BackofficeService(db, now),
    itemLocks,
    lockEvents,
    itemActions: new ItemActionsService(db, itemLocks, orderEvents, files, now),
    workspace: new WorkspaceService(db, now),
    catalogAdmin: new CatalogAdminService(db, catalog),
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
    agentOrders: new AgentOrdersService(db, catalog, uploads, orderEvents, passwordReset),
    companyReports,
    tickets,
    smtpReceiver: new SmtpReceiver(
      config.inboundMail,
      (mail) => tickets.ingest(mail),
      {
        info: (obj, msg) => app.log.info(obj, msg),
        warn: (obj, msg) => app.log.warn(obj, msg),
        error: (obj, msg) => app.log.error(obj, msg),
      },
      db,
    ),
  };
  const ctx = core as AppContext; // the list's modules add their services to it now, in order
  for (const module of MODULES) {
    const services = (await module.services?.(ctx)) ?? {};
    // Two modules claiming one service name would silently replace each other's.
    const taken = Object.keys(services).filter((key) => key in ctx);
    if (taken.length > 0) throw new Error(`module ${module.name}: app.ctx already has ${taken.join(', ')}`);
    Object.assign(ctx, services);
  }
  for (const module of MODULES) module.listen?.(ctx);
  const moduleRoutes = MODULES.map((module) => module.routes?.(ctx) ?? {});

  // Errors are logged without the values of failed queries (customers' answers): src/shared/loggable-error.ts.
  const logger: FastifyServerOptions['logger'] =
    options.logger === false
      ? false
      : {
          level: config.logLevel,
          ...(typeof options.logger === 'object' ? options.logger : {}),
          serializers: LOG_SERIALIZERS,
        };
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
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  if (config.seedDemoOrders) {
    // A fresh development install shows a living back office (never in production; docs/operations.md, "Demo data").
    // Loaded only here: production never loads the demo data's modules.
    const { seedDemoOrders, seedDemoTickets } = await import('./modules/demo/index.js');
    const demo = await seedDemoOrders({ db, catalog, files, now: now(), invoicing: invoicingModule.invoicing });
    if (demo.seeded) {
      app.log.info(
        { orders: demo.orders, invoices: demo.invoices, credit_notes: demo.creditNotes, ms: demo.ms },
        'demo orders seeded (development only)',
      );
    }
    const demoTickets = await seedDemoTickets({
      db,
      tickets,
      domain: config.inboundMail.domains[0] ?? 'ventanilla.test',
    });
    if (demoTickets > 0) app.log.info({ tickets: demoTickets }, 'demo tickets seeded (development only)');
    // The seed built its orders in memory; the server may go idle now and would keep that garbage resident.
    if (demo.seeded) collectGarbage();
  }
  if (seeded.report?.pending.length) {
    // Edited in the back office, changed in the files: reported, not applied (docs/decisions/0005-catalogue-edits.md).
    app.log.warn(
      { products: seeded.report.pending },
      'catalogue file changes not applied to products edited in the back office',
    );
  }

  await app.register(contextPlugin, ctx);
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(openapiPlugin);
  await app.register(errorStatusesPlugin);
  await app.register(cookie);
  await app.register(sessionPlugin);

  await app.register(routeProtection);

  // Public: the shop, the cart, signing in, provider notifications (signed by the provider).
  await app.register(catalogRoutes);
  await app.register(authRoutes);
  await app.register(passwordResetRoutes);
  await app.register(signInLinkRoutes);
  await app.register(emailChangeConfirmRoutes);
  await app.register(signInRoutes);
  await app.register(oidcRoutes);
  await app.register(cartRoutes);
  await app.register(uploadsRoutes);
  await app.register(paymentMethodsRoutes);
  await app.register(notificationsRoutes);
  await app.register(inboundMailRoutes);
  // Pay links of orders created by agents: public, the signed key is the permission.
  await app.register(payLinkRoutes);
  // Quote links: the owner's consent to pay their cart, signed like the pay links.
  await app.register(quoteLinkRoutes);
  await app.register(contactRoutes);
  await app.register(legalEntityPublicRoutes);
  for (const routes of moduleRoutes) for (const plugin of routes.public ?? []) await app.register(plugin);
  // Signed-in accounts and staff: every route in here authenticates and checks the permission it declares
  // (packages/domain's permission table) before its body is read (docs/decisions/0011-permissions-and-route-protection.md).
  await app.register(protectedRoutes, {
    routes: [
      accountRoutes,
      deviceRoutes,
      accountSelfRoutes,
      accountLifecycleRoutes,
      checkoutRoutes,
      quoteLinkOwnerRoutes,
      customerPaymentRoutes,
      customerOrdersRoutes,
      itemAnswersRoutes,
      savedItemsRoutes,
      fastBuyRoutes,
      invoicingRoutes,
      backofficeRoutes,
      itemLocksRoutes,
      workspaceRoutes,
      itemActionsRoutes,
      backofficePaymentsRoutes,
      catalogAdminRoutes,
      emailRoutes,
      templatesRoutes,
      itemTemplatesRoutes,
      customerIncidenceRoutes,
      agentOrdersRoutes,
      companyReportsRoutes,
      customersAdminRoutes,
      staffEditsRoutes,
      impersonationRoutes,
      agentsAdminRoutes,
      ticketsRoutes,
      legalEntityAdminRoutes,
      ...moduleRoutes.flatMap((routes) => routes.protected ?? []),
    ],
  });
  // The sandbox's hosted pages pay without money: never served in production.
  if (!production) await app.register(sandboxPagesPlugin(sandbox));
  if (real.redsys) await app.register(redsysPagesPlugin(real.redsys));
  await app.register(webStaticPlugin);

  // The sandbox stands in for an outside payment provider: its webhook retries are the provider's, not our jobs.
  if (config.nodeEnv === 'development') sandbox.startRetryLoop();
  sandbox.log = app.log;
  emailDispatcher.log = app.log;
  for (const message of bootWarnings) app.log.warn(message);
  if (production && config.mail.transport === 'mailbox') {
    app.log.warn('No SMTP server configured (SMTP_URL or SMTP_HOST): emails are kept in the local mailbox, not sent');
  }
  // Background work (e-mail sending, sweeps, postponed tickets) is pg-boss jobs in the database, safe with several
  // instances (docs/decisions/0017-job-queue-and-file-storage.md). The schema and queues exist in every instance
  // (an e-mail's job is written in its transaction); workers run where JOB_WORKERS says (not in tests, which call
  // ctx.emailDispatcher.dispatchOnce(), ctx.tickets.wakeDue()...).
  jobs.log = app.log;
  await jobs.work();
  // Other instances' payment changes wake this one's waiting pages, and every lock change reaches the agents' event
  // streams (LISTEN/NOTIFY, one connection).
  const notices = new PgListener(
    database.pool.options,
    [paymentNotices(paymentWaiters), lockEvents.channel()],
    app.log,
  );
  await notices.start();
  // Shutdown (docs/operations.md, "Shutdown"), in one hook so its order is the order written here. Fastify has
  // stopped accepting connections and let the requests in flight finish before onClose hooks run. Then: no more inbound
  // mail, the sandbox's deliveries and the job workers finish (or hand their jobs back), and only then what they
  // used. The caller ends the database pool after app.close(): nothing here may touch it later.
  app.addHook('onClose', async () => {
    await ctx.smtpReceiver.stop();
    for (const module of [...MODULES].reverse()) await module.close?.(ctx);
    // A catalogue reload a last request started.
    await catalog.idle();
    await invoicingModule.legalEntitiesStore.idle();
    // Its own connection, not the pool's: ended before the database may stop.
    await notices.stop();
    // A delivered event whose removal cannot be written now is delivered again later (the shop answers duplicate).
    await sandbox
      .stopRetryLoop()
      .catch((err: unknown) => app.log.warn({ err }, 'sandbox notifications not flushed at shutdown'));
    await jobs.stop();
    emailDispatcher.transport.close();
    // The storage's connections close after everything that may still read or write files.
    if (!options.files) await files.close();
  });
  return app;
}
