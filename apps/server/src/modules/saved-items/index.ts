// The saved-items module's public surface: other modules and the app import only this file.
export { pdfText } from './pdf-text.js';
export { savedItemsModule } from './saved-items.module.js';
