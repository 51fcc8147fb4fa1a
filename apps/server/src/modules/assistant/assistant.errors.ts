import type { ErrorTable } from '../../shared/app-error.js';
import type { ServerMessages } from '../../i18n/server-messages.js';

/** The error codes of the document assistant and the HTTP status each answers (docs/architecture.md, "Errors and messages"). */
export const ASSISTANT_ERRORS = {
  ASSISTANT_NOT_CONFIGURED: 503,
  ASSISTANT_DISABLED: 409,
  ASSISTANT_BUSY: 429,
  CONTENT_TOO_LARGE: 413,
  PDF_FAILED: 500,
} as const satisfies ErrorTable;

const es = {
  ASSISTANT_NOT_CONFIGURED:
    'El asistente de documentos no está disponible: no hay ningún modelo configurado (ASSISTANT_API_URL). Redacta el documento a mano.',
  ASSISTANT_DISABLED: 'El asistente está desactivado para este pedido.',
  ASSISTANT_BUSY: 'El asistente está generando demasiados documentos a la vez. Inténtalo de nuevo en unos segundos.',
  CONTENT_TOO_LARGE: 'El documento es demasiado largo (máximo {max} caracteres).',
  PDF_FAILED: 'Error generando el PDF',
  'markdown.too_deep': 'El documento tiene listas o citas anidadas a demasiada profundidad (máximo {max} niveles).',
};

/** The user messages of the document assistant in es, en and pt (one per error code, whose key it is). */
export const ASSISTANT_MESSAGES: ServerMessages<keyof typeof es> = {
  es,
  en: {
    ASSISTANT_NOT_CONFIGURED:
      'The document assistant is not available: no model is configured (ASSISTANT_API_URL). Write the document by hand.',
    ASSISTANT_DISABLED: 'The assistant is turned off for this order.',
    ASSISTANT_BUSY: 'The assistant is drafting too many documents at once. Try again in a few seconds.',
    CONTENT_TOO_LARGE: 'The document is too long (at most {max} characters).',
    PDF_FAILED: 'Error generating the PDF',
    'markdown.too_deep': 'The document nests lists or quotes too deeply (at most {max} levels).',
  },
  pt: {
    ASSISTANT_NOT_CONFIGURED:
      'O assistente de documentos não está disponível: não há nenhum modelo configurado (ASSISTANT_API_URL). Redija o documento à mão.',
    ASSISTANT_DISABLED: 'O assistente está desativado para esta encomenda.',
    ASSISTANT_BUSY:
      'O assistente está a gerar demasiados documentos ao mesmo tempo. Tente novamente dentro de alguns segundos.',
    CONTENT_TOO_LARGE: 'O documento é demasiado longo (máximo {max} caracteres).',
    PDF_FAILED: 'Erro ao gerar o PDF',
    'markdown.too_deep': 'O documento tem listas ou citações aninhadas a demasiada profundidade (máximo {max} níveis).',
  },
};

declare module '../../shared/app-error.js' {
  interface ModuleErrorCodes {
    assistant: typeof ASSISTANT_ERRORS;
  }
}
declare module '../../i18n/server-messages.js' {
  interface ModuleMessageKeys {
    assistant: keyof typeof es;
  }
}
