export { CatalogProductFormRoute } from './routes/catalog-product-form.route';
export { CatalogProductRevisionsRoute } from './routes/catalog-product-revisions.route';
export { CatalogProductTranslationsRoute } from './routes/catalog-product-translations.route';
export { CatalogProductRoute } from './routes/catalog-product.route';
export { CatalogProductsRoute } from './routes/catalog-products.route';
