import { describe, expect, it } from 'vitest';
import { readChatChunk, SseReader, type SseEvent } from './chat-stream.js';

const STREAM =
  'event: start\ndata: {}\n\n' +
  ': a comment\r\n' +
  'data: {"choices":[{"delta":{"content":"Hola"}}]}\r\n\r\n' +
  'event: data\ndata: line one\ndata: line two\n\n' +
  'data: [DONE]\n\n';

describe('SseReader', () => {
  it('reads the same events however the text is cut (every split point)', () => {
    const whole = new SseReader().feed(STREAM);
    expect(whole).toEqual<SseEvent[]>([
      { event: 'start', data: '{}' },
      { event: 'message', data: '{"choices":[{"delta":{"content":"Hola"}}]}' },
      { event: 'data', data: 'line one\nline two' },
      { event: 'message', data: '[DONE]' },
    ]);
    for (let cut = 1; cut < STREAM.length; cut++) {
      const reader = new SseReader();
      const events = [...reader.feed(STREAM.slice(0, cut)), ...reader.feed(STREAM.slice(cut))];
      expect(events, `cut at ${cut}`).toEqual(whole);
    }
  });

  it('one character at a time', () => {
    const reader = new SseReader();
    const events = [...STREAM].flatMap((c) => reader.feed(c));
    expect(events).toHaveLength(4);
  });

  it('an event without its blank line is not emitted yet; pending counts the held text', () => {
    const reader = new SseReader();
    expect(reader.feed('data: half')).toEqual([]);
    expect(reader.pending).toBe(10);
    expect(reader.feed('\n')).toEqual([]);
    expect(reader.feed('\n')).toEqual([{ event: 'message', data: 'half' }]);
  });
});

describe('readChatChunk (OpenAI-compatible chat-completions stream)', () => {
  it.each<[string, ReturnType<typeof readChatChunk>]>([
    ['{"choices":[{"delta":{"content":"Hola"}}]}', { kind: 'content', text: 'Hola' }],
    ['{"choices":[{"delta":{"role":"assistant"}}]}', { kind: 'content', text: '' }],
    ['{"choices":[{"delta":{},"finish_reason":"stop"}]}', { kind: 'content', text: '' }],
    ['{"choices":[]}', { kind: 'content', text: '' }],
    ['{"choices":[{"delta":{"content":"a"}},{"delta":{"content":"b"}}]}', { kind: 'content', text: 'ab' }],
    ['{"choices":[{"delta":{"content":5}}]}', { kind: 'content', text: '' }],
    ['[DONE]', { kind: 'done' }],
    [' [DONE] ', { kind: 'done' }],
    ['{"error":{"message":"overloaded"}}', { kind: 'invalid' }],
    ['not json', { kind: 'invalid' }],
    ['null', { kind: 'invalid' }],
    ['{"choices":"x"}', { kind: 'invalid' }],
    ['[1,2]', { kind: 'invalid' }],
  ])('%s', (data, expected) => {
    expect(readChatChunk(data)).toEqual(expected);
  });
});
