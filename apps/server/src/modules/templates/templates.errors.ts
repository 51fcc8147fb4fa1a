import type { ErrorTable } from '../../shared/app-error.js';
import type { ServerMessages } from '../../i18n/server-messages.js';

/** The error codes of templates and incidences and the HTTP status each answers (docs/architecture.md, "Errors and messages"). */
export const TEMPLATES_ERRORS = {
  TEMPLATE_EXISTS: 409,
  INCIDENCE_NOT_OPEN: 409,
} as const satisfies ErrorTable;

const es = {
  TEMPLATE_EXISTS: 'Ya existe una plantilla con ese id en ese idioma.',
  INCIDENCE_NOT_OPEN: 'Este trámite no tiene ninguna incidencia pendiente de respuesta.',
  'incidence.message_required': 'Escribe tu respuesta o adjunta algún archivo',
  'template.name_required': 'Escribe el nombre de la plantilla',
  'template.body_required': 'Escribe el texto de la plantilla',
};

/** The user messages of templates and incidences in es, en and pt (one per error code, whose key it is). */
export const TEMPLATES_MESSAGES: ServerMessages<keyof typeof es> = {
  es,
  en: {
    TEMPLATE_EXISTS: 'A template with that id already exists in that language.',
    INCIDENCE_NOT_OPEN: 'This service has no issue waiting for your answer.',
    'incidence.message_required': 'Write your answer or attach a file',
    'template.name_required': 'Write the name of the template',
    'template.body_required': 'Write the text of the template',
  },
  pt: {
    TEMPLATE_EXISTS: 'Já existe um modelo com esse id nesse idioma.',
    INCIDENCE_NOT_OPEN: 'Este serviço não tem nenhuma incidência à espera de resposta.',
    'incidence.message_required': 'Escreva a sua resposta ou anexe um ficheiro',
    'template.name_required': 'Escreva o nome do modelo',
    'template.body_required': 'Escreva o texto do modelo',
  },
};

declare module '../../shared/app-error.js' {
  interface ModuleErrorCodes {
    templates: typeof TEMPLATES_ERRORS;
  }
}
declare module '../../i18n/server-messages.js' {
  interface ModuleMessageKeys {
    templates: keyof typeof es;
  }
}
