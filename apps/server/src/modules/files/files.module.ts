import type { ServerModule } from '../../shared/server-module.js';
import { createFileStorage } from './create-file-storage.js';
import type { FileStorage } from './file-storage.js';
import { FILES_ERRORS, FILES_MESSAGES } from './files.errors.js';

declare module '../../plugins/context.js' {
  interface AppContext {
    /** Stored files (uploads, attachments, reports): the disk or S3 (STORAGE_*). */
    files: FileStorage;
  }
}

declare module '../../shared/server-module.js' {
  interface ModuleOptions {
    /** The file storage (tests pass one they share between apps; it is then theirs to close). */
    files?: FileStorage;
  }
}

/** Where files are kept. */
export const filesModule: ServerModule<typeof FILES_ERRORS, typeof FILES_MESSAGES> = {
  name: 'files',
  errors: FILES_ERRORS,
  messages: FILES_MESSAGES,
  services: async (ctx, { options }) => ({ files: options.files ?? (await createFileStorage(ctx.config.storage)) }),
  // The storage's connections close after everything that may still read or write files (the first module: the last).
  close: async (ctx, { options }) => {
    if (!options.files) ctx.files.close();
  },
};
