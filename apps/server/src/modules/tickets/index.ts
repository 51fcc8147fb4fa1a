// The tickets module's public surface: other modules and the app import only this file.
export type { IncomingMail } from './inbound-mail.js';
export { TicketsService } from './tickets.service.js';
export { ticketsModule } from './tickets.module.js';
