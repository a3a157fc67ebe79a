import { Hono } from 'hono';
import { buildOpenApiDocument } from '../../lib/openapi-document.ts';
import type { AppEnv } from '../../lib/hono.ts';
import { API_OPERATIONS } from '../operations.ts';

let document: string | undefined;

/** /api/openapi.json: the document of every route, from the zod schemas they validate with; built on first ask. */
export const openapiRoutes = new Hono<AppEnv>().get('/', (c) => {
  document ??= JSON.stringify(buildOpenApiDocument(API_OPERATIONS, { version: '1' }));
  c.header('Cache-Control', 'public, max-age=300');
  return c.body(document, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
});
