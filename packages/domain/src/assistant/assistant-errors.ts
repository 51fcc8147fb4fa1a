import type { Language } from '../stores/stores.js';

/**
 * Why a streamed draft (generateTogaDocument, togaBotAgent, generaPildoraIA) or a PDF failed, as the screens tell it
 * (spec, document 2 section 8, "Document streaming"): an HTTP status, no connection, a timeout, or the stream itself.
 */
export type AssistantFailure =
  { kind: 'http'; status: number } | { kind: 'network' } | { kind: 'timeout' } | { kind: 'stream' } | { kind: 'pdf' };

type MessageKey = 400 | 401 | 403 | 404 | 500 | 503 | 'other' | 'network' | 'timeout' | 'stream' | 'pdf';

/** The spec's Spanish texts word for word; en and pt beside them. `{status}` is the HTTP status. */
const TEXTS: Record<Language, Record<MessageKey, string>> = {
  es: {
    400: 'Solicitud incorrecta. Por favor, verifica los datos enviados.',
    401: 'No autorizado. Por favor, inicia sesión nuevamente.',
    403: 'Acceso denegado. No tienes permisos para realizar esta acción.',
    404: 'Recurso no encontrado. El endpoint solicitado no existe.',
    500: 'Error interno del servidor. Por favor, inténtalo de nuevo más tarde.',
    503: 'Servicio no disponible. El servidor está temporalmente fuera de servicio.',
    other: 'Error en la solicitud HTTP: {status}',
    network: 'Error de conexión. Por favor, verifica tu conexión a internet y vuelve a intentarlo.',
    timeout: 'La solicitud ha excedido el tiempo de espera. Por favor, inténtalo de nuevo más tarde.',
    stream: 'Error generando el documento',
    pdf: 'Error generando el PDF',
  },
  en: {
    400: 'Bad request. Please check the data you sent.',
    401: 'Not authorised. Please sign in again.',
    403: 'Access denied. You do not have permission to do this.',
    404: 'Resource not found. The requested endpoint does not exist.',
    500: 'Internal server error. Please try again later.',
    503: 'Service unavailable. The server is temporarily out of service.',
    other: 'HTTP request error: {status}',
    network: 'Connection error. Please check your internet connection and try again.',
    timeout: 'The request took too long. Please try again later.',
    stream: 'Error generating the document',
    pdf: 'Error generating the PDF',
  },
  pt: {
    400: 'Pedido incorreto. Por favor, verifique os dados enviados.',
    401: 'Não autorizado. Por favor, inicie sessão novamente.',
    403: 'Acesso negado. Não tem permissões para realizar esta ação.',
    404: 'Recurso não encontrado. O endpoint solicitado não existe.',
    500: 'Erro interno do servidor. Por favor, tente novamente mais tarde.',
    503: 'Serviço indisponível. O servidor está temporariamente fora de serviço.',
    other: 'Erro no pedido HTTP: {status}',
    network: 'Erro de ligação. Por favor, verifique a sua ligação à internet e tente novamente.',
    timeout: 'O pedido excedeu o tempo de espera. Por favor, tente novamente mais tarde.',
    stream: 'Erro ao gerar o documento',
    pdf: 'Erro ao gerar o PDF',
  },
};

const NAMED_STATUSES = new Set([400, 401, 403, 404, 500, 503]);

/** The text a screen shows for a failed draft or PDF, in the given language. */
export function assistantErrorText(language: Language, failure: AssistantFailure): string {
  const texts = TEXTS[language];
  if (failure.kind !== 'http') return texts[failure.kind];
  const status = failure.status;
  if (NAMED_STATUSES.has(status)) return texts[status as 400 | 401 | 403 | 404 | 500 | 503];
  return texts.other.replace('{status}', String(status));
}

/** The most characters of markdown turned into a PDF, and of an instruction to the assistant. */
export const ASSISTANT_MARKDOWN_MAX = 200_000;
export const ASSISTANT_QUERY_MAX = 4_000;
/** How deep lists and quotes may nest in markdown turned into a PDF (deeper: refused as bad input). */
export const ASSISTANT_MARKDOWN_MAX_DEPTH = 8;
