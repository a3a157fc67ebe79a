import { z } from 'zod';
import type { Db } from '../../db/sql.ts';
import { createChat, type ChatSettings } from './chat.ts';
import { completeWhole } from './continuation.ts';
import { extractJsonObject } from './extract-json.ts';
import { jsonModeMemory } from './json-mode-memory.ts';
import { SCHEMA_INSTRUCTION } from './openai.ts';
import { stripReasoning } from './reasoning.ts';
import { JSON_MODES, responseFormat, type JsonMode } from './response-format.ts';
import { AiError } from './types.ts';
import { estimateTokens, recordUsage } from './usage.ts';

/** What a connection test found: the JSON mode the server takes, how long it took, what the model said. */
export type ConnectionResult =
  | { ok: true; json_mode: JsonMode; latency_ms: number; sample: string }
  | { ok: false; error: string };

const probeSchema = z.object({ greeting: z.string().trim().min(1) });
const SAMPLE_CHARS = 300;

/**
 * Asks the server a small question in every JSON mode from the best down (ignoring what was remembered, so a server
 * that learnt structured outputs since is found out), and remembers the first mode it takes. The answer goes through
 * the same reasoning stripping and JSON extraction as every request. A failure carries the server's own words.
 */
export async function probeConnection(settings: ChatSettings, sql: Db): Promise<ConnectionResult> {
  const chat = createChat(settings);
  const usage = { projectId: null, taskId: null, purpose: 'connection_test' };
  const messages = [
    { role: 'system' as const, content: 'You check that a connection to a blog-writing app works.' },
    { role: 'user' as const, content: 'Greet a blog writer in one short sentence, in the field "greeting".' },
    { role: 'system' as const, content: `${SCHEMA_INSTRUCTION}${JSON.stringify(z.toJSONSchema(probeSchema))}` },
  ];
  let refusal = '';
  for (const mode of JSON_MODES) {
    const started = performance.now();
    try {
      const answer = await completeWhole(
        chat,
        { messages, responseFormat: responseFormat(mode, probeSchema, usage.purpose) },
        (sent, part) => recordUsage(sql, usage, settings.model, part.usage, () => estimateTokens(sent, part.text)),
      );
      const latency = Math.round(performance.now() - started);
      const text = stripReasoning(answer.text);
      const parsed = probeSchema.safeParse(extractJsonObject(text));
      if (!parsed.success)
        return {
          ok: false,
          error: `The model answered, but not with the JSON asked for: ${text.slice(0, SAMPLE_CHARS) || '(nothing)'}`,
        };
      await jsonModeMemory(sql, settings.baseUrl, settings.model).worked(mode);
      return { ok: true, json_mode: mode, latency_ms: latency, sample: parsed.data.greeting.slice(0, SAMPLE_CHARS) };
    } catch (error) {
      if (error instanceof AiError && error.reason === 'rejected') {
        refusal = error.message;
        continue;
      }
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }
  return { ok: false, error: refusal };
}
