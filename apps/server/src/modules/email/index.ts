// The email module's public surface: other modules and the app import only this file.
export { RESET_TOKEN_PLACEHOLDER } from './email-templates.js';
export { EmailService } from './email.service.js';
export { newMessageId } from './message-id.js';
export { emailModule } from './email.module.js';
