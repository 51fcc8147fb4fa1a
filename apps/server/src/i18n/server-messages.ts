import '@ventanilla/domain/icu';
import type { Language } from '@ventanilla/domain';
import { formatMessage } from '@ventanilla/domain';

/**
 * A catalogue of user-facing texts of the API (error messages, field errors): every key in Spanish, English and
 * Portuguese. The shared one is below; each module declares its own in its `<name>.errors.ts` and lists it in its
 * ServerModule's `messages` (docs/architecture.md, "Errors and messages").
 */
export type ServerMessages<Key extends string> = Readonly<Record<Language, Readonly<Record<Key, string>>>>;

/**
 * The texts of the shared error codes (HTTP itself, sessions, validation, the database) and of the fields any module
 * refuses. The Spanish texts that the spec gives are used word for word (document 2, section 8; lookups "Registro no
 * encontrado").
 */
const es = {
  BAD_REQUEST: 'Solicitud incorrecta. Por favor, verifica los datos enviados.',
  UNAUTHENTICATED: 'No autorizado. Por favor, inicia sesión nuevamente.',
  FORBIDDEN: 'Acceso denegado. No tienes permisos para realizar esta acción.',
  NOT_FOUND: 'Registro no encontrado',
  ROUTE_NOT_FOUND: 'Recurso no encontrado. El endpoint solicitado no existe.',
  INTERNAL: 'Error interno del servidor. Por favor, inténtalo de nuevo más tarde.',
  UNAVAILABLE: 'Servicio no disponible. El servidor está temporalmente fuera de servicio.',
  DATABASE_UNAVAILABLE:
    'Servicio no disponible momentáneamente. Estamos recuperando la conexión; inténtalo de nuevo en unos segundos.',
  CSRF_INVALID: 'La sesión ha caducado o la solicitud no es válida. Recarga la página e inténtalo de nuevo.',
  TOO_MANY_ATTEMPTS: 'Demasiados intentos fallidos. Espera unos minutos antes de volver a intentarlo.',
  FILE_TOO_LARGE: 'El archivo es demasiado grande (máximo {max} MB).',
  'field.required': 'Por favor, escribe el dato',
  'field.too_long': 'El texto es demasiado largo (máximo {max} caracteres)',
  'field.invalid': 'El valor no es válido',
  'field.invalid_characters': 'El dato contiene caracteres no válidos',
  VERSION_CONFLICT:
    'El pedido ha cambiado desde que lo abriste. Se ha recargado con los últimos cambios: revisa y vuelve a intentarlo.',
  IMPERSONATION_READ_ONLY:
    'Estás viendo la tienda como el cliente: no puedes hacer cambios en su cuenta. Vuelve al back office para terminar.',
  REQUEST_TOO_LARGE: 'La solicitud es demasiado grande.',
  URI_TOO_LONG: 'La dirección solicitada es demasiado larga.',
  UNSUPPORTED_MEDIA_TYPE: 'El formato de los datos enviados no se admite.',
} as const;

/** A key of the shared catalogue: any part of the app may show it. */
export type SharedMessageKey = keyof typeof es;

