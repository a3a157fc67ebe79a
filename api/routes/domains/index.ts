import { Hono } from 'hono';
import type { AppEnv } from '../../lib/hono.ts';
import { parseWith } from '../../lib/validate.ts';
import { isDomainAllowed } from '../../services/domains/verbs.ts';
import { allowedDomainQuery } from './schema.ts';

/** /api/domains/allowed?domain=: public, for an on-demand TLS proxy (Caddy `ask`): 200 for hosts a blog is served on. */
export const domainsRoutes = new Hono<AppEnv>().get('/allowed', async (c) => {
  const { domain } = parseWith(allowedDomainQuery, c.req.query(), 'query');
  const allowed = await isDomainAllowed({ sql: c.get('deps').sql, config: c.get('deps').config, domain });
  return c.json({ allowed }, allowed ? 200 : 404);
});
