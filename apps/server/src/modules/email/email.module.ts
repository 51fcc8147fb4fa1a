import type { ServerModule } from '../../shared/server-module.js';
import { readStoredFile } from '../files/index.js';
import { EmailDispatcher } from './email-dispatcher.js';
import { defineEmailJobs } from './email.jobs.js';
import { createMailTransport, type MailTransport } from './email-transport.js';
import emailRoutes from './email.routes.js';
import { EmailService } from './email.service.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    /** Transactional emails: composed into the outbox (email) and sent from it (emailDispatcher). */
    email: EmailService;
    emailDispatcher: EmailDispatcher;
  }
}

declare module '../../shared/server-module.js' {
  interface ModuleOptions {
    /** Where outbox emails go (tests pass an SMTP transport to their own server); by default from config.mail. */
    mailTransport?: MailTransport;
  }
}

/**
 * Transactional e-mail: written to the outbox by order-event listeners, inside the transaction that changed the order,
 * and sent from it by jobs. Later modules plug in what the messages need: the seller (invoicing), the documents'
 * PDFs (orders), the links' tokens (customers and account, read from `ctx` when a message is sent).
 */
export const emailModule: ServerModule = {
  name: 'email',
  permissions: ['mailbox'],
  services(ctx, { options, log }) {
    const { db, config } = ctx;
    const emailDispatcher = new EmailDispatcher(
      db,
      options.mailTransport ?? createMailTransport(config.mail, config.dataDir),
      {
        ...config.mail,
        issueResetToken: (outboxId, kind) =>
          kind === 'email_change_confirm'
            ? ctx.emailChange.issueToken(outboxId)
            : kind === 'sign_in_link'
              ? ctx.signInLinks.issueToken(outboxId)
              : ctx.passwordReset.issueToken(outboxId),
        readFile: (key) => readStoredFile(ctx.files, key),
      },
    );
    emailDispatcher.log = log;
    return { email: new EmailService(db, config, ctx.catalog, ctx.payLinks), emailDispatcher };
  },
  listen: (ctx) => ctx.email.listen(ctx.orderEvents),
  // Sending the outbox, relaying due messages, reminding unpaid orders.
  jobs: (ctx) => defineEmailJobs(ctx.jobs, ctx),
  routes: () => ({ protected: [emailRoutes] }),
  close: async (ctx) => ctx.emailDispatcher.transport.close(),
};
