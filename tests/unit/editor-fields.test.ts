// Issue 17: the browser editor (keystatic.config.ts) and the build check the same schemas. The editor's fields are
// generated from the collection schemas; this reads every content file through the editor's own reader and checks
// the build's schema accepts what the editor sees, so a field the editor cannot read or would write differently fails.
import { createReader } from '@keystatic/core/reader';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import config, { BODY_FIELD } from '../../keystatic.config.ts';
import { CONTENT_AREAS } from '../../src/content/_schemas/registry.ts';

const reader = createReader(process.cwd(), config);
const editable = CONTENT_AREAS.filter((area) => !area.notInEditor);
const withoutBody = ({ body: _body, ...rest }: Record<string, unknown>) => rest;

/** What the editor saves for a field left empty: it leaves the key out of the file. */
function dropEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropEmpty);
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => item !== '')
        .map(([key, item]) => [key, dropEmpty(item)]),
    );
  return value;
}

describe('editor fields follow the collection schemas', () => {
  it('offers every collection except the ones named as not in the editor, with the same fields', () => {
    const schemas = { ...config.singletons, ...config.collections } as Record<
      string,
      { schema: Record<string, unknown> }
    >;
    expect(Object.keys(schemas).sort()).toEqual(editable.map((area) => area.name).sort());
    for (const area of editable) {
      const shape = (area.schema as unknown as { shape: Record<string, unknown> }).shape;
      expect(Object.keys(withoutBody(schemas[area.name]!.schema)).sort(), area.name).toEqual(Object.keys(shape).sort());
    }
  });

  it.each(editable.map((area) => [area.name, area] as const))(
    '%s: every file reads in the editor and what it reads passes the build schema',
    async (name, area) => {
      const entries = area.single
        ? [
            await (reader.singletons as Record<string, { readOrThrow(): Promise<Record<string, unknown>> }>)[
              name
            ]!.readOrThrow(),
          ]
        : (
            await (reader.collections as Record<string, { all(): Promise<{ entry: Record<string, unknown> }[]> }>)[
              name
            ]!.all()
          ).map((item) => item.entry);

      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries) {
        const result = area.schema.safeParse(withoutBody(entry));
        expect(result.success ? [] : result.error.issues, JSON.stringify(withoutBody(entry)).slice(0, 200)).toEqual([]);
        // saved again from the editor, empty optional lines are left out of the file: the build must still accept it
        const saved = area.schema.safeParse(dropEmpty(withoutBody(entry)));
        expect(
          saved.success ? [] : saved.error.issues.map((issue) => issue.path.join('.')),
          `${name} as the editor saves it`,
        ).toEqual([]);
      }
    },
  );
});

type BodyField = {
  contentExtension: string;
  parse(
    value: undefined,
    args: {
      content: Uint8Array;
      other: Map<string, Uint8Array>;
      external: Map<string, Map<string, Uint8Array>>;
      slug: string;
    },
  ): unknown;
  serialize(value: unknown, extra: { slug: string }): { content: Uint8Array | undefined };
};

/**
 * The editor's markdown field as the browser runs it. Under Node, @keystatic/core resolves to its reader build, whose
 * editor functions are stubs; the browser build holds the real parser and writer the Save button uses.
 */
async function editorBodyField(): Promise<BodyField> {
  const core = join(
    dirname(createRequire(import.meta.url).resolve('@keystatic/core/package.json')),
    'dist',
    'keystatic-core.js',
  );
  const { fields } = (await import(/* @vite-ignore */ pathToFileURL(core).href)) as {
    fields: { markdoc(options: typeof BODY_FIELD): BodyField };
  };
  return fields.markdoc(BODY_FIELD);
}

const markdownFiles = editable
  .filter((area) => area.format === 'md')
  .flatMap((area) =>
    readdirSync(join('src/content', area.dir))
      .filter((name) => name.endsWith('.md'))
      .map((name) => join('src/content', area.dir, name)),
  );
const bodyOf = (file: string) => readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');

let loadedField: BodyField;
// The editor's bundle takes seconds to import on a busy machine: once, with room, not inside the first test's 5 s.
beforeAll(async () => {
  loadedField = await editorBodyField();
}, 60_000);

/** A file's markdown body as the editor writes it back after opening the file. */
async function savedByEditor(file: string): Promise<string> {
  const field = loadedField;
  const state = field.parse(undefined, {
    content: new TextEncoder().encode(bodyOf(file)),
    other: new Map(),
    external: new Map(),
    slug: 'entry',
  });
  return new TextDecoder().decode(field.serialize(state, { slug: 'entry' }).content);
}

describe('the editor keeps markdown bodies', () => {
  it('edits the body of every markdown area with the field tested here', () => {
    const schemas = { ...config.singletons, ...config.collections } as Record<
      string,
      { schema: Record<string, { contentExtension?: string }> }
    >;
    const areas = editable.filter((area) => area.format === 'md').map((area) => area.name);

    expect(areas).toEqual(expect.arrayContaining(['legal', 'updates']));
    for (const name of areas) expect(schemas[name]!.schema.body?.contentExtension, name).toBe('.md');
    expect(markdownFiles).toEqual(
      expect.arrayContaining(['src/content/legal/terms.md', 'src/content/legal/privacy.md']),
    );
  });

  it.each(markdownFiles)('%s: read and saved again by the editor, the body is the same text', async (file) => {
    const saved = await savedByEditor(file);

    // the blank line after the front matter is the file's layout, not the body's text
    expect(saved.trim()).toBe(bodyOf(file).trim());
  });

  it('keeps the {email} placeholder of the legal pages, which the page turns into the support link', async () => {
    const legal = markdownFiles.filter((file) => file.includes('/legal/'));

    for (const file of legal) expect(await savedByEditor(file), file).toMatch(/: \{email\}\.\n?$/);
    expect(legal.length).toBe(2);
  });
});
