import type { ErrorTable } from '../../shared/app-error.js';
import type { ServerMessages } from '../../i18n/server-messages.js';

/** The error codes of the catalogue and the HTTP status each answers (docs/architecture.md, "Errors and messages"). */
export const CATALOG_ERRORS = {
  CATALOG_INVALID: 422,
  STALE_CATALOG: 409,
} as const satisfies ErrorTable;

const es = {
  CATALOG_INVALID: 'No se ha guardado: el catálogo no admite este cambio. Corrige los problemas indicados.',
  STALE_CATALOG:
    'Otro usuario ha modificado este elemento del catálogo mientras lo editabas. Recarga para ver sus cambios antes de guardar los tuyos.',
  STORE_NOT_FOUND: 'Tienda no encontrada',
};

/** The user messages of the catalogue in es, en and pt (one per error code, whose key it is). */
export const CATALOG_MESSAGES: ServerMessages<keyof typeof es> = {
  es,
  en: {
    CATALOG_INVALID: 'Not saved: the catalogue does not accept this change. Fix the problems listed.',
    STALE_CATALOG:
      'Another user changed this catalogue item while you were editing it. Reload to see their changes before saving yours.',
    STORE_NOT_FOUND: 'Store not found',
  },
  pt: {
    CATALOG_INVALID: 'Não foi guardado: o catálogo não aceita esta alteração. Corrija os problemas indicados.',
    STALE_CATALOG:
      'Outro utilizador alterou este elemento do catálogo enquanto o editava. Recarregue para ver as alterações antes de guardar as suas.',
    STORE_NOT_FOUND: 'Loja não encontrada',
  },
};

declare module '../../shared/app-error.js' {
  interface ModuleErrorCodes {
    catalog: typeof CATALOG_ERRORS;
  }
}
declare module '../../i18n/server-messages.js' {
  interface ModuleMessageKeys {
    catalog: keyof typeof es;
  }
}
