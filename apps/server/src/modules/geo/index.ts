// The geo module's public surface: other modules and the app import only this file.
export { DEFAULT_GEO_DIR, foldText, placeDirectory, type PlaceDirectory } from './place-directory.js';
export { geoModule } from './geo.module.js';
