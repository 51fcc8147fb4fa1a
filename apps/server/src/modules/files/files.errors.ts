import type { ErrorTable } from '../../shared/app-error.js';
import type { ServerMessages } from '../../i18n/server-messages.js';

/** The error codes of the stored files and the HTTP status each answers (docs/architecture.md, "Errors and messages"). */
export const FILES_ERRORS = {
  FILE_TYPE_NOT_ALLOWED: 415,
  FILE_MISSING: 400,
  FILE_EMPTY: 400,
  TOO_MANY_UPLOADS: 429,
} as const satisfies ErrorTable;

const es = {
  FILE_TYPE_NOT_ALLOWED: 'Solo se admiten archivos PDF, JPEG o PNG.',
  FILE_MISSING: 'Selecciona un archivo.',
  FILE_EMPTY: 'El archivo está vacío. Elige otro archivo.',
  TOO_MANY_UPLOADS: 'Has subido demasiados archivos en poco tiempo. Espera unos minutos antes de volver a intentarlo.',
};

/** The user messages of the stored files in es, en and pt (one per error code, whose key it is). */
export const FILES_MESSAGES: ServerMessages<keyof typeof es> = {
  es,
  en: {
    FILE_TYPE_NOT_ALLOWED: 'Only PDF, JPEG or PNG files are accepted.',
    FILE_MISSING: 'Choose a file.',
    FILE_EMPTY: 'The file is empty. Choose another file.',
    TOO_MANY_UPLOADS: 'You have uploaded too many files in a short time. Wait a few minutes before trying again.',
  },
  pt: {
    FILE_TYPE_NOT_ALLOWED: 'Só são aceites ficheiros PDF, JPEG ou PNG.',
    FILE_MISSING: 'Escolha um ficheiro.',
    FILE_EMPTY: 'O ficheiro está vazio. Escolha outro ficheiro.',
    TOO_MANY_UPLOADS: 'Carregou demasiados ficheiros em pouco tempo. Aguarde alguns minutos antes de tentar novamente.',
  },
};

declare module '../../shared/app-error.js' {
  interface ModuleErrorCodes {
    files: typeof FILES_ERRORS;
  }
}
declare module '../../i18n/server-messages.js' {
  interface ModuleMessageKeys {
    files: keyof typeof es;
  }
}
