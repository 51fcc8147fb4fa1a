// A local stand-in for an OpenAI-compatible chat-completions endpoint (llama.cpp, vLLM, Ollama speak the same):
// `POST /v1/chat/completions` with `stream: true` answers `data: {"choices":[{"delta":{"content":...}}]}` events and
// `data: [DONE]`, in chunks, slowly if asked. Scenarios make it fail: an HTTP status, a stream cut off mid-way, no
// answer at all (timeouts), garbage. Used by the API tests and by the browser journey (no network needed).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type ChatScenario =
  /** Streams these pieces of text, `delayMs` apart, then [DONE] (unless `done: false`: the stream just ends). */
  | { type: 'stream'; chunks: string[]; delayMs?: number; done?: boolean; split?: boolean }
  /** Answers this HTTP status with an OpenAI-style error body. */
  | { type: 'status'; status: number }
  /** Streams the pieces, then destroys the connection (a crash mid-answer). */
  | { type: 'cutoff'; chunks: string[] }
  /** Accepts the request and never answers (or answers the pieces, then nothing more). */
  | { type: 'hang'; chunks?: string[] }
  /** A 200 event stream whose events are not chat chunks. */
  | { type: 'garbage' };

export interface ChatRequestSeen {
  body: { model?: string; stream?: boolean; messages?: { role: string; content: string }[]; max_tokens?: number };
  authorization: string | undefined;
  /** The client went away before the answer ended (a cancelled draft aborts the upstream request). */
  clientClosed: boolean;
  /** Set when the answer ended (or the client left). */
  finished: Promise<void>;
}

export interface FakeChatServer {
  /** The base URL to configure as ASSISTANT_API_URL (`http://127.0.0.1:<port>/v1`). */
  url: string;
  requests: ChatRequestSeen[];
  /** The scenario of the next requests: a fixed one, or chosen per request. */
  scenario: ChatScenario | ((body: ChatRequestSeen['body']) => ChatScenario);
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function chunkEvent(content: string): string {
  return `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
}

/**
 * The browser journey's scenario, from the agent's instruction: a marker such as `[[status:503]]`, `[[hang]]`,
 * `[[cutoff]]` picks a failure; otherwise a Spanish document that repeats the instruction, streamed word by word.
 */
export function scenarioFromPrompt(body: ChatRequestSeen['body']): ChatScenario {
  const text = body.messages?.map((m) => m.content).join('\n') ?? '';
  const status = /\[\[status:(\d{3})\]\]/.exec(text);
  if (status) return { type: 'status', status: Number(status[1]) };
  if (text.includes('[[hang]]')) return { type: 'hang' };
  if (text.includes('[[cutoff]]')) return { type: 'cutoff', chunks: ['# Borrador', '\n\nInterrumpido'] };
  const instruction = /Instrucción del agente:\n([\s\S]*)$/.exec(text)?.[1]?.trim() ?? 'Resumen del pedido';
  const document =
    `# Escrito de solicitud\n\n**Asunto:** ${instruction}\n\nEl solicitante, con los datos del pedido, ` +
    `solicita la tramitación indicada. Información de la petición: año 2026, señas en A Coruña; ` +
    `observações em português: ação, certidão.\n\n- Primer punto\n- Segundo punto\n\nFirmado: el agente`;
  return { type: 'stream', chunks: document.split(/(?<= )/), delayMs: 60 };
}

export async function startFakeChatServer(
  options: { scenario?: FakeChatServer['scenario']; port?: number; host?: string } = {},
): Promise<FakeChatServer> {
  const sockets = new Set<Socket>();
  const fake: FakeChatServer = {
    url: '',
    requests: [],
    scenario: options.scenario ?? scenarioFromPrompt,
    close: async () => undefined,
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    let raw = '';
    for await (const piece of req) raw += String(piece);
    let body: ChatRequestSeen['body'];
    try {
      body = JSON.parse(raw) as ChatRequestSeen['body'];
    } catch {
      res.writeHead(400).end();
      return;
    }
    let finish!: () => void;
    const seen: ChatRequestSeen = {
      body,
      authorization: req.headers.authorization,
      clientClosed: false,
      finished: new Promise<void>((r) => (finish = r)),
    };
    fake.requests.push(seen);
    res.on('close', () => {
      if (!res.writableFinished) seen.clientClosed = true;
      finish();
    });
    const scenario = typeof fake.scenario === 'function' ? fake.scenario(body) : fake.scenario;
    if (scenario.type === 'status') {
      res
        .writeHead(scenario.status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: `status ${scenario.status}`, type: 'test' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.flushHeaders();
    if (scenario.type === 'garbage') {
      res.end('data: {"not":"a chunk"}\n\n');
      return;
    }
    const chunks = scenario.type === 'stream' || scenario.type === 'cutoff' ? scenario.chunks : (scenario.chunks ?? []);
    res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { role: 'assistant' } }] })}\n\n`);
    for (const chunk of chunks) {
      if (res.destroyed) return;
      const event = chunkEvent(chunk);
      if (scenario.type === 'stream' && scenario.split) {
        // Cut the event itself in two writes (mid-JSON): the client must reassemble it.
        const half = Math.floor(event.length / 2);
        res.write(event.slice(0, half));
        await sleep(5);
        res.write(event.slice(half));
      } else res.write(event);
      if (scenario.type === 'stream' && scenario.delayMs) await sleep(scenario.delayMs);
    }
    if (scenario.type === 'cutoff') {
      await sleep(10);
      res.destroy();
      return;
    }
    if (scenario.type === 'hang') return; // the test's timeout, or the client's cancel, ends it
    if (scenario.done !== false) res.write('data: [DONE]\n\n');
    res.end();
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}/v1`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return fake;
}
