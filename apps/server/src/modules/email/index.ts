// The email module's public surface: other modules and the app import only this file.
export { EmailDispatcher } from './email-dispatcher.js';
export { RESET_TOKEN_PLACEHOLDER } from './email-templates.js';
export { createMailTransport, type MailTransport } from './email-transport.js';
export { default as emailRoutes } from './email.routes.js';
export { EmailService } from './email.service.js';
export { newMessageId } from './message-id.js';
export { emailModule } from './email.module.js';
