import { ConfigError } from '../../config/config-error.js';
import type { Db } from '../../db/database.js';
import type { ServerModule } from '../../shared/server-module.js';
import { type OrderEvents, paidOrderItems } from '../order-records/index.js';
import type { PaymentProvider } from '../payments/index.js';
import { InvoicingService } from './invoicing.service.js';
import { LegalEntities, placeholderWarning } from './legal-entities.js';
import { legalEntityAdminRoutes, legalEntityPublicRoutes, sellerOf } from './legal-entities.routes.js';
import invoicingRoutes from './invoicing.routes.js';
import { LegalEntitiesStore } from './legal-entities.store.js';
import { PtSigningService, type PtSigningConfig } from './pt-signing.service.js';
import { RefundsService } from './refunds.service.js';
import type { VerifactuSubmissionConfig } from '../../config/env.js';
import { AeatSubmitter, aeatTlsFromConfig } from './aeat-submitter.js';
import { LogOnlySubmitter, type VerifactuSubmitter } from './verifactu-submitter.js';
import { VerifactuService } from './verifactu.service.js';
import { defineVerifactuJobs } from './verifactu.jobs.js';
import type { VerifactuEnvironment } from '@ventanilla/domain';
import { INVOICING_ERRORS, INVOICING_MESSAGES } from './invoicing.errors.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    /** Invoices and credit notes (issued on 'paid' and by refunds), refunds, Veri*Factu records. */
    invoicing: InvoicingService;
    refunds: RefundsService;
    verifactu: VerifactuService;
    /** The stores' legal entities (sync reads) and their database source (admins' edits; docs/legal-entities.md). */
    legalEntities: LegalEntities;
    legalEntitiesStore: LegalEntitiesStore;
  }
}

export interface InvoicingModule {
  invoicing: InvoicingService;
  refunds: RefundsService;
  verifactu: VerifactuService;
  /** The issuers on a Veri*Factu chain (their chain heads are made at boot). */
  verifactuIssuers: string[];
  /** The stores' legal entities: the database's rows over the file's seed (docs/legal-entities.md). */
  legalEntities: LegalEntities;
  legalEntitiesStore: LegalEntitiesStore;
}

/**
 * Builds the invoicing services and subscribes the invoice to the "paid" event: it is issued inside the paying
 * transaction, so an order is paid and invoiced together or not at all, and only once (markOrderPaid emits "paid"
 * only on the transition; a unique index backs that up).
 */
export function createInvoicing(options: {
  db: Db;
  orderEvents: OrderEvents;
  /** The payment providers by code (refunds go back through the one that took the payment). */
  providers: ReadonlyMap<string, PaymentProvider>;
  legalEntitiesFile: string;
  stores: ReadonlyArray<{ storeId: number; name: string }>;
  verifactuEnvironment: VerifactuEnvironment;
  /** VERIFACTU_SUBMITTER and its settings; `submitter` (tests) takes precedence. */
  submission?: VerifactuSubmissionConfig;
  submitter?: VerifactuSubmitter;
  ptSigning: PtSigningConfig;
  /** How long an instance trusts its copy of the entities before checking for another instance's edit. */
  legalEntitiesTtlMs?: number;
}): InvoicingModule {
  const names = new Map(options.stores.map((s) => [s.storeId, s.name]));
  const entities = LegalEntities.fromFile(options.legalEntitiesFile, [...names.keys()]);
  const legalEntitiesStore = new LegalEntitiesStore(options.db, entities, options.legalEntitiesTtlMs ?? 5_000);
  const verifactu = new VerifactuService(
    options.db,
    options.verifactuEnvironment,
    options.submitter ?? submitterFor(options.submission, entities.verifactuIssuers().length > 1),
  );
  const invoicing = new InvoicingService(
    options.db,
    entities,
    verifactu,
    (id) => names.get(id) ?? 'Ventanilla',
    new PtSigningService(options.ptSigning),
  );
  const refunds = new RefundsService(options.db, invoicing, options.providers, options.orderEvents);
  // Late: the invoice series' counter and the Veri*Factu chain head are locked until commit, and every payment needs
  // them, so the rest of the payment's work is done before they are taken.
  options.orderEvents.onPaid(
    async (tx, event) => {
      await invoicing.issueForOrder(tx, event.orderId, new Date(), event.order, () => paidOrderItems(tx, event), {
        ...(event.customer ? { billing: event.customer.billing } : {}),
        firstPayment: event.firstPayment === true,
      });
    },
    { late: true },
  );
  return {
    invoicing,
    refunds,
    verifactu,
    verifactuIssuers: entities.verifactuIssuers(),
    legalEntities: entities,
    legalEntitiesStore,
  };
}

