// GET /api/openapi.json: built from the route declarations the router mounts (api/routes/index.ts), so every mounted
// /api route is in it with the zod schemas it validates with.
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
    const { paths } = (await call(app, 'GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const mounted = app.routes.filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'));
    const missing = mounted
      .filter((route) => !paths[toOpenApiPath(route.path)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.path}`);
    expect(missing).toEqual([]);
    const described = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(described).toHaveLength(
      new Set(mounted.map((route) => `${route.method} ${toOpenApiPath(route.path)}`)).size,
    );
  });

  it('takes request bodies from the schemas the routes validate with', async () => {
    const { paths } = (await call(app, 'GET', '/api/openapi.json')).body;
    const createProject = paths['/api/projects'].post.requestBody.content['application/json'].schema;
    expect(createProject.properties.name).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });
    const invite = paths['/api/projects/{id}/invites'].post;
    expect(invite.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(invite.requestBody.content['application/json'].schema.properties.role.enum).toEqual([
      'owner',
      'editor',
      'viewer',
    ]);
    const guide = paths['/api/prompts/generate-and-save-guide'].post.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(guide.properties)).toEqual(
      expect.arrayContaining(['project_id', 'brand_context_text', 'user_keywords_json']),
    );
    expect(paths['/api/api-keys'].post.responses['201'].content['application/json'].schema.required).toContain('key');
  });

  it("documents the Stripe webhook as Stripe's raw signed body, public, with its Stripe-Signature header", async () => {
    const webhook = (await call(app, 'GET', '/api/openapi.json')).body.paths['/api/billing/stripe/webhook'].post;
    expect(webhook.security).toEqual([]);
    expect(webhook.requestBody.description).toMatch(/raw signed body/);
    expect(webhook.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['id', 'type', 'created', 'data']),
    );
    expect(webhook.parameters).toEqual([
      expect.objectContaining({ name: 'Stripe-Signature', in: 'header', required: true }),
    ]);
    expect(Object.keys(webhook.responses)).toEqual(['200', '400', '404']);
  });

  it('lists the errors of the usage, billing and admin routes with their request schemas', async () => {
    const { paths } = (await call(app, 'GET', '/api/openapi.json')).body;
    expect(Object.keys(paths['/api/usage'].get.responses)).toEqual(['200', '401']);
    expect(Object.keys(paths['/api/billing/portal'].post.responses)).toEqual([
      '200',
      '401',
      '403',
      '404',
      '409',
      '502',
    ]);
    expect(paths['/api/billing/portal'].post.responses['403'].description).toMatch(/API key/);
    const setPlan = paths['/api/admin/users/{id}/plan'].put;
    expect(setPlan.requestBody.content['application/json'].schema.properties.plan.anyOf).toContainEqual(
      expect.objectContaining({ enum: ['free', 'starter', 'pro', 'scale'] }),
    );
    expect(Object.keys(setPlan.responses)).toEqual(['200', '401', '403', '404', '422']);
    expect(
      paths['/api/admin/users'].get.parameters.map(
        (parameter: { name: string; in: string }) => `${parameter.in} ${parameter.name}`,
      ),
    ).toEqual(['query q', 'query limit']);
    expect(paths['/api/admin/users/{id}/impersonate'].post.responses['403'].description).toMatch(
      /superusers cannot be impersonated/,
    );
    expect(paths['/api/admin/audit-log'].get.responses['403'].description).toBe(
      'Only superusers can read the audit log, from their own sign-in (never with an API key).',
    );
  });

  it('documents the workflows, queue, media and posts routes with their errors; media as public image bytes', async () => {
    const { paths } = (await call(app, 'GET', '/api/openapi.json')).body;
    const media = paths['/api/media/{id}'].get;
    expect(media.security).toEqual([]);
    expect(Object.keys(media.responses['200'].content)).toEqual(['image/svg+xml', 'image/*']);
    expect(media.responses['404']).toBeDefined();
    expect(media.responses['401']).toBeUndefined();
    expect(Object.keys(paths['/api/queue/items/{id}'].delete.responses).sort()).toEqual([
      '200',
      '401',
      '403',
      '404',
      '409',
      '422',
    ]);
    expect(paths['/api/queue/status'].get.parameters).toEqual([
      expect.objectContaining({ name: 'X-Project-ID', in: 'header', required: true }),
    ]);
    expect(Object.keys(paths['/api/workflows/{id}'].put.responses).sort()).toEqual([
      '200',
      '401',
      '403',
      '404',
      '409',
      '422',
    ]);
    expect(Object.keys(paths['/api/workflows/project/{projectId}/run'].post.responses).sort()).toEqual([
      '202',
      '401',
      '403',
      '404',
      '422',
      '429',
      '503',
    ]);
    expect(
      paths['/api/workflows/project/{projectId}'].post.requestBody.content['application/json'].schema.anyOf,
    ).toHaveLength(2);
    const publish = paths['/api/blogs/posts/post/{id}/publish'].post;
    expect(publish.requestBody.required).toBe(false);
    expect(Object.keys(publish.responses).sort()).toEqual(['200', '401', '403', '404', '409', '422']);
    expect(
      paths['/api/blogs/posts/project/{projectId}'].get.parameters.map(
        (parameter: { name: string; in: string }) => `${parameter.in} ${parameter.name}`,
      ),
    ).toEqual(['path projectId', 'query status', 'query q', 'query sort', 'query page', 'query page_size']);
  });

  it('documents the plan and calendar routes with their errors and the month-or-range query', async () => {
    const { paths } = (await call(app, 'GET', '/api/openapi.json')).body;
    const keys = (responses: object) => Object.keys(responses).sort();
    expect(keys(paths['/api/blogs/posts/plan/{projectId}/{promptId}'].post.responses)).toEqual([
      '202',
      '401',
      '403',
      '404',
      '422',
      '429',
      '503',
    ]);
    expect(
      paths['/api/blogs/posts/plan/status/{taskId}'].get.responses['200'].content['application/json'].schema.properties
        .status.enum,
    ).toEqual(['pending', 'in_progress', 'complete', 'error']);
    expect(
      paths['/api/calendar/project/{projectId}'].get.parameters.map(
        (parameter: { name: string; in: string }) => `${parameter.in} ${parameter.name}`,
      ),
    ).toEqual(['path projectId', 'query month', 'query from', 'query to']);
    expect(
      paths['/api/calendar/project/{projectId}'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['title', 'date']);
    expect(keys(paths['/api/calendar/entries/{id}'].patch.responses)).toEqual(['200', '401', '403', '404', '422']);
    const generate = paths['/api/calendar/entries/{id}/generate'].post;
    expect(keys(generate.responses)).toEqual(['202', '401', '402', '403', '404', '409', '422', '429', '503']);
    expect(generate.requestBody).toBeUndefined();
    expect(
      paths['/api/calendar/project/{projectId}/autopilot'].put.requestBody.content['application/json'].schema.properties
        .publish_mode.enum,
    ).toEqual(['publish', 'draft']);
  });

  it("documents the project update with its name, the hosted blog's logo, colour and base path, and its 422", async () => {
    const update = (await call(app, 'GET', '/api/openapi.json')).body.paths['/api/projects/{id}'].patch;
    const body = update.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual([
      'name',
      'description',
      'language',
      'default_prompt_id',
      'blog_logo_url',
      'blog_accent_color',
      'blog_base_path',
    ]);
    expect(body.properties.blog_accent_color.description).toMatch(
      /#rrggbb, with a contrast of at least 4\.5:1 against white/,
    );
    expect(Object.keys(update.responses).sort()).toEqual(['200', '401', '403', '404', '422']);
  });
});
