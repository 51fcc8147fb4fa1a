import type { ErrorTable } from '../../shared/app-error.js';
import type { ServerModule } from '../../shared/server-module.js';
import { periodicPollSeconds } from '../jobs/index.js';
import { contactRoutes, inboundMailRoutes } from './inbound.routes.js';
import { SmtpReceiver } from './smtp-receiver.js';
import ticketsRoutes from './tickets.routes.js';
import { TicketsService } from './tickets.service.js';
import { TICKETS_MESSAGES } from './tickets.errors.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    /** Tickets: customers' mail threaded into conversations, and the agents' actions on them. */
    tickets: TicketsService;
    /** The SMTP receiver of inbound mail (started by server.ts when SMTP_INBOUND_PORT is on; tests start it on 0). */
    smtpReceiver: SmtpReceiver;
  }
}

/** Every minute: postponed tickets whose date has come go back to Abierto. */
export const TICKETS_WAKE_JOB = 'tickets-wake';

/** Tickets: inbound mail (SMTP or a provider's webhook) and the contact form, threaded for the agents. */
export const ticketsModule: ServerModule<ErrorTable, typeof TICKETS_MESSAGES> = {
  name: 'tickets',
  permissions: ['tickets'],
  messages: TICKETS_MESSAGES,
  services({ db, config, email, files, now }, { log }) {
    const tickets = new TicketsService(db, config, email, files, now);
    return { tickets, smtpReceiver: new SmtpReceiver(config.inboundMail, (mail) => tickets.ingest(mail), log, db) };
  },
  jobs: ({ jobs, tickets, config }) =>
    jobs.define({
      name: TICKETS_WAKE_JOB,
      cron: '* * * * *',
      policy: 'singleton',
      pollSeconds: periodicPollSeconds(config),
      handle: async () => void (await tickets.wakeDue()),
    }),
  routes: () => ({ public: [inboundMailRoutes, contactRoutes], protected: [ticketsRoutes] }),
  // No more inbound mail.
  stop: (ctx) => ctx.smtpReceiver.stop(),
};
