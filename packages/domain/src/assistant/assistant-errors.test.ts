import { describe, expect, it } from 'vitest';
import type { Language } from '../stores/stores.js';
import { assistantErrorText, type AssistantFailure } from './assistant-errors.js';

describe('assistantErrorText: the spec\'s "Document streaming" texts (es word for word), en and pt', () => {
  it.each<[AssistantFailure, string]>([
    [{ kind: 'http', status: 400 }, 'Solicitud incorrecta. Por favor, verifica los datos enviados.'],
    [{ kind: 'http', status: 401 }, 'No autorizado. Por favor, inicia sesión nuevamente.'],
    [{ kind: 'http', status: 403 }, 'Acceso denegado. No tienes permisos para realizar esta acción.'],
    [{ kind: 'http', status: 404 }, 'Recurso no encontrado. El endpoint solicitado no existe.'],
    [{ kind: 'http', status: 500 }, 'Error interno del servidor. Por favor, inténtalo de nuevo más tarde.'],
    [{ kind: 'http', status: 503 }, 'Servicio no disponible. El servidor está temporalmente fuera de servicio.'],
    [{ kind: 'http', status: 502 }, 'Error en la solicitud HTTP: 502'],
    [{ kind: 'http', status: 429 }, 'Error en la solicitud HTTP: 429'],
    [{ kind: 'http', status: 418 }, 'Error en la solicitud HTTP: 418'],
    [{ kind: 'http', status: 504 }, 'Error en la solicitud HTTP: 504'],
    [{ kind: 'network' }, 'Error de conexión. Por favor, verifica tu conexión a internet y vuelve a intentarlo.'],
    [{ kind: 'timeout' }, 'La solicitud ha excedido el tiempo de espera. Por favor, inténtalo de nuevo más tarde.'],
    [{ kind: 'stream' }, 'Error generando el documento'],
    [{ kind: 'pdf' }, 'Error generando el PDF'],
  ])('es %j -> %s', (failure, text) => {
    expect(assistantErrorText('es', failure)).toBe(text);
  });

  it.each<[Language, AssistantFailure, string]>([
    ['en', { kind: 'http', status: 401 }, 'Not authorised. Please sign in again.'],
    ['en', { kind: 'http', status: 502 }, 'HTTP request error: 502'],
    ['en', { kind: 'timeout' }, 'The request took too long. Please try again later.'],
    ['en', { kind: 'pdf' }, 'Error generating the PDF'],
    ['pt', { kind: 'http', status: 503 }, 'Serviço indisponível. O servidor está temporariamente fora de serviço.'],
    ['pt', { kind: 'http', status: 422 }, 'Erro no pedido HTTP: 422'],
    ['pt', { kind: 'stream' }, 'Erro ao gerar o documento'],
    ['pt', { kind: 'network' }, 'Erro de ligação. Por favor, verifique a sua ligação à internet e tente novamente.'],
  ])('%s %j -> %s', (language, failure, text) => {
    expect(assistantErrorText(language, failure)).toBe(text);
  });

  it('every failure has a text in every language, never a placeholder left', () => {
    const failures: AssistantFailure[] = [
      ...[400, 401, 403, 404, 500, 503, 599].map((status) => ({ kind: 'http' as const, status })),
      { kind: 'network' },
      { kind: 'timeout' },
      { kind: 'stream' },
      { kind: 'pdf' },
    ];
    for (const language of ['es', 'en', 'pt'] as const) {
      for (const failure of failures) {
        const text = assistantErrorText(language, failure);
        expect(text.length).toBeGreaterThan(5);
        expect(text).not.toContain('{');
      }
    }
  });
});
