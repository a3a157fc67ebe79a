import { z } from 'zod';

/**
 * How a server is asked for JSON, best first: structured outputs (OpenAI, vLLM, llama.cpp, Ollama, LM Studio,
 * OpenRouter), JSON mode (older vLLM, Gemini's endpoint, most hosted servers), or only the instruction in the messages
 * (servers that refuse or do not know `response_format`).
 */
export const JSON_MODES = ['json_schema', 'json_object', 'instructions'] as const;
export type JsonMode = (typeof JSON_MODES)[number];

/** The mode to try after `mode` was refused, or undefined when none is left. */
export function nextMode(mode: JsonMode): JsonMode | undefined {
  return JSON_MODES[JSON_MODES.indexOf(mode) + 1];
}

export type ResponseFormat =
  | { type: 'json_schema'; json_schema: { name: string; schema: Record<string, unknown>; strict: boolean } }
  | { type: 'json_object' };

// Keywords every structured-output implementation understands. Length, count and pattern limits are left to zod,
// which checks every answer anyway: OpenAI's strict mode refuses some of them and grammar-based decoders (vLLM,
// llama.cpp) handle them unevenly.
const KEPT = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'description',
  '$ref',
  '$defs',
]);

type Json = Record<string, unknown>;

function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (!KEPT.has(key)) continue;
    out[key] =
      key === 'properties' || key === '$defs'
        ? Object.fromEntries(Object.entries(value as Json).map(([name, child]) => [name, simplify(child)]))
        : simplify(value);
  }
  return out;
}

/** OpenAI's strict mode: every object closed and every property required, every node typed. */
function isStrict(node: unknown): boolean {
  if (!node || typeof node !== 'object') return true;
  const schema = node as Json;
  if (!('type' in schema || 'anyOf' in schema || '$ref' in schema || 'enum' in schema || 'const' in schema))
    return false;
  const properties = (schema.properties ?? {}) as Json;
  if (schema.type === 'object') {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    if (schema.additionalProperties !== false || Object.keys(properties).some((key) => !required.has(key)))
      return false;
  }
  const children = [
    ...Object.values(properties),
    ...Object.values((schema.$defs ?? {}) as Json),
    ...((schema.anyOf as unknown[] | undefined) ?? []),
    ...(schema.items ? [schema.items] : []),
  ];
  return children.every(isStrict);
}

/** The JSON Schema a zod schema answers with, reduced to what structured outputs accept, and whether it is strict. */
export function responseSchema(schema: z.ZodType): { schema: Json; strict: boolean } {
  const simple = simplify(z.toJSONSchema(schema, { unrepresentable: 'any' })) as Json;
  return { schema: simple, strict: isStrict(simple) };
}

/** The `response_format` of a request in `mode` (none for instructions only); the name is the task's purpose. */
export function responseFormat(mode: JsonMode, schema: z.ZodType, purpose: string): ResponseFormat | undefined {
  if (mode === 'instructions') return undefined;
  if (mode === 'json_object') return { type: 'json_object' };
  const name = purpose.replace(/[^a-zA-Z0-9_-]+/g, '_').slice(0, 64) || 'answer';
  return { type: 'json_schema', json_schema: { name, ...responseSchema(schema) } };
}
