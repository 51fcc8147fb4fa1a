import { readChatChunk, SseReader, type AssistantFailure } from '@ventanilla/domain';
import type { AssistantConfig } from '../../config/assistant-config.js';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** How a draft ended: complete, stopped at the size bound, cancelled by the agent, or failed (and why). */
export type ChatOutcome =
  | { kind: 'done'; chars: number }
  | { kind: 'truncated'; chars: number }
  | { kind: 'cancelled'; chars: number }
  | { kind: 'failed'; failure: Exclude<AssistantFailure, { kind: 'pdf' }>; chars: number; detail: string };

export type ChatFetch = (url: string, init: RequestInit) => Promise<Response>;

/** A line longer than this without a newline is not an event stream: the draft fails instead of buffering it. */
const MAX_PENDING_CHARS = 1024 * 1024;

/**
 * Streams one chat completion from an OpenAI-compatible endpoint (`POST {apiUrl}/chat/completions`, `stream: true`)
 * and hands each piece of text to `onText` as it arrives. Bounded: no answer (first byte or next piece) within
 * `timeoutMs`, or the whole draft beyond `maxDurationMs`, is a timeout; text beyond `maxOutputChars` stops the model.
 * Aborting `signal` (the agent closed the page or pressed cancel) aborts the upstream request at once.
 */
export async function streamChat(
  config: AssistantConfig & { apiUrl: string },
  messages: ChatMessage[],
  options: { signal: AbortSignal; onText: (text: string) => void; fetch?: ChatFetch },
): Promise<ChatOutcome> {
  const upstream = new AbortController();
  let timedOut = false;
  let chars = 0;
  const timeout = () => {
    timedOut = true;
    upstream.abort();
  };
  let idle = setTimeout(timeout, config.timeoutMs);
  const total = setTimeout(timeout, config.maxDurationMs);
  const onCancel = () => upstream.abort();
  if (options.signal.aborted) upstream.abort();
  else options.signal.addEventListener('abort', onCancel, { once: true });
  const stopped = (detail: string, error?: unknown): ChatOutcome => {
    if (options.signal.aborted) return { kind: 'cancelled', chars };
    if (timedOut) return { kind: 'failed', failure: { kind: 'timeout' }, chars, detail: 'timeout' };
    const reason = error instanceof Error ? `${detail}: ${error.message}` : detail;
    return { kind: 'failed', failure: { kind: detail === 'connect' ? 'network' : 'stream' }, chars, detail: reason };
  };
  try {
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(`${config.apiUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: config.model, stream: true, max_tokens: config.maxTokens, messages }),
        signal: upstream.signal,
      });
    } catch (error) {
      return stopped('connect', error);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      if (options.signal.aborted) return { kind: 'cancelled', chars };
      return {
        kind: 'failed',
        failure: { kind: 'http', status: response.status },
        chars,
        detail: `model answered HTTP ${response.status}`,
      };
    }
    if (!response.body) return stopped('empty body');
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const sse = new SseReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return stopped('stream ended before [DONE]');
        clearTimeout(idle);
        idle = setTimeout(timeout, config.timeoutMs);
        for (const event of sse.feed(value)) {
          const chunk = readChatChunk(event.data);
          if (chunk.kind === 'done') return { kind: 'done', chars };
          if (chunk.kind === 'invalid') return stopped(`invalid chunk ${event.data.slice(0, 200)}`);
          if (!chunk.text) continue;
          const room = config.maxOutputChars - chars;
          const text = chunk.text.length > room ? chunk.text.slice(0, room) : chunk.text;
          chars += text.length;
          if (text) options.onText(text);
          if (chunk.text.length >= room) return { kind: 'truncated', chars };
        }
        if (sse.pending > MAX_PENDING_CHARS) return stopped('line too long');
      }
    } catch (error) {
      return stopped('read', error);
    } finally {
      // Whatever ended the draft, the model stops generating: the connection is closed.
      upstream.abort();
      await reader.cancel().catch(() => undefined);
    }
  } finally {
    clearTimeout(idle);
    clearTimeout(total);
    options.signal.removeEventListener('abort', onCancel);
  }
}
