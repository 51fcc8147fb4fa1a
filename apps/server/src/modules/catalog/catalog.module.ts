import type { ServerModule } from '../../shared/server-module.js';
import catalogAdminRoutes from './catalog-admin.routes.js';
import { CatalogAdminService } from './catalog-admin.service.js';
import catalogRoutes from './catalog.routes.js';
import { CatalogService } from './catalog.service.js';
import { PopularProducts, type PopularProductsOptions } from './popular-products.js';
import { seedDatabase } from './seed.js';
import { CATALOG_ERRORS, CATALOG_MESSAGES } from './catalog.errors.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    /** The in-memory catalogue: stores, products, forms (reloaded every catalogTtlMs). */
    catalog: CatalogService;
    /** Catalogue editing from the back office (admins): products, forms, revisions, categories. */
    catalogAdmin: CatalogAdminService;
    /** Orders per product of each store over a recent window (the start page's most ordered list), cached. */
    popularProducts: PopularProducts;
  }
}

declare module '../../shared/server-module.js' {
  interface ModuleOptions {
    /** Reload interval of the in-memory catalogue (and of the legal entities). */
    catalogTtlMs?: number;
    /** The most ordered list's window and cache (tests read the orders at once). */
    popularProducts?: PopularProductsOptions;
  }
}

/** The stores and their products: seeded from the catalogue files, read by the shop, edited by admins. */
export const catalogModule: ServerModule<typeof CATALOG_ERRORS, typeof CATALOG_MESSAGES> = {
  name: 'catalog',
  permissions: ['catalog'],
  errors: CATALOG_ERRORS,
  messages: CATALOG_MESSAGES,
  async services({ db, config }, { options, log }) {
    const seeded = await seedDatabase(db, { catalogDir: config.catalogDir });
    if (seeded.report?.pending.length) {
      // Edited in the back office, changed in the files: reported, not applied (docs/decisions/0005-catalogue-edits.md).
      log.warn(
        { products: seeded.report.pending },
        'catalogue file changes not applied to products edited in the back office',
      );
    }
    const untranslated = new Set<string>();
    const catalog = new CatalogService(db, {
      ttlMs: options.catalogTtlMs ?? 5000,
      defaultStoreId: config.defaultStoreId,
      storeHosts: config.storeHosts,
      // One line per language, said once (every reload finds it again), naming only what a customer could see
      // untranslated: the linter refuses this state, so it only happens with a database edited outside the back
      // office or seeded from unchecked files.
      onMissingText: (urlKeys, language) => {
        const key = `${language}:${urlKeys.join(',')}`;
        if (untranslated.has(key)) return;
        untranslated.add(key);
        process.emitWarning(
          `catalogue: ${urlKeys.length} product(s) sold in ${language} stores have no ${language} texts and are shown in their base language: ${urlKeys.join(', ')}`,
        );
      },
    });
    await catalog.load();
    return {
      catalog,
      catalogAdmin: new CatalogAdminService(db, catalog),
      popularProducts: new PopularProducts(db, options.popularProducts),
    };
  },
  routes: () => ({ public: [catalogRoutes], protected: [catalogAdminRoutes] }),
  // A catalogue reload a last request started.
  close: (ctx) => ctx.catalog.idle(),
};
