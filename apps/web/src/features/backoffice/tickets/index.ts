export { useTicketLocks } from './api/tickets';
export { TicketQueue } from './components/ticket-queue';
export { NewTicketScreen, TicketsScreen, TicketTabRoute, useTicketStatusLabel } from './routes/tickets.route';
