// Issue 17: the browser editor (keystatic.config.ts) and the build check the same schemas. The editor's fields are
// generated from the collection schemas; this reads every content file through the editor's own reader and checks
// the build's schema accepts what the editor sees, so a field the editor cannot read or would write differently fails.
import { createReader } from '@keystatic/core/reader';
import { describe, expect, it } from 'vitest';
import config from '../../keystatic.config.ts';
import { CONTENT_AREAS } from '../../src/content/_schemas/registry.ts';

const reader = createReader(process.cwd(), config);
const editable = CONTENT_AREAS.filter((area) => !area.notInEditor);
const withoutBody = ({ body: _body, ...rest }: Record<string, unknown>) => rest;

/** What the editor saves for a field left empty: it leaves the key out of the file. */
function dropEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropEmpty);
  if (value && typeof value === 'object' && !(value instanceof Date)) return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== '').map(([key, item]) => [key, dropEmpty(item)]));
  return value;
}

describe('editor fields follow the collection schemas', () => {
  it('offers every collection except the ones named as not in the editor, with the same fields', () => {
    const schemas = { ...config.singletons, ...config.collections } as Record<string, { schema: Record<string, unknown> }>;
    expect(Object.keys(schemas).sort()).toEqual(editable.map((area) => area.name).sort());
    for (const area of editable) {
      const shape = (area.schema as unknown as { shape: Record<string, unknown> }).shape;
      expect(Object.keys(withoutBody(schemas[area.name]!.schema)).sort(), area.name).toEqual(Object.keys(shape).sort());
    }
  });

  it.each(editable.map((area) => [area.name, area] as const))('%s: every file reads in the editor and what it reads passes the build schema', async (name, area) => {
    const entries = area.single
      ? [await (reader.singletons as Record<string, { readOrThrow(): Promise<Record<string, unknown>> }>)[name]!.readOrThrow()]
      : (await (reader.collections as Record<string, { all(): Promise<{ entry: Record<string, unknown> }[]> }>)[name]!.all()).map((item) => item.entry);

    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      const result = area.schema.safeParse(withoutBody(entry));
      expect(result.success ? [] : result.error.issues, JSON.stringify(withoutBody(entry)).slice(0, 200)).toEqual([]);
      // saved again from the editor, empty optional lines are left out of the file: the build must still accept it
      const saved = area.schema.safeParse(dropEmpty(withoutBody(entry)));
      expect(saved.success ? [] : saved.error.issues.map((issue) => issue.path.join('.')), `${name} as the editor saves it`).toEqual([]);
    }
  });
});
