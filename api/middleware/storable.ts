import { createMiddleware } from 'hono/factory';
import { NotFoundError, ValidationError } from '../lib/errors.ts';
import type { AppEnv } from '../lib/hono.ts';
import { hasNul, NUL_MESSAGE, unstorablePart } from '../lib/storable-input.ts';
import { type BodyRule, carriesBody } from './body.ts';

/**
 * One rule for every /api route, before any handler or schema sees the request: text holding NUL (a path, a query
 * parameter, a JSON or form field) and JSON nested deeper than MAX_INPUT_DEPTH are refused with a 422 naming the
 * field, so nothing Postgres would refuse (a 500) or a deep value that would overflow a stack reaches a service. It
 * reads the body through Hono's cached readers, so the route's own parsing (parseJson, a zod-openapi validator,
 * parseBody) reads the same bytes again; a body that is not valid JSON is left for the route to refuse.
 */
export function refuseUnstorable(rules: BodyRule[]) {
  const raw = new Set(rules.filter((rule) => rule.raw).map((rule) => `${rule.method.toUpperCase()} ${rule.path}`));
  return createMiddleware<AppEnv>(async (c, next) => {
    const url = c.req.url;
    // A NUL can only arrive percent-encoded: a request without "%00" skips the checks below at no cost.
    if (url.includes('%00')) {
      const queryAt = url.indexOf('?');
      if (url.slice(0, queryAt < 0 ? undefined : queryAt).includes('%00')) throw new NotFoundError('Not found.');
      for (const [name, values] of Object.entries(c.req.queries())) {
        if (hasNul(name) || values.some(hasNul))
          throw new ValidationError([{ loc: ['query', name], msg: NUL_MESSAGE, type: 'string_nul' }]);
      }
    }
    if (!carriesBody(c)) return next();
    if (raw.has(`${c.req.method} ${c.req.path.replace(/\/+$/, '')}`)) return next();
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (mediaType === 'application/json') {
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return next();
      }
      const problem = unstorablePart(body, 'body');
      if (problem) throw new ValidationError([problem]);
    } else if (mediaType === 'multipart/form-data') {
      const form = await c.req.parseBody().catch(() => ({}));
      for (const [name, value] of Object.entries(form)) {
        if (hasNul(name) || (typeof value === 'string' && hasNul(value)))
          throw new ValidationError([{ loc: ['body', name], msg: NUL_MESSAGE, type: 'string_nul' }]);
      }
    }
    return next();
  });
}
