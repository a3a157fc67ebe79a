import { z } from 'zod';
import type { Db } from '../../db/sql.ts';
import { unwrapFence } from './answer-text.ts';
import { createChat, type ChatSettings } from './chat.ts';
import { completeWhole, type WholeAnswer } from './continuation.ts';
import { extractJsonObject } from './extract-json.ts';
import { jsonModeMemory } from './json-mode-memory.ts';
import { stripReasoning } from './reasoning.ts';
import { nextMode, responseFormat, type JsonMode } from './response-format.ts';
import { AiError, type Ai, type AiMessage, type GenerateRequest, type Generated, type WriteRequest } from './types.ts';
import { estimateTokens, recordUsage } from './usage.ts';

export type OpenAiSettings = ChatSettings;

/** The instruction every JSON request carries, whatever the mode (servers may ignore `response_format` silently). */
export const SCHEMA_INSTRUCTION = 'Answer with one JSON object only, matching this JSON Schema:\n';

/**
 * Any OpenAI-compatible chat server as it really answers: reasoning is stripped, the JSON object is found in fences or
 * prose, structured outputs are used where the server takes them (else JSON mode, else the instruction alone, what
 * worked remembered per server and model), answers cut at the length limit are continued, and a missing `usage` is
 * estimated. Every request is recorded in ai_usage.
 */
export function createOpenAiProvider(settings: OpenAiSettings, sql: Db): Ai {
  const chat = createChat(settings);
  const modes = jsonModeMemory(sql, settings.baseUrl, settings.model);

  const ask = (request: Parameters<typeof chat>[0], tag: GenerateRequest<z.ZodType>['usage']) =>
    completeWhole(chat, request, (messages, answer) =>
      recordUsage(sql, tag, settings.model, answer.usage, () => estimateTokens(messages, answer.text)),
    );

  /** Asks in the remembered JSON mode; a refused request is asked again in the next mode, and the one answered kept. */
  async function askForJson(messages: AiMessage[], request: GenerateRequest<z.ZodType>): Promise<WholeAnswer> {
    let mode: JsonMode | undefined = await modes.current();
    for (;;) {
      try {
        const answer = await ask(
          {
            messages,
            responseFormat: responseFormat(mode, request.schema, request.usage.purpose),
            temperature: request.temperature,
          },
          request.usage,
        );
        await modes.worked(mode);
        return answer;
      } catch (error) {
        const next: JsonMode | undefined = nextMode(mode);
        if (!(error instanceof AiError) || error.reason !== 'rejected' || !next) throw error;
        mode = next;
      }
    }
  }

  return {
    model: settings.model,

    async generate<S extends z.ZodType>(request: GenerateRequest<S>): Promise<Generated<z.infer<S>>> {
      const shape = JSON.stringify(z.toJSONSchema(request.schema, { unrepresentable: 'any' }));
      const messages: AiMessage[] = [...request.messages, { role: 'system', content: `${SCHEMA_INSTRUCTION}${shape}` }];
      const first = stripReasoning((await askForJson(messages, request)).text);
      const parsed = parseAgainst(request.schema, first);
      if (parsed.ok) return { value: parsed.value, draft_label: null, model: settings.model };
      // One repair round: show the model its own answer (without its reasoning) and what was wrong with it.
      const repair: AiMessage[] = [
        ...messages,
        { role: 'assistant', content: first },
        {
          role: 'user',
          content: `That answer was not valid: ${parsed.problem}. Reply with the corrected JSON object only.`,
        },
      ];
      const repaired = parseAgainst(request.schema, stripReasoning((await askForJson(repair, request)).text));
      if (repaired.ok) return { value: repaired.value, draft_label: null, model: settings.model };
      throw new AiError('invalid_output', `The AI answer did not match the expected shape: ${repaired.problem}`);
    },

    async write(request: WriteRequest) {
      const answer = await ask(
        { messages: request.messages, maxTokens: request.maxTokens, temperature: request.temperature },
        request.usage,
      );
      return {
        text: unwrapFence(stripReasoning(answer.text)),
        finishReason: answer.finishReason,
        parts: answer.parts,
        usage: answer.usage,
        model: settings.model,
        draft_label: null,
      };
    },
  };
}

/** Reads the JSON object out of a model answer (alone, fenced or in prose) and validates it. */
export function parseAgainst<S extends z.ZodType>(
  schema: S,
  text: string,
): { ok: true; value: z.infer<S> } | { ok: false; problem: string } {
  const json = extractJsonObject(text);
  if (json === undefined) return { ok: false, problem: 'it is not JSON' };
  const result = schema.safeParse(json);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    problem: result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; '),
  };
}
