// The account module's public surface: other modules and the app import only this file.
export { AccountDataService } from './account-data.service.js';
export { accountSelfRoutes } from './account-self.routes.js';
export { accountRoutes, emailChangeConfirmRoutes } from './account.routes.js';
export { forgetDeletedAccountMail } from './deleted-account-mail.js';
export { EmailChangeService } from './email-change.service.js';
export { NotificationsService } from './notifications.service.js';
export { type PushFetch, PushService } from './push.service.js';
export { accountModule } from './account.module.js';
