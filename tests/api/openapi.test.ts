// GET /api/openapi.json: built from the zod schemas the routes validate with; every mounted /api route must be in it,
// so a new route joins by declaring its operation in its folder's schema.ts (and a line in api/routes/operations.ts).
import { describe, expect, it } from 'vitest';
import { call, testApp } from './helpers.ts';

const app = testApp();
const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\/+$/, '');

describe('the OpenAPI document', () => {
  it('is served without sign-in as OpenAPI 3.1', async () => {
    const answer = await call(app, 'GET', '/api/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toBe('3.1.0');
    expect(answer.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('describes every route mounted under /api', async () => {
    const { paths } = (await call(app, 'GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const mounted = app.routes.filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'));
    const missing = mounted.filter((route) => !paths[toOpenApiPath(route.path)]?.[route.method.toLowerCase()]).map((route) => `${route.method} ${route.path}`);
    expect(missing).toEqual([]);
    const described = Object.entries(paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(described).toHaveLength(new Set(mounted.map((route) => `${route.method} ${toOpenApiPath(route.path)}`)).size);
  });

  it('takes request bodies from the schemas the routes validate with', async () => {
    const { paths } = (await call(app, 'GET', '/api/openapi.json')).body;
    const createProject = paths['/api/projects'].post.requestBody.content['application/json'].schema;
    expect(createProject.properties.name).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });
    const invite = paths['/api/projects/{id}/invites'].post;
    expect(invite.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(invite.requestBody.content['application/json'].schema.properties.role.enum).toEqual(['owner', 'editor', 'viewer']);
    const guide = paths['/api/prompts/generate-and-save-guide'].post.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(guide.properties)).toEqual(expect.arrayContaining(['project_id', 'brand_context_text', 'user_keywords_json']));
    expect(paths['/api/api-keys'].post.responses['201'].content['application/json'].schema.required).toContain('key');
  });
});
