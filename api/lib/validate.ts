import type { Context } from 'hono';
import type { z } from 'zod';
import { type FieldIssue, ValidationError } from './errors.ts';

/** Parses the JSON body with a zod schema; failures become the spec's 422 list of { loc, msg, type }. */
export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ValidationError([{ loc: ['body'], msg: 'The request body must be JSON.', type: 'json_invalid' }]);
  }
  return parseWith(schema, body, 'body');
}

/** A JSON body that may be left out entirely (publish, unpublish): none is checked as {}. */
export async function parseOptionalJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const raw = await c.req.text(); // Hono's cached reader: the JSON parse after it reads the same text
  return raw.trim() ? parseJson(c, schema) : parseWith(schema, {}, 'body');
}

/** Parses any value (query, params) and reports failures under the given location. */
export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: 'body' | 'query' | 'path' | 'header',
): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues: FieldIssue[] = result.error.issues.map((issue) => ({
    loc: [where, ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))],
    msg: issue.message,
    type: issue.code,
  }));
  throw new ValidationError(issues);
}
