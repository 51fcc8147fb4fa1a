// The files module's public surface: other modules and the app import only this file.
export { type FileStorage, readStoredFile } from './file-storage.js';
export { readMultipartFile } from './read-multipart-file.js';
export { sendStoredFile } from './send-stored-file.js';
export { ALLOWED_UPLOAD_TYPES, attachmentHeader, checkUpload, safeFilename } from './upload-check.js';
export { filesModule } from './files.module.js';
