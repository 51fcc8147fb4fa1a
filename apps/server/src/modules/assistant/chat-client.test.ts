import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeChatServer, type FakeChatServer } from '../../../test/support/fake-chat-server.js';
import type { AssistantConfig } from '../../config/assistant-config.js';
import { streamChat } from './chat-client.js';

// The model's stream, against a local OpenAI-compatible test server: chunked and split mid-event, slow, failing with
// HTTP statuses, cut off, never answering (timeouts), garbage, too long (truncated), cancelled (upstream aborted).

let fake: FakeChatServer;
beforeAll(async () => {
  fake = await startFakeChatServer();
});
afterAll(async () => fake?.close());

function config(overrides: Partial<AssistantConfig> = {}): AssistantConfig & { apiUrl: string } {
  return {
    apiUrl: fake.url,
    apiKey: 'test-key',
    model: 'test-model',
    timeoutMs: 2_000,
    maxDurationMs: 10_000,
    maxOutputChars: 10_000,
    maxTokens: 512,
    maxConcurrent: 4,
    ...overrides,
  } as AssistantConfig & { apiUrl: string };
}

async function run(overrides: Partial<AssistantConfig> = {}, signal = new AbortController().signal) {
  const pieces: string[] = [];
  const outcome = await streamChat(config(overrides), [{ role: 'user', content: 'hola' }], {
    signal,
    onText: (t) => pieces.push(t),
  });
  return { outcome, text: pieces.join(''), pieces };
}

describe('streamChat', () => {
  it('streams every piece (events split mid-JSON too) and ends at [DONE]; sends model, stream, max_tokens, key', async () => {
    fake.scenario = { type: 'stream', chunks: ['# Tí', 'tulo\n\n', 'Señor ', 'Núñez: ação €'], split: true };
    const { outcome, text, pieces } = await run();
    expect(outcome).toEqual({ kind: 'done', chars: text.length });
    expect(text).toBe('# Título\n\nSeñor Núñez: ação €');
    expect(pieces.length).toBe(4);
    const seen = fake.requests.at(-1)!;
    expect(seen.body).toMatchObject({ model: 'test-model', stream: true, max_tokens: 512 });
    expect(seen.body.messages).toEqual([{ role: 'user', content: 'hola' }]);
    expect(seen.authorization).toBe('Bearer test-key');
  });

  it('a slow stream within the idle timeout completes', async () => {
    fake.scenario = { type: 'stream', chunks: ['a', 'b', 'c'], delayMs: 150 };
    const { outcome, text } = await run({ timeoutMs: 1_000 });
    expect(outcome.kind).toBe('done');
    expect(text).toBe('abc');
  });

  it.each([400, 401, 403, 404, 429, 500, 502, 503])(
    'HTTP %s from the model -> failed http with that status',
    async (status) => {
      fake.scenario = { type: 'status', status };
      const { outcome, text } = await run();
      expect(outcome).toMatchObject({ kind: 'failed', failure: { kind: 'http', status } });
      expect(text).toBe('');
    },
  );

  it('no server listening -> network', async () => {
    const { outcome } = await run({ apiUrl: 'http://127.0.0.1:9/v1' });
    expect(outcome).toMatchObject({ kind: 'failed', failure: { kind: 'network' } });
  });

  it('never answering -> timeout after timeoutMs (and the upstream request is closed)', async () => {
    fake.scenario = { type: 'hang' };
    const started = Date.now();
    const { outcome } = await run({ timeoutMs: 300 });
    expect(outcome).toMatchObject({ kind: 'failed', failure: { kind: 'timeout' } });
    expect(Date.now() - started).toBeLessThan(3_000);
    const seen = fake.requests.at(-1)!;
    await seen.finished;
    expect(seen.clientClosed).toBe(true);
  });

  it('silent mid-stream -> timeout, with the text so far delivered', async () => {
    fake.scenario = { type: 'hang', chunks: ['Primera parte'] };
    const { outcome, text } = await run({ timeoutMs: 300 });
    expect(outcome).toMatchObject({ kind: 'failed', failure: { kind: 'timeout' } });
    expect(text).toBe('Primera parte');
  });

  it('a steady trickle past maxDurationMs -> timeout', async () => {
    fake.scenario = { type: 'stream', chunks: Array.from({ length: 40 }, () => 'x'), delayMs: 50 };
    const { outcome } = await run({ timeoutMs: 1_000, maxDurationMs: 1_000 });
    expect(outcome).toMatchObject({ kind: 'failed', failure: { kind: 'timeout' } });
  });

  it('cut off mid-stream (connection destroyed) -> stream error, text so far delivered', async () => {
    fake.scenario = { type: 'cutoff', chunks: ['Hola ', 'mun'] };
    const { outcome, text } = await run();
    expect(outcome).toMatchObject({ kind: 'failed', failure: { kind: 'stream' } });
    expect(text).toBe('Hola mun');
  });

  it('ended without [DONE] -> stream error', async () => {
    fake.scenario = { type: 'stream', chunks: ['Hola'], done: false };
    const { outcome } = await run();
    expect(outcome).toMatchObject({ kind: 'failed', failure: { kind: 'stream' } });
  });

  it('events that are not chat chunks -> stream error', async () => {
    fake.scenario = { type: 'garbage' };
    const { outcome } = await run();
    expect(outcome).toMatchObject({ kind: 'failed', failure: { kind: 'stream' } });
  });

  it('bounded output: stops at maxOutputChars, truncated, upstream closed', async () => {
    fake.scenario = { type: 'stream', chunks: Array.from({ length: 50 }, () => '0123456789'), delayMs: 5 };
    const { outcome, text } = await run({ maxOutputChars: 125 });
    expect(outcome).toEqual({ kind: 'truncated', chars: 125 });
    expect(text).toHaveLength(125);
    const seen = fake.requests.at(-1)!;
    await seen.finished;
    expect(seen.clientClosed).toBe(true);
  });

  it('cancelled by the caller mid-stream -> cancelled, and the model request is aborted at once', async () => {
    fake.scenario = { type: 'stream', chunks: Array.from({ length: 100 }, () => 'palabra '), delayMs: 30 };
    const controller = new AbortController();
    const pieces: string[] = [];
    const outcome = await streamChat(config(), [{ role: 'user', content: 'x' }], {
      signal: controller.signal,
      onText: (t) => {
        pieces.push(t);
        if (pieces.length === 3) controller.abort();
      },
    });
    expect(outcome.kind).toBe('cancelled');
    const seen = fake.requests.at(-1)!;
    await seen.finished;
    expect(seen.clientClosed).toBe(true);
    expect(pieces.length).toBeLessThan(10);
  });

  it('cancelled before the model answers -> cancelled, not a network error', async () => {
    fake.scenario = { type: 'hang' };
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const { outcome } = await run({ timeoutMs: 5_000 }, controller.signal);
    expect(outcome.kind).toBe('cancelled');
  });
});
