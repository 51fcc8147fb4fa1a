// The tickets module's public surface: other modules and the app import only this file.
export type { IncomingMail } from './inbound-mail.js';
export { contactRoutes, inboundMailRoutes } from './inbound.routes.js';
export { SmtpReceiver } from './smtp-receiver.js';
export { default as ticketsRoutes } from './tickets.routes.js';
export { TicketsService } from './tickets.service.js';
export { ticketsModule } from './tickets.module.js';
