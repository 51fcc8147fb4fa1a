export { ticketKeys, ticketLockApi } from './api/tickets';
export { NewTicketScreen } from './components/new-ticket-screen';
export { TicketQueue } from './components/ticket-queue';
export { TicketsScreen } from './components/tickets-screen';
export { useTicketStatusLabel } from './components/use-ticket-status-label';
export { TicketTabRoute } from './routes/tickets.route';
