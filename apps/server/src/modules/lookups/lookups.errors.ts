import type { ServerMessages } from '../../i18n/server-messages.js';

const es = {
  CADASTRAL_REFERENCE_INVALID:
    'La referencia catastral no es válida: tiene 20 caracteres (14 de la finca, 4 del inmueble y 2 letras de control) o 14 de la finca.',
  LOOKUP_UNAVAILABLE:
    'No hemos podido hacer la consulta ahora mismo. Inténtalo de nuevo en unos minutos o escribe los datos a mano.',
};

/** The user messages of the lookups in es, en and pt. */
export const LOOKUPS_MESSAGES: ServerMessages<keyof typeof es> = {
  es,
  en: {
    CADASTRAL_REFERENCE_INVALID:
      'The cadastral reference is not valid: it has 20 characters (14 for the parcel, 4 for the unit and 2 check letters) or 14 for the parcel.',
    LOOKUP_UNAVAILABLE: 'We could not look this up right now. Try again in a few minutes or type the details yourself.',
  },
  pt: {
    CADASTRAL_REFERENCE_INVALID:
      'A referência cadastral não é válida: tem 20 caracteres (14 da parcela, 4 do imóvel e 2 letras de controlo) ou 14 da parcela.',
    LOOKUP_UNAVAILABLE:
      'Não foi possível fazer a consulta agora. Tente de novo dentro de alguns minutos ou escreva os dados à mão.',
  },
};

declare module '../../i18n/server-messages.js' {
  interface ModuleMessageKeys {
    lookups: keyof typeof es;
  }
}
