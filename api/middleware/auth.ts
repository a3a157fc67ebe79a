import { createMiddleware } from 'hono/factory';
import { UnauthorizedError } from '../lib/errors.ts';
import type { AppEnv } from '../lib/hono.ts';
import { resolveApiKey } from '../services/api-keys/resolve.ts';
import { isApiKey } from '../services/api-keys/secret.ts';
import { resolveUser } from '../services/users/resolve.ts';

/** Verifies the bearer credential (a Firebase ID token or an API key), finds its user, and puts both on the context. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new UnauthorizedError('Not authenticated.');
  const { sql, config, verifier, caches, jobs } = c.get('deps');
  if (isApiKey(match[1])) {
    const user = await resolveApiKey({ sql, caches, key: match[1] });
    c.set('user', user);
    c.set('ctx', { sql, config, caches, jobs, user, viaApiKey: true });
    return next();
  }
  let token;
  try {
    token = await verifier.verify(match[1]);
  } catch {
    throw new UnauthorizedError('Invalid or expired token.');
  }
  const user = await resolveUser({ sql, config, caches, token });
  c.set('user', user);
  c.set('ctx', { sql, config, caches, jobs, user });
  await next();
});