/** The configured submitter: the AEAT's service (certificate read now: a missing file stops the boot) or log only. */
export function submitterFor(
  config: VerifactuSubmissionConfig | undefined,
  multipleIssuers: boolean,
): VerifactuSubmitter {
  if (config?.submitter !== 'aeat') return new LogOnlySubmitter();
  const tls = aeatTlsFromConfig(config);
  return new AeatSubmitter({
    endpoint: config.endpoint,
    ...(tls ? { tls } : {}),
    software: {
      name: 'Ventanilla',
      id: 'VT',
      version: '1.0',
      installation: '1',
      multipleIssuers,
    },
  });
}

/**
 * Invoices, credit notes, refunds and Veri*Factu: the invoice is issued by a "paid" listener inside the paying
 * transaction (subscribed as the services are built: it runs late, after every other listener); refunds produce
 * credit notes.
 */
export const invoicingModule: ServerModule<typeof INVOICING_ERRORS, typeof INVOICING_MESSAGES> = {
  name: 'invoicing',
  permissions: ['invoicing'],
  errors: INVOICING_ERRORS,
  messages: INVOICING_MESSAGES,
  async services(ctx, { options, log }) {
    const { config, email } = ctx;
    const built = createInvoicing({
      db: ctx.db,
      orderEvents: ctx.orderEvents,
      providers: ctx.paymentProviders,
      legalEntitiesFile: config.legalEntitiesFile,
      stores: ctx.catalog.listStores(),
      verifactuEnvironment: config.verifactuEnvironment,
      ptSigning: config.ptSigning,
      submission: config.verifactuSubmission,
      legalEntitiesTtlMs: options.catalogTtlMs ?? 5000,
    });
    const { legalEntities, legalEntitiesStore, verifactu } = built;
    // The legal entities' one source (docs/legal-entities.md): seeded from the file, then read from the database.
    await legalEntitiesStore.seed();
    await legalEntitiesStore.load();
    email.sellerOf = (storeId) => sellerOf(legalEntities, storeId);
    const placeholders = placeholderWarning(legalEntities.placeholders());
    if (placeholders && config.nodeEnv === 'production')
      throw new ConfigError(`NODE_ENV=production but ${placeholders}`);
    if (placeholders) log.warn(`Development only: ${placeholders}`);
    // The issuers as the database has them (an admin may have changed a tax id); again after every reload.
    await verifactu.ensureChainHeads(legalEntities.verifactuIssuers());
    legalEntitiesStore.afterLoad = () => verifactu.ensureChainHeads(legalEntities.verifactuIssuers());
    return {
      invoicing: built.invoicing,
      refunds: built.refunds,
      verifactu,
      legalEntities,
      legalEntitiesStore,
    };
  },
  jobs: (ctx, { log }) => defineVerifactuJobs(ctx.jobs, ctx.verifactu, ctx.config, log),
  routes: () => ({ public: [legalEntityPublicRoutes], protected: [invoicingRoutes, legalEntityAdminRoutes] }),
  // A reload of the legal entities a last request started.
  close: (ctx) => ctx.legalEntitiesStore.idle(),
};
