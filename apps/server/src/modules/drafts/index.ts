// The drafts module's public surface: other modules and the app import only this file.
export { draftsModule } from './drafts.module.js';
export { EMPTY_SESSION_DRAFT, type SessionDraft, SessionDraftsService } from './session-drafts.service.js';
