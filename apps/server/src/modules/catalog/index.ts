// The catalog module's public surface: other modules and the app import only this file.
export { default as catalogAdminRoutes } from './catalog-admin.routes.js';
export { CatalogAdminService } from './catalog-admin.service.js';
export { default as catalogRoutes, POPULAR_LIMIT } from './catalog.routes.js';
export { Answers, EvaluateBody, PriceResponse } from './catalog.schema.js';
export { type CatalogProduct, CatalogService, offerOf, type StoreInfo } from './catalog.service.js';
export { errorsOut, evaluateProduct, evaluationOut, priceOut, type RawAnswers } from './product-evaluation.js';
export { isSafeHref, sanitizeFaqHtml } from './sanitize-faq.js';
export { seedDatabase } from './seed.js';
export { catalogModule } from './catalog.module.js';
