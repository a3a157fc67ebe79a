import OpenAI, { APIConnectionTimeoutError, APIError, RateLimitError } from 'openai';
import { z } from 'zod';
import type { Db } from '../../db/sql.ts';
import { AiError, type AiMessage, type Ai, type GenerateRequest, type Generated, type StreamRequest } from './types.ts';
import { recordUsage, type TokenCounts } from './usage.ts';

export interface OpenAiSettings {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs: number;
  maxRetries: number;
}

const ZERO: TokenCounts = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };

/**
 * Any OpenAI-compatible chat server (OpenAI, Gemini's OpenAI endpoint, OpenRouter, Ollama, vLLM, llama.cpp) through
 * the official SDK, which retries 429/5xx/timeouts with backoff and honours Retry-After / retry-after-ms.
 */
export function createOpenAiProvider(settings: OpenAiSettings, sql: Db): Ai {
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey ?? 'not-needed', // local servers (Ollama, llama.cpp) take no key; the SDK insists on one
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
  });

  async function complete(
    messages: AiMessage[],
    tag: GenerateRequest<z.ZodType>['usage'],
    temperature?: number,
  ): Promise<string> {
    let answer: OpenAI.Chat.Completions.ChatCompletion;
    try {
      answer = await client.chat.completions.create({
        model: settings.model,
        messages,
        response_format: { type: 'json_object' },
        ...(temperature === undefined ? {} : { temperature }),
      });
    } catch (error) {
      throw toAiError(error);
    }
    await recordUsage(sql, tag, answer.model || settings.model, usageOf(answer.usage));
    return answer.choices[0]?.message?.content ?? '';
  }

  return {
    async generate<S extends z.ZodType>(request: GenerateRequest<S>): Promise<Generated<z.infer<S>>> {
      const shape = JSON.stringify(z.toJSONSchema(request.schema));
      const messages: AiMessage[] = [
        ...request.messages,
        { role: 'system', content: `Answer with one JSON object only, matching this JSON Schema:\n${shape}` },
      ];
      const first = await complete(messages, request.usage, request.temperature);
      const parsed = parseAgainst(request.schema, first);
      if (parsed.ok) return { value: parsed.value, draft_label: null };
      // One repair round: show the model its own answer and what was wrong with it.
      const repair: AiMessage[] = [
        ...messages,
        { role: 'assistant', content: first },
        {
          role: 'user',
          content: `That answer was not valid: ${parsed.problem}. Reply with the corrected JSON object only.`,
        },
      ];
      const second = await complete(repair, request.usage, request.temperature);
      const repaired = parseAgainst(request.schema, second);
      if (repaired.ok) return { value: repaired.value, draft_label: null };
      throw new AiError('invalid_output', `The AI answer did not match the expected shape: ${repaired.problem}`);
    },

    stream(request: StreamRequest) {
      async function* chunks(): AsyncGenerator<string> {
        let usage: TokenCounts = ZERO;
        let model = settings.model;
        try {
          const stream = await client.chat.completions.create({
            model: settings.model,
            messages: request.messages,
            stream: true,
            stream_options: { include_usage: true },
          });
          for await (const part of stream) {
            if (part.usage) usage = usageOf(part.usage);
            if (part.model) model = part.model;
            const text = part.choices[0]?.delta?.content;
            if (text) yield text;
          }
        } catch (error) {
          throw toAiError(error);
        } finally {
          await recordUsage(sql, request.usage, model, usage);
        }
      }
      return { chunks: chunks(), draft_label: null };
    },
  };
}

function usageOf(usage: OpenAI.Completions.CompletionUsage | undefined | null): TokenCounts {
  if (!usage) return ZERO;
  return {
    prompt_tokens: usage.prompt_tokens ?? 0,
    completion_tokens: usage.completion_tokens ?? 0,
    total_tokens: usage.total_tokens ?? 0,
  };
}

/** Reads a JSON object out of a model answer (tolerating a ```json fence) and validates it. */
export function parseAgainst<S extends z.ZodType>(
  schema: S,
  text: string,
): { ok: true; value: z.infer<S> } | { ok: false; problem: string } {
  const body = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, problem: 'it is not JSON' };
  }
  const result = schema.safeParse(json);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    problem: result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; '),
  };
}

function toAiError(error: unknown): AiError {
  if (error instanceof AiError) return error;
  if (error instanceof APIConnectionTimeoutError)
    return new AiError('timeout', 'The AI server did not answer in time.');
  if (error instanceof RateLimitError) return new AiError('rate_limited', 'The AI server is rate limiting requests.');
  if (error instanceof APIError) return new AiError('upstream', `The AI server failed: ${error.message}`);
  return new AiError(
    'upstream',
    `The AI server could not be reached: ${error instanceof Error ? error.message : String(error)}`,
  );
}
