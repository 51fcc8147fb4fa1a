import type { ServerModule } from '../../shared/server-module.js';
import seoPlugin from './seo.routes.js';

/** robots.txt, sitemap.xml, the web manifest and the server-rendered pages (the web app's static files use them). */
export const seoModule: ServerModule = {
  name: 'seo',
  routes: () => ({ public: [seoPlugin] }),
};
