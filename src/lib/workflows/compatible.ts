import type { JsonSchema } from './types.ts';

/** Words about a field that do not change what values it takes. */
const WORDING = new Set(['description', 'default', '$schema', 'additionalProperties', 'title']);

/** A field's JSON Schema without its wording, for comparing shapes. */
function bare(schema: JsonSchema | undefined): string {
  return JSON.stringify(schema ?? {}, (key, value) => (WORDING.has(key) ? undefined : value));
}

/**
 * Whether a value of the source output's shape always fits the target input (same shape, or one of its options):
 * the one rule the builder uses to offer a wire and the server uses to accept a saved graph.
 */
export function fieldsCompatible(target: JsonSchema | undefined, source: JsonSchema | undefined): boolean {
  if (!target || !source) return false;
  if (bare(target) === bare(source)) return true;
  return (target.anyOf ?? []).some((option) => fieldsCompatible(option, source));
}
