import { Type } from 'typebox';
import { ConfigError } from './config-error.js';
import { envInt, envPattern, envText, parseEnv } from './env-schema.js';

/**
 * The document assistant's model (docs/integrations.md, "Document assistant"): any OpenAI-compatible chat-completions
 * endpoint (a local llama.cpp, vLLM or Ollama server, or a hosted one). Unset: the assistant is off and says so.
 */
export interface AssistantConfig {
  /** Base URL ending before /chat/completions ("http://127.0.0.1:8080/v1"); null: no model configured. */
  apiUrl: string | null;
  apiKey: string | null;
  model: string;
  /** Longest wait for the model's first byte and between two pieces of its answer. */
  timeoutMs: number;
  /** Longest a whole draft may take. */
  maxDurationMs: number;
  /** Most characters of one draft: the model is stopped there and the draft ends marked truncated. */
  maxOutputChars: number;
  /** Largest answer asked of the model (max_tokens). */
  maxTokens: number;
  /** Drafts streaming at once on this instance (each holds an upstream connection). */
  maxConcurrent: number;
}

const AssistantEnvSchema = Type.Object({
  ASSISTANT_API_URL: Type.Optional(envPattern(/^https?:\/\/[^\s]+$/, 'must be an http:// or https:// URL')),
  ASSISTANT_API_KEY: Type.Optional(envText()),
  ASSISTANT_MODEL: Type.Optional(envText()),
  ASSISTANT_TIMEOUT_MS: envInt(30_000, 100, 600_000),
  ASSISTANT_MAX_DURATION_MS: envInt(300_000, 1_000, 3_600_000),
  ASSISTANT_MAX_OUTPUT_CHARS: envInt(60_000, 100, 1_000_000),
  ASSISTANT_MAX_TOKENS: envInt(4_096, 16, 200_000),
  ASSISTANT_MAX_CONCURRENT: envInt(8, 1, 1_000),
});

export function loadAssistantConfig(processEnv: NodeJS.ProcessEnv): AssistantConfig {
  const env = parseEnv(AssistantEnvSchema, processEnv);
  const apiUrl = env.ASSISTANT_API_URL?.replace(/\/+$/, '') ?? null;
  if (!apiUrl && env.ASSISTANT_API_KEY) throw new ConfigError('ASSISTANT_API_KEY is set but ASSISTANT_API_URL is not');
  return {
    apiUrl,
    apiKey: env.ASSISTANT_API_KEY ?? null,
    model: env.ASSISTANT_MODEL ?? 'default',
    timeoutMs: env.ASSISTANT_TIMEOUT_MS,
    maxDurationMs: env.ASSISTANT_MAX_DURATION_MS,
    maxOutputChars: env.ASSISTANT_MAX_OUTPUT_CHARS,
    maxTokens: env.ASSISTANT_MAX_TOKENS,
    maxConcurrent: env.ASSISTANT_MAX_CONCURRENT,
  };
}
