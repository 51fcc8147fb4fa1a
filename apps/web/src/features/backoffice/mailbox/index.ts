export { MailboxMessageRoute } from './routes/mailbox-message.route';
export { MailboxRoute } from './routes/mailbox.route';
