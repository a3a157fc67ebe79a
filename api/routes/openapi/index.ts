import { z } from 'zod';
import { buildOpenApiDocument } from '../../lib/openapi.ts';
import { type ApiRoute, defineRoute } from '../../lib/route.ts';

/** GET /api/health: liveness. */
export const health = defineRoute({
  method: 'get',
  path: '/api/health',
  tag: 'Meta',
  public: true,
  summary: 'Liveness.',
  responses: { 200: { description: 'Up.', schema: z.object({ status: z.literal('ok') }) } },
  handler: (c) => c.json({ status: 'ok' }),
});

/** GET /api/openapi.json: the document of `routes()` (every route), built from their declarations on first ask. */
export function openapiDocument(routes: () => readonly ApiRoute[]): ApiRoute {
  let document: string | undefined;
  return defineRoute({
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Meta',
    public: true,
    summary: 'This document (OpenAPI 3.1). The readable reference is at /docs/api.',
    responses: { 200: { description: 'The OpenAPI document.' } },
    handler: (c) => {
      document ??= JSON.stringify(buildOpenApiDocument(routes(), { version: '1' }));
      c.header('Cache-Control', 'public, max-age=300');
      return c.body(document, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
    },
  });
}
