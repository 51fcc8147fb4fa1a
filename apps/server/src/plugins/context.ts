import type { PasswordResetService, SignInLinksService } from '../modules/customers/index.js';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env.js';
import type { Db } from '../db/database.js';
import type { DatabaseHandle } from '../db/connection.js';
import type {
  AgentOrdersService,
  BackofficeService,
  ItemActionsService,
  ItemLocksService,
  LockEvents,
  WorkspaceService,
} from '../modules/backoffice/index.js';
import type { CartService } from '../modules/cart/index.js';
import type { CatalogAdminService, CatalogService } from '../modules/catalog/index.js';
import type { CheckoutService, PaymentRouting, QuoteLinksService } from '../modules/checkout/index.js';
import type {
  PayLinks,
  PaymentsService,
  PaymentWaiters,
  SandboxGateway,
  TransferConfirmation,
} from '../modules/payments/index.js';
import type { FastBuyService, SavedItemsService } from '../modules/saved-items/index.js';
import type { EmailDispatcher, EmailService } from '../modules/email/index.js';
import type { FileStorage } from '../modules/files/index.js';
import type { JobQueue } from '../modules/jobs/index.js';
import type {
  InvoicingService,
  LegalEntities,
  LegalEntitiesStore,
  RefundsService,
  VerifactuService,
} from '../modules/invoicing/index.js';
import type { CustomerOrdersService, ItemAnswersService, WithdrawalService } from '../modules/orders/index.js';
import type { OrderEvents } from '../modules/order-records/index.js';
import type { UploadsService } from '../modules/uploads/index.js';
import type { CustomerIncidenceService, ItemTemplatesService, TemplatesService } from '../modules/templates/index.js';
import type { CompanyReportsService } from '../modules/company-reports/index.js';
import type { SmtpReceiver, TicketsService } from '../modules/tickets/index.js';
import type {
  AccountDataService,
  EmailChangeService,
  NotificationsService,
  PushService,
} from '../modules/account/index.js';

/** The services app.ts builds itself: those of the modules not yet in its module list (MODULES). */
export interface CoreContext {
  config: AppConfig;
  database: DatabaseHandle;
  db: Db;
  catalog: CatalogService;
  carts: CartService;
  checkout: CheckoutService;
  /** Signs and checks the pay links of orders created by agents. */
  payLinks: PayLinks;
  quoteLinks: QuoteLinksService;
  fastBuy: FastBuyService;
  routing: PaymentRouting;
  /** Order domain events (paid) that invoices and emails listen to inside the paying transaction. */
  orderEvents: OrderEvents;
  payments: PaymentsService;
  paymentWaiters: PaymentWaiters;
  /** Agents' confirmation of bank transfers (captures the payment and pays the order in one transaction). */
  transfers: TransferConfirmation;
  sandbox: SandboxGateway;
  customerOrders: CustomerOrdersService;
  /** The customer's withdrawal from an order not yet performed (docs/withdrawal.md). */
  withdrawals: WithdrawalService;
  /** Customers' corrections of their order lines' answers (/tienda/product/actualizar). */
  itemAnswers: ItemAnswersService;
  /** The customer panel's saved properties, companies, vehicles and documents (docs/customer-panel.md). */
  savedItems: SavedItemsService;
  backoffice: BackofficeService;
  /** Items' exclusive locks (leases), the change check and the pulled queue. */
  itemLocks: ItemLocksService;
  /** Lock changes for the agents' event streams (heard through LISTEN/NOTIFY). */
  lockEvents: LockEvents;
  /** Agents' tabs (kept per agent) and My Activity. */
  workspace: WorkspaceService;
  /** The agents' actions on an item (docs/backoffice.md, "Actions"). */
  itemActions: ItemActionsService;
  /** The clock (tests inject one to expire leases). */
  now: () => Date;
  /** Catalogue editing from the back office (admins): products, forms, revisions, categories. */
  catalogAdmin: CatalogAdminService;
  files: FileStorage;
  /** Invoices and credit notes (issued on 'paid' and by refunds), refunds, Veri*Factu records. */
  invoicing: InvoicingService;
  refunds: RefundsService;
  verifactu: VerifactuService;
  /** The stores' legal entities (sync reads) and their database source (admins' edits; docs/legal-entities.md). */
  legalEntities: LegalEntities;
  legalEntitiesStore: LegalEntitiesStore;
  /** Transactional emails: composed into the outbox (email) and sent from it (emailDispatcher). */
  email: EmailService;
  emailDispatcher: EmailDispatcher;
  /** Background jobs in the database (pg-boss): e-mail sending, sweeps, postponed tickets. */
  jobs: JobQueue;
  /** checkEmail, rememberPassword and the reset token (docs/email.md). */
  passwordReset: PasswordResetService;
  signInLinks: SignInLinksService;
  /** Documents uploaded in the wizard (answers to file questions). */
  uploads: UploadsService;
  /** E-mail and incidence templates (admin CRUD, previews). */
  templates: TemplatesService;
  /** An agent's template actions on an item: e-mail, PDF, raising an incidence. */
  itemTemplates: ItemTemplatesService;
  /** The customer's side of the incident loop. */
  customerIncidence: CustomerIncidenceService;
  /** Orders created by agents for customers and the QP person-search lists. */
  agentOrders: AgentOrdersService;
  /** Company reports by CIF: staff lookups and the automatic attachment to paid report lines. */
  companyReports: CompanyReportsService;
  /** Tickets: customers' mail threaded into conversations, and the agents' actions on them. */
  tickets: TicketsService;
  /** E-mail changes confirmed by a link to the new address (docs/customer-panel.md). */
  emailChange: EmailChangeService;
  /** GDPR export and account deletion. */
  accountData: AccountDataService;
  /** The customer's notifications and activities lists. */
  notifications: NotificationsService;
  /** Web push subscriptions and sending (VAPID). */
  push: PushService;
  /** The SMTP receiver of inbound mail (started by server.ts when SMTP_INBOUND_PORT is on; tests start it on 0). */
  smtpReceiver: SmtpReceiver;
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
