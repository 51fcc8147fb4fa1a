import type { SignInLinksService } from '../modules/customers/sign-in-links.service.js';
import type { ConfigListsService } from '../modules/config-lists/config-lists.service.js';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env.js';
import type { Db } from '../db/database.js';
import type { DatabaseHandle } from '../db/connection.js';
import type { BackofficeService } from '../modules/backoffice/backoffice.service.js';
import type { ItemLocksService } from '../modules/backoffice/item-locks.service.js';
import type { WorkspaceService } from '../modules/backoffice/workspace.service.js';
import type { ItemActionsService } from '../modules/backoffice/item-actions.service.js';
import type { CartService } from '../modules/cart/cart.service.js';
import type { CatalogService } from '../modules/catalog/catalog.service.js';
import type { CatalogAdminService } from '../modules/catalog/catalog-admin.service.js';
import type { CheckoutService, PaymentRouting } from '../modules/checkout/checkout.service.js';
import type { PayLinks } from '../modules/payments/pay-links.js';
import type { FastBuyService } from '../modules/saved-items/fast-buy.service.js';
import type { QuoteLinksService } from '../modules/checkout/quote-links.service.js';
import type { PasswordResetService } from '../modules/customers/password-reset.service.js';
import type { EmailDispatcher } from '../modules/email/email-dispatcher.js';
import type { EmailService } from '../modules/email/email.service.js';
import type { FileStorage } from '../modules/files/file-storage.js';
import type { JobQueue } from '../modules/jobs/job-queue.js';
import type { InvoicingService } from '../modules/invoicing/invoicing.service.js';
import type { RefundsService } from '../modules/invoicing/refunds.service.js';
import type { VerifactuService } from '../modules/invoicing/verifactu.service.js';
import type { LegalEntities } from '../modules/invoicing/legal-entities.js';
import type { LegalEntitiesStore } from '../modules/invoicing/legal-entities.store.js';
import type { CustomerOrdersService } from '../modules/orders/customer-orders.service.js';
import type { WithdrawalService } from '../modules/orders/withdrawal.service.js';
import type { ItemAnswersService } from '../modules/orders/item-answers.service.js';
import type { DraftsService } from '../modules/drafts/drafts.service.js';
import type { SavedItemsService } from '../modules/saved-items/saved-items.service.js';
import type { OrderEvents } from '../modules/order-records/order-events.js';
import type { SandboxGateway } from '../modules/payments/sandbox/sandbox-gateway.js';
import type { UploadsService } from '../modules/uploads/uploads.service.js';
import type { CustomerIncidenceService } from '../modules/templates/customer-incidence.service.js';
import type { ItemTemplatesService } from '../modules/templates/item-templates.service.js';
import type { TemplatesService } from '../modules/templates/templates.service.js';
import type { CannedResponsesService } from '../modules/canned-responses/canned-responses.service.js';
import type { AgentOrdersService } from '../modules/backoffice/agent-orders.service.js';
import type { CompanyReportsService } from '../modules/company-reports/company-reports.service.js';
import type { CustomerQpService } from '../modules/person-search/customer-qp.service.js';
import type { TicketsService } from '../modules/tickets/tickets.service.js';
import type { SmtpReceiver } from '../modules/tickets/smtp-receiver.js';
import type { AccountDataService } from '../modules/account/account-data.service.js';
import type { EmailChangeService } from '../modules/account/email-change.service.js';
import type { NotificationsService } from '../modules/account/notifications.service.js';
import type { PushService } from '../modules/account/push.service.js';
import type { PlaceDirectory } from '../modules/geo/place-directory.js';
import type { PaymentsService } from '../modules/payments/payments.service.js';
import type { PaymentWaiters } from '../modules/payments/payment-waiters.js';
import type { TransferConfirmation } from '../modules/payments/bank-transfer/transfer-confirmation.service.js';

/** The app's services, built once in app.ts and reached by plugins and routes as `app.ctx`. */
export interface AppContext {
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
  /** Signed-in customers' unfinished orders (wizard drafts). */
  drafts: DraftsService;
  /** The customer panel's saved properties, companies, vehicles and documents (docs/customer-panel.md). */
  savedItems: SavedItemsService;
  backoffice: BackofficeService;
  /** Items' exclusive locks (leases), the change check and the pulled queue. */
  itemLocks: ItemLocksService;
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
  /** Place data sets (provinces, municipalities, districts, concelhos, freguesias) for pickers and answer checks. */
  places: PlaceDirectory;
  /** E-mail and incidence templates (admin CRUD, previews). */
  templates: TemplatesService;
  configLists: ConfigListsService;
  /** An agent's template actions on an item: e-mail, PDF, raising an incidence. */
  itemTemplates: ItemTemplatesService;
  /** The customer's side of the incident loop. */
  customerIncidence: CustomerIncidenceService;
  /** Canned responses (admin CRUD; staff pick them into replies and e-mails). */
  cannedResponses: CannedResponsesService;
  /** Orders created by agents for customers and the QP person-search lists. */
  agentOrders: AgentOrdersService;
  /** Company reports by CIF: staff lookups and the automatic attachment to paid report lines. */
  companyReports: CompanyReportsService;
  /** The customer's side of the QP person-search lists (listaNombresQP, searchListaNombresQP, tramitaListaNombresQP). */
  customerQp: CustomerQpService;
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