const en: Record<SharedMessageKey, string> = {
  BAD_REQUEST: 'Bad request. Please check the data you sent.',
  UNAUTHENTICATED: 'Not authorised. Please sign in again.',
  FORBIDDEN: 'Access denied. You do not have permission to do this.',
  NOT_FOUND: 'Record not found',
  ROUTE_NOT_FOUND: 'Resource not found. The requested endpoint does not exist.',
  INTERNAL: 'Internal server error. Please try again later.',
  UNAVAILABLE: 'Service unavailable. The server is temporarily out of service.',
  DATABASE_UNAVAILABLE:
    'Service briefly unavailable. We are restoring the connection; please try again in a few seconds.',
  CSRF_INVALID: 'Your session has expired or the request is not valid. Reload the page and try again.',
  TOO_MANY_ATTEMPTS: 'Too many failed attempts. Wait a few minutes before trying again.',
  FILE_TOO_LARGE: 'The file is too large (at most {max} MB).',
  'field.required': 'Please enter this information',
  'field.too_long': 'The text is too long (at most {max} characters)',
  'field.invalid': 'The value is not valid',
  'field.invalid_characters': 'This contains characters that are not allowed',
  VERSION_CONFLICT:
    'The order has changed since you opened it. It has been reloaded with the latest changes: check it and try again.',
  IMPERSONATION_READ_ONLY:
    'You are viewing the shop as the customer: you cannot change their account. Go back to the back office to finish.',
  REQUEST_TOO_LARGE: 'The request is too large.',
  URI_TOO_LONG: 'The requested address is too long.',
  UNSUPPORTED_MEDIA_TYPE: 'The format of the data sent is not supported.',
};

const pt: Record<SharedMessageKey, string> = {
  BAD_REQUEST: 'Pedido incorreto. Por favor, verifique os dados enviados.',
  UNAUTHENTICATED: 'Não autorizado. Por favor, inicie sessão novamente.',
  FORBIDDEN: 'Acesso negado. Não tem permissões para realizar esta ação.',
  NOT_FOUND: 'Registo não encontrado',
  ROUTE_NOT_FOUND: 'Recurso não encontrado. O endpoint pedido não existe.',
  INTERNAL: 'Erro interno do servidor. Por favor, tente novamente mais tarde.',
  UNAVAILABLE: 'Serviço indisponível. O servidor está temporariamente fora de serviço.',
  DATABASE_UNAVAILABLE:
    'Serviço momentaneamente indisponível. Estamos a recuperar a ligação; tente novamente dentro de alguns segundos.',
  CSRF_INVALID: 'A sessão expirou ou o pedido não é válido. Recarregue a página e tente novamente.',
  TOO_MANY_ATTEMPTS: 'Demasiadas tentativas falhadas. Aguarde alguns minutos antes de tentar novamente.',
  FILE_TOO_LARGE: 'O ficheiro é demasiado grande (máximo {max} MB).',
  'field.required': 'Por favor, escreva o dado',
  'field.too_long': 'O texto é demasiado longo (máximo {max} caracteres)',
  'field.invalid': 'O valor não é válido',
  'field.invalid_characters': 'O dado contém caracteres que não são válidos',
  VERSION_CONFLICT:
    'A encomenda mudou desde que a abriu. Foi recarregada com as últimas alterações: verifique e tente novamente.',
  IMPERSONATION_READ_ONLY:
    'Está a ver a loja como o cliente: não pode alterar a conta dele. Volte ao back office para terminar.',
  REQUEST_TOO_LARGE: 'O pedido é demasiado grande.',
  URI_TOO_LONG: 'O endereço pedido é demasiado longo.',
  UNSUPPORTED_MEDIA_TYPE: 'O formato dos dados enviados não é suportado.',
};

/** The shared catalogue (the error registry adds the modules' to it). */
export const SHARED_MESSAGES: ServerMessages<SharedMessageKey> = { es, en, pt };

/**
 * The modules' message keys, by module: each module augments this interface with its catalogue's keys in its
 * `<name>.errors.ts` (`interface ModuleMessageKeys { cart: keyof typeof es }`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' declaration merging
export interface ModuleMessageKeys {}

/** The key of a user message: a shared one or a module's. */
export type ServerMessageKey = SharedMessageKey | ModuleMessageKeys[keyof ModuleMessageKeys];

/**
 * Renders a shared message in a language, filling {placeholders}. A module's messages are read through the app's
 * error registry (`app.errorRegistry.message`), which knows every module's catalogue.
 */
export function serverMessage(
  language: Language,
  key: SharedMessageKey,
  params?: Record<string, string | number>,
): string {
  return formatMessage(language, SHARED_MESSAGES[language][key], params);
}
