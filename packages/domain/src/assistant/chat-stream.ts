/** One server-sent event: its `event:` name ("message" when none) and its `data:` lines joined by newlines. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * An incremental reader of a text/event-stream (WHATWG "server-sent events"): feed it the text as it arrives, in
 * pieces cut anywhere (mid-line, mid-CRLF), and it returns the events completed so far. Comments (":") and fields
 * other than event/data are skipped. Used for the model's stream on the server and the server's stream in the browser.
 */
export class SseReader {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  /** Characters held while waiting for the end of a line (a stream without newlines must not grow it forever). */
  get pending(): number {
    return this.buffer.length;
  }

  feed(text: string): SseEvent[] {
    this.buffer += text;
    const out: SseEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      // A lone "\r" at the very end may be the first half of "\r\n": wait for the next piece.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      if (line === '') {
        if (this.data.length > 0) out.push({ event: this.event || 'message', data: this.data.join('\n') });
        this.event = '';
        this.data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'event') this.event = value;
      else if (field === 'data') this.data.push(value);
    }
    return out;
  }
}

/** What one `data:` line of an OpenAI-compatible chat-completions stream says. */
export type ChatChunk = { kind: 'content'; text: string } | { kind: 'done' } | { kind: 'invalid' };

/**
 * Reads one event of a chat-completions stream (`stream: true`): `{"choices":[{"delta":{"content":"..."}}]}` gives
 * its text (empty for role-only or finish chunks), `[DONE]` ends it; anything else (not JSON, an `error` object) is
 * invalid, which ends the draft with the stream error.
 */
export function readChatChunk(data: string): ChatChunk {
  if (data.trim() === '[DONE]') return { kind: 'done' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return { kind: 'invalid' };
  }
  if (typeof parsed !== 'object' || parsed === null || 'error' in parsed) return { kind: 'invalid' };
  const choices = (parsed as { choices?: unknown }).choices;
  if (!Array.isArray(choices)) return { kind: 'invalid' };
  let text = '';
  for (const choice of choices) {
    const content = (choice as { delta?: { content?: unknown } } | null)?.delta?.content;
    if (typeof content === 'string') text += content;
  }
  return { kind: 'content', text };
}
