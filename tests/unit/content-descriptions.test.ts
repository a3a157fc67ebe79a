// Issue 17: every field of every content collection says what it is (`.describe()`), because that text is the
// field's label in the browser editor and names it in build errors. Walks each schema of the registry (the one
// list src/content.config.ts and keystatic.config.ts are built from), groups, list items and nested fields included.
import type { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { defOf, unwrap } from '../../src/content/_schemas/keystatic-fields.ts';
import { CONTENT_AREAS } from '../../src/content/_schemas/registry.ts';

/** Dotted paths ("plans[].features") of the fields under `schema` that have no description. */
function undescribed(schema: z.ZodType, path: string): string[] {
  const def = defOf(unwrap(schema).inner);
  if (def.type === 'array') return undescribed(def.element!, `${path}[]`);
  if (def.type !== 'object') return [];
  return Object.entries(def.shape!).flatMap(([key, field]) => {
    const at = path ? `${path}.${key}` : key;
    return [...(unwrap(field).label?.trim() ? [] : [at]), ...undescribed(field, at)];
  });
}

describe('every content field is described', () => {
  it.each(CONTENT_AREAS.map((area) => [area.name, area] as const))(
    '%s: each field has a .describe() text',
    (_name, area) => {
      expect(undescribed(area.schema, '')).toEqual([]);
    },
  );

  it('names a field that has none', async () => {
    const { z } = await import('astro/zod');
    const schema = z.object({
      ok: z.string().describe('Described'),
      group: z.object({ items: z.array(z.object({ bare: z.string() })).describe('List') }),
    });

    expect(undescribed(schema, '')).toEqual(['group', 'group.items[].bare']);
  });
});
