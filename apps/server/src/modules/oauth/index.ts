// The oauth module's public surface: other modules and the app import only this file.
export { oauthModule } from './oauth.module.js';
