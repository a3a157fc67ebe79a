// The browser editor (Keystatic, local mode: it reads and writes the files in src/content, no outside service).
// Only `npm run dev` loads it (see astro.config.mjs); its fields come from the same zod schemas the build checks.
import { collection, config, fields, singleton, type ComponentSchema } from '@keystatic/core';
import { fieldsFor } from './src/content/_schemas/keystatic-fields.ts';
import { CONTENT_AREAS, type ContentArea } from './src/content/_schemas/registry.ts';

const editable = CONTENT_AREAS.filter((area) => !area.notInEditor);
/** The markdown body of md areas (legal pages, updates, the API reference's intro); tests/unit/editor-fields.test.ts saves real files through it. */
export const BODY_FIELD = { label: 'Page text', extension: 'md' } as const;
const path = (area: ContentArea) => `src/content/${area.dir}/${area.single ?? '*'}`;
const body = (area: ContentArea): Record<string, ComponentSchema> =>
  area.format === 'md' ? { body: fields.markdoc(BODY_FIELD) } : {};
const schemaOf = (area: ContentArea, slug?: string): Record<string, ComponentSchema> => ({
  ...(fieldsFor(area.schema, slug) as Record<string, ComponentSchema>),
  ...body(area),
});
const format = (area: ContentArea) => (area.format === 'md' ? { contentField: 'body' } : { data: 'yaml' as const });

export default config({
  storage: { kind: 'local' },
  ui: { brand: { name: 'Inkpilot copy' } },
  singletons: Object.fromEntries(
    editable
      .filter((area) => area.single)
      .map((area) => [
        area.name,
        singleton({ label: area.label, path: path(area), format: format(area), schema: schemaOf(area) }),
      ]),
  ),
  collections: Object.fromEntries(
    editable
      .filter((area) => !area.single)
      // the area's slug field (its `title` unless it names another) is the entry's file name
      .map((area) => [
        area.name,
        collection({
          label: area.label,
          path: path(area) as `${string}/*`,
          slugField: (area.slug ?? 'title') as never,
          format: format(area),
          schema: schemaOf(area, area.slug ?? 'title'),
        }),
      ]),
  ),
});
