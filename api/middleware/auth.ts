import { createMiddleware } from 'hono/factory';
import { UnauthorizedError } from '../lib/errors.ts';
import type { AppEnv } from '../lib/hono.ts';
import { resolveApiKey } from '../services/api-keys/resolve.ts';
import { isApiKey } from '../services/api-keys/secret.ts';
import { writeAudit } from '../services/admin/queries/audit-log.ts';
import { resolveImpersonator } from '../services/admin/impersonator.ts';
import { resolveUser } from '../services/users/resolve.ts';
import { httpStatus } from './errors.ts';

/**
 * Verifies the bearer credential (a Firebase ID token or an API key), finds its user, and puts both on the context.
 * A session an admin started by impersonation carries the admin in its token; each of its requests is written to the
 * audit log with its outcome.
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new UnauthorizedError('Not authenticated.');
  const { sql, config, verifier, caches, jobs } = c.get('deps');
  if (isApiKey(match[1])) {
    const user = await resolveApiKey({ sql, caches, key: match[1] });
    c.set('user', user);
    c.set('ctx', { sql, config, caches, jobs, actor: { kind: 'api-key', user } });
    return next();
  }
  let token;
  try {
    token = await verifier.verify(match[1]);
  } catch {
    throw new UnauthorizedError('Invalid or expired token.');
  }
  const user = await resolveUser({ sql, config, caches, token });
  const impersonator = await resolveImpersonator(sql, token, user);
  c.set('user', user);
  c.set('ctx', { sql, config, caches, jobs, actor: { kind: 'user', user, ...(impersonator ? { impersonator } : {}) } });
  if (!impersonator) return next();
  let status = 500;
  try {
    await next();
    status = c.res.status;
  } catch (error) {
    status = httpStatus(error);
    throw error;
  } finally {
    const url = new URL(c.req.url);
    await writeAudit(sql, {
      actor_id: impersonator.id,
      actor_email: impersonator.email,
      subject_id: user.id,
      subject_email: user.email,
      action: 'request',
      method: c.req.method,
      path: url.pathname + url.search,
      status,
    });
  }
});
