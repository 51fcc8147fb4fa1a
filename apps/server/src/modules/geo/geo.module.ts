import type { ServerModule } from '../../shared/server-module.js';
import geoRoutes from './geo.routes.js';
import { placeDirectory, type PlaceDirectory } from './place-directory.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    /** Place data sets (provinces, municipalities, districts, concelhos, freguesias) for pickers and answer checks. */
    places: PlaceDirectory;
  }
}

/** Place pickers' data sets and their routes. */
export const geoModule: ServerModule = {
  name: 'geo',
  // Loaded at boot so a broken file stops it.
  services: () => ({ places: placeDirectory() }),
  routes: () => ({ public: [geoRoutes] }),
};
