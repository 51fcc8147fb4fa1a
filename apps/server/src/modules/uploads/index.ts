// The uploads module's public surface: other modules and the app import only this file.
export { attachAnswerUploads } from './attach-uploads.js';
export { ownerOf, referencedFileIds, UploadsService } from './uploads.service.js';
export { uploadsModule } from './uploads.module.js';
