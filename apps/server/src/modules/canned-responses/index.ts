// The canned-responses module's public surface: other modules and the app import only this file.
export { cannedResponsesModule } from './canned-responses.module.js';
