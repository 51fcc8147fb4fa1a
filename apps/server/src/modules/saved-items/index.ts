// The saved-items module's public surface: other modules and the app import only this file.
export { default as fastBuyRoutes } from './fast-buy.routes.js';
export { FastBuyService } from './fast-buy.service.js';
export { pdfText } from './pdf-text.js';
export { default as savedItemsRoutes } from './saved-items.routes.js';
export { SavedItemsService } from './saved-items.service.js';
export { savedItemsModule } from './saved-items.module.js';
