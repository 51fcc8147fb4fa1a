// The catalogue's screens (home, category, product, not found): one chunk, loaded by the first shop page.
export { CatalogRoute } from '../../features/catalog/routes/catalog.route';
export { HomeRoute } from '../../features/catalog/routes/home.route';
export { SearchRoute } from '../../features/catalog/routes/search.route';
export { CategoryRoute } from '../../features/catalog/routes/category.route';
export { ProductRoute } from '../../features/catalog/routes/product.route';
export { NotFoundRoute } from '../../features/catalog/routes/not-found.route';
