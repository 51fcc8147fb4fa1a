// The seo module's public surface: other modules and the app import only this file.
export { seoModule } from './seo.module.js';
