// The account module's public surface: other modules and the app import only this file.
export { accountModule } from './account.module.js';
