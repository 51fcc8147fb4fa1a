// The drafts module's public surface: other modules and the app import only this file.
export { draftsModule } from './drafts.module.js';
export { type SessionDraft } from './session-drafts.service.js';
