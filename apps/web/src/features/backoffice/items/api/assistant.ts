import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { assistantErrorText, SseReader, type AssistantFailure, type Language } from '@ventanilla/domain';
import { api, csrfHeaders } from '../../../../shared/lib/api-client';
import { queryKeys } from '../../../../shared/lib/query-keys';
import { backofficeKeys } from '../../shared';

export const assistantKeys = {
  status: (itemId: string) => [...queryKeys.backoffice, 'assistant', itemId] as const,
};

/** GET .../assistant: whether a model is configured and whether the assistant is off for this item. */
export function useAssistantStatus(itemId: string) {
  return useQuery({
    queryKey: assistantKeys.status(itemId),
    queryFn: ({ signal }) =>
      api.GET('/api/backoffice/items/{itemId}/assistant', { params: { path: { itemId } }, signal }),
  });
}

/** PUT .../assistant: the spec's disablePedidoIA (and turning it back on). */
export function useSetAssistantDisabled(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (disabled: boolean) =>
      api.PUT('/api/backoffice/items/{itemId}/assistant', { params: { path: { itemId } }, body: { disabled } }),
    onSuccess: (status) => {
      queryClient.setQueryData(assistantKeys.status(itemId), status);
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.item(itemId) });
    },
  });
}

/** POST .../assistant/pdf: generatePdfFromMarkdown, attached to the item (its files list is reloaded). */
export function useAttachPdf(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { content: string; version: string }) =>
      api.POST('/api/backoffice/items/{itemId}/assistant/pdf', { params: { path: { itemId } }, body: input }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: backofficeKeys.item(itemId) });
    },
  });
}

export type DraftKind = 'document' | 'agent' | 'pildora';

/** How a streamed draft ended. `message`: the server's own words beside the spec's text (a 409's reason). */
export type DraftResult =
  { kind: 'done'; truncated: boolean } | { kind: 'cancelled' } | { kind: 'failed'; text: string; detail?: string };

/**
 * Streams a draft (generateTogaDocument, togaBotAgent, generaPildoraIA): POSTs the request and reads the server-sent
 * events `start`, `data` (each piece goes to `onContent`), `end` and `error` as they arrive. Every failure becomes the
 * spec's text in the screen's language: the HTTP status of a refusal, a network error, the model's error event.
 */
export async function streamDraft(
  itemId: string,
  kind: DraftKind,
  body: { query?: string; fileId?: number },
  options: { signal: AbortSignal; language: Language; onContent: (text: string) => void },
): Promise<DraftResult> {
  const failed = (failure: AssistantFailure, detail?: string): DraftResult => ({
    kind: 'failed',
    text: assistantErrorText(options.language, failure),
    ...(detail ? { detail } : {}),
  });
  let response: Response;
  try {
    response = await fetch(`/api/backoffice/items/${encodeURIComponent(itemId)}/assistant/${kind}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...csrfHeaders() },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch {
    return options.signal.aborted ? { kind: 'cancelled' } : failed({ kind: 'network' });
  }
  if (!response.ok) {
    let detail: string | undefined;
    try {
      detail = ((await response.json()) as { message?: string }).message;
    } catch {
      // Not JSON (a proxy's page): the status says enough.
    }
    return failed({ kind: 'http', status: response.status }, detail);
  }
  if (!response.body) return failed({ kind: 'stream' });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const sse = new SseReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return failed({ kind: 'stream' });
      for (const event of sse.feed(value)) {
        const data = JSON.parse(event.data) as {
          content?: string;
          message?: string;
          kind?: AssistantFailure['kind'];
          status?: number;
        };
        if (event.event === 'data' && typeof data.content === 'string') options.onContent(data.content);
        else if (event.event === 'end') return { kind: 'done', truncated: data.message === 'truncated' };
        else if (event.event === 'error') {
          const failure: AssistantFailure =
            data.kind === 'http' && typeof data.status === 'number'
              ? { kind: 'http', status: data.status }
              : data.kind === 'network' || data.kind === 'timeout'
                ? { kind: data.kind }
                : { kind: 'stream' };
          return failed(failure);
        }
      }
    }
  } catch {
    return options.signal.aborted ? { kind: 'cancelled' } : failed({ kind: 'stream' });
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
