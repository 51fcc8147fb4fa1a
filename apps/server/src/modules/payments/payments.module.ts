import type { ServerModule } from '../../shared/server-module.js';
import backofficePaymentsRoutes from './backoffice-payments.routes.js';
import { BANK_TRANSFER_PROVIDER, BankTransferProvider } from './bank-transfer/bank-transfer.provider.js';
import { TransferConfirmation } from './bank-transfer/transfer-confirmation.service.js';
import { configuredProviders } from './configured-providers.js';
import customerPaymentRoutes from './customer-payment.routes.js';
import notificationsRoutes from './notifications.routes.js';
import { PayLinks } from './pay-links.js';
import { paymentNotices } from './payment-notices.js';
import type { PaymentProvider } from './payment-provider.js';
import { PaymentWaiters } from './payment-waiters.js';
import { PaymentsService } from './payments.service.js';
import { RedsysProvider } from './redsys/redsys.adapter.js';
import { redsysPagesPlugin } from './redsys/redsys.routes.js';
import { httpSender, type NotificationSender, SandboxGateway } from './sandbox/sandbox-gateway.js';
import { SandboxRefunds } from './sandbox/sandbox-refunds.js';
import { SandboxProvider } from './sandbox/sandbox.adapter.js';
import { sandboxPagesPlugin } from './sandbox/sandbox.routes.js';
import type { FetchFn } from './stripe/stripe-client.js';
import { PAYMENTS_ERRORS, PAYMENTS_MESSAGES } from './payments.errors.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    /** The payment providers by code: the sandbox, the configured real ones (Stripe, Redsys), bank transfers. */
    paymentProviders: ReadonlyMap<string, PaymentProvider>;
    sandbox: SandboxGateway;
    /** Signs and checks the pay links of orders created by agents. */
    payLinks: PayLinks;
    payments: PaymentsService;
    paymentWaiters: PaymentWaiters;
    /** Agents' confirmation of bank transfers (captures the payment and pays the order in one transaction). */
    transfers: TransferConfirmation;
  }
}

declare module '../../shared/server-module.js' {
  interface ModuleOptions {
    /** How the sandbox provider delivers its webhooks (tests deliver in-process). */
    notificationSender?: NotificationSender;
    /** How the Stripe adapter reaches Stripe's API (tests record the requests and answer with fixtures). */
    paymentFetch?: FetchFn;
  }
}

/** The payment providers, their notifications and pages, pay links, transfers and refunds' captures. */
export const paymentsModule: ServerModule<typeof PAYMENTS_ERRORS, typeof PAYMENTS_MESSAGES> = {
  name: 'payments',
  permissions: ['payments'],
  errors: PAYMENTS_ERRORS,
  messages: PAYMENTS_MESSAGES,
  services({ db, config, now, orderEvents }, { options, log }) {
    const sandbox = new SandboxGateway(db, config.sandboxWebhookSecret, options.notificationSender ?? httpSender, {
      mbWayTimeoutS: config.sandboxMbWayTimeoutS,
      multibancoExpiryHours: config.sandboxMultibancoExpiryHours,
    });
    sandbox.log = log;
    const providers = new Map<string, PaymentProvider>([
      ['sandbox', new SandboxProvider(sandbox, config.sandboxWebhookSecret, new SandboxRefunds(db))],
    ]);
    // Real providers (Stripe, Redsys) whose secrets are set; PAYMENT_ROUTING (checkout) picks which serves what.
    const real = configuredProviders(config.payments, options.paymentFetch ?? fetch);
    for (const provider of [real.stripe, real.redsys]) if (provider) providers.set(provider.code, provider);
    providers.set(BANK_TRANSFER_PROVIDER, new BankTransferProvider(config.bankTransfer));
    const paymentWaiters = new PaymentWaiters();
    return {
      paymentProviders: providers,
      sandbox,
      payLinks: new PayLinks(config.payLinks.secret, config.payLinks.ttlDays, now),
      payments: new PaymentsService(db, providers, orderEvents, paymentWaiters),
      paymentWaiters,
      transfers: new TransferConfirmation(db, orderEvents),
    };
  },
  start(ctx) {
    // The sandbox stands in for an outside payment provider: its webhook retries are the provider's, not our jobs.
    if (ctx.config.nodeEnv === 'development') ctx.sandbox.startRetryLoop();
  },
  routes(ctx) {
    const redsys = [...ctx.paymentProviders.values()].find((p) => p instanceof RedsysProvider);
    return {
      // Provider notifications (signed by the provider); the sandbox's hosted pages pay without money: never served in
      // production.
      public: [
        notificationsRoutes,
        ...(ctx.config.nodeEnv === 'production' ? [] : [sandboxPagesPlugin(ctx.sandbox)]),
        ...(redsys ? [redsysPagesPlugin(redsys)] : []),
      ],
      protected: [customerPaymentRoutes, backofficePaymentsRoutes],
    };
  },
  // Other instances' payment changes wake this one's waiting pages.
  channels: (ctx) => [paymentNotices(ctx.paymentWaiters)],
  // A delivered event whose removal cannot be written now is delivered again later (the shop answers duplicate).
  stop: (ctx) =>
    ctx.sandbox
      .stopRetryLoop()
      .catch((err: unknown) => ctx.sandbox.log.warn({ err }, 'sandbox notifications not flushed at shutdown')),
};
