import { Hono } from 'hono';
import { NotFoundError } from '../../lib/errors.ts';
import type { AppEnv } from '../../lib/hono.ts';
import { parseJson } from '../../lib/validate.ts';
import { resolverFor } from '../../services/domains/resolver.ts';
import {
  connectCustomDomain,
  getCustomDomain,
  removeCustomDomain,
  verifyCustomDomain,
} from '../../services/domains/verbs.ts';
import { connectCustomDomainBody, customDomainParam } from './schema.ts';

function projectId(param: Record<string, string>): string {
  const params = customDomainParam.safeParse(param);
  if (!params.success) throw new NotFoundError('Project not found.');
  return params.data.id;
}

/** /api/projects/{id}/custom-domain: the blog's address, connect, verify (DNS) and remove a custom domain. */
export const customDomainRoutes = new Hono<AppEnv>()
  .get('/:id/custom-domain', async (c) =>
    c.json(await getCustomDomain({ ctx: c.get('ctx'), input: { projectId: projectId(c.req.param()) } })),
  )
  .post('/:id/custom-domain', async (c) => {
    const id = projectId(c.req.param());
    const body = await parseJson(c, connectCustomDomainBody);
    return c.json(
      await connectCustomDomain({
        ctx: c.get('ctx'),
        input: { projectId: id, domain: body.domain, base_path: body.base_path },
      }),
    );
  })
  .post('/:id/custom-domain/verify', async (c) => {
    const id = projectId(c.req.param());
    return c.json(
      await verifyCustomDomain({
        ctx: c.get('ctx'),
        input: { projectId: id },
        resolver: c.get('deps').dns ?? resolverFor(c.get('deps').config),
      }),
    );
  })
  .delete('/:id/custom-domain', async (c) =>
    c.json(await removeCustomDomain({ ctx: c.get('ctx'), input: { projectId: projectId(c.req.param()) } })),
  );
