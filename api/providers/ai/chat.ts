import OpenAI, { APIConnectionTimeoutError, APIError, RateLimitError } from 'openai';
import type { ResponseFormat } from './response-format.ts';
import { AiError, type AiMessage, type TokenCounts } from './types.ts';

export interface ChatSettings {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs: number;
  maxRetries: number;
}

export interface ChatRequest {
  messages: AiMessage[];
  responseFormat?: ResponseFormat | undefined;
  maxTokens?: number | undefined;
  temperature?: number | undefined;
}

/** One answer as the server sent it: the text (reasoning tags and all), why it stopped, its usage if reported. */
export interface ChatAnswer {
  text: string;
  finishReason: string;
  usage: TokenCounts | null;
}

export type Chat = (request: ChatRequest) => Promise<ChatAnswer>;

/** The answer's text: a string, or (Mistral, some gateways) a list of parts of which the text ones count. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { type?: string; text?: unknown }) =>
      part?.type === 'text' && typeof part.text === 'string' ? part.text : '',
    )
    .join('');
}

function usageOf(usage: OpenAI.Completions.CompletionUsage | undefined | null): TokenCounts | null {
  if (!usage || typeof usage.total_tokens !== 'number') return null;
  return {
    prompt_tokens: usage.prompt_tokens ?? 0,
    completion_tokens: usage.completion_tokens ?? 0,
    total_tokens: usage.total_tokens,
  };
}

/**
 * One chat-completions request to any OpenAI-compatible server through the official SDK, which retries 429/5xx and
 * timeouts with backoff and honours Retry-After / retry-after-ms. Reasoning a server sends apart from the answer
 * (`reasoning_content` from DeepSeek and vLLM, `reasoning` from OpenRouter and Ollama) is never read as answer text.
 */
export function createChat(settings: ChatSettings): Chat {
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey ?? 'not-needed', // local servers (Ollama, llama.cpp) take no key; the SDK insists on one
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
  });
  return async (request) => {
    let answer: OpenAI.Chat.Completions.ChatCompletion;
    try {
      answer = await client.chat.completions.create({
        model: settings.model,
        messages: request.messages,
        ...(request.responseFormat ? { response_format: request.responseFormat } : {}),
        ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      });
    } catch (error) {
      throw toAiError(error);
    }
    const choice = answer.choices?.[0];
    return {
      text: textOf(choice?.message?.content),
      finishReason: choice?.finish_reason ?? 'stop',
      usage: usageOf(answer.usage),
    };
  };
}

/** The SDK's error as an AiError that keeps the server's own words; a 400/422 is `rejected` (the request's fault). */
export function toAiError(error: unknown): AiError {
  if (error instanceof AiError) return error;
  if (error instanceof APIConnectionTimeoutError)
    return new AiError('timeout', 'The AI server did not answer in time.');
  if (error instanceof RateLimitError)
    return new AiError('rate_limited', `The AI server is rate limiting requests: ${error.message}`);
  if (error instanceof APIError && (error.status === 400 || error.status === 422))
    return new AiError('rejected', `The AI server refused the request: ${error.message}`);
  if (error instanceof APIError) return new AiError('upstream', `The AI server failed: ${error.message}`);
  return new AiError(
    'upstream',
    `The AI server could not be reached: ${error instanceof Error ? error.message : String(error)}`,
  );
}
