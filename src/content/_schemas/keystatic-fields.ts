// Builds the editor's (Keystatic's) fields from a collection's zod schema, so the editor and the build check one
// schema: labels are the fields' .describe() texts, required strings are required in the editor too.
import { fields } from '@keystatic/core';
import type { z } from 'astro/zod';

type Field = ReturnType<typeof fields.text> | ReturnType<typeof fields.object> | ReturnType<typeof fields.array> | ReturnType<typeof fields.integer>;
export type Def = { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; innerType?: z.ZodType; entries?: Record<string, string>; checks?: { _zod: { def: { check: string; minimum?: number; format?: string } } }[] };

export const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional/nullable/default wrappers, and the first description found on the way. */
export function unwrap(schema: z.ZodType): { inner: z.ZodType; label: string | undefined } {
  let inner = schema;
  let label = schema.description;
  while (['optional', 'nullable', 'default'].includes(defOf(inner).type)) {
    inner = defOf(inner).innerType!;
    label ??= inner.description;
  }
  return { inner, label: label ?? inner.description };
}

const minLength = (schema: z.ZodType) => (defOf(schema).checks ?? []).find((check) => check._zod.def.check === 'min_length')?._zod.def.minimum ?? 0;

/** "howItWorks" → "How it works": the editor's label for a group that has no description. */
const humanize = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ').toLowerCase().replace(/^./, (first) => first.toUpperCase());

/** One Keystatic field for one zod schema; `key` names the field when the schema has no description. */
export function fieldFor(schema: z.ZodType, key: string): Field {
  const { inner, label: described } = unwrap(schema);
  const label = described ?? humanize(key);
  const def = defOf(inner);
  switch (def.type) {
    case 'string':
      return fields.text({ label, multiline: /text|answer|paragraph|quote|intro|body|description|snippet/i.test(label), validation: { length: { min: minLength(inner) } } });
    case 'number':
      return fields.integer({ label, validation: { isRequired: true } }) as Field;
    case 'boolean':
      return fields.checkbox({ label }) as unknown as Field;
    case 'date':
      return fields.date({ label, validation: { isRequired: true } }) as unknown as Field;
    case 'enum': {
      const values = Object.values(def.entries!);
      return fields.select({ label, options: values.map((value) => ({ label: value, value })), defaultValue: values[0]! }) as unknown as Field;
    }
    case 'array': {
      const element = def.element!;
      const elementDef = defOf(unwrap(element).inner);
      const first = elementDef.type === 'object' ? Object.keys(elementDef.shape!)[0] : undefined;
      return fields.array(fieldFor(element, key) as never, {
        label,
        itemLabel: (props: { value?: unknown; fields?: Record<string, { value?: unknown }> }) => String((first ? props.fields?.[first]?.value : props.value) ?? ''),
      }) as unknown as Field;
    }
    case 'object':
      return fields.object(fieldsFor(inner), { label }) as unknown as Field;
    default:
      throw new Error(`keystatic-fields: no editor field for a zod ${def.type} (${key}); add one here`);
  }
}

/** The Keystatic fields of an object schema, key by key; `slug` makes that key the entry's file name in a collection. */
export function fieldsFor(schema: z.ZodType, slug?: string): Record<string, Field> {
  const shape = defOf(unwrap(schema).inner).shape;
  if (!shape) throw new Error('keystatic-fields: a collection schema must be an object');
  return Object.fromEntries(
    Object.entries(shape).map(([key, value]) => [
      key,
      key === slug ? (fields.slug({ name: { label: unwrap(value).label ?? key, validation: { length: { min: 1 } } } }) as unknown as Field) : fieldFor(value, key),
    ]),
  );
}
