// The role matrix of every project-scoped route, as one table: anonymous → 401, non-member → 404 (as if missing),
// viewer → reads only (writes 403), editor and owner → everything; an admin who is not a member is an outsider (admin
// rights reach a project only through impersonation). Later issues add their routes to ROUTES.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { call, signInUser, testApp, testJobs, testSql, type TestUser } from './helpers.ts';

type Role = 'anonymous' | 'outsider' | 'admin' | 'viewer' | 'editor' | 'owner';
interface Fixture {
  projectId: string;
  promptId: string;
  taskId: string;
}
interface Route {
  name: string;
  action: 'read' | 'write';
  ok: number;
  /** Builds the request; may create what a destructive call consumes. */
  request: (fixture: Fixture) => Promise<{ method: string; path: string; body?: unknown; form?: Record<string, string> }>;
}

const ADMIN_EMAIL = `admin-${Date.now()}@example.com`;
const ROLES_DOMAIN = `roles-${Date.now()}.acme-test.com`;
const env = { FETCH_ALLOW_LOOPBACK: 'true', ADMIN_EMAILS: ADMIN_EMAIL };
let runner: JobRunner;
let app: ReturnType<typeof testApp>;
let owner: TestUser;
const users = {} as Record<Exclude<Role, 'anonymous'>, TestUser>;
const fixture = {} as Fixture;

async function newPrompt(projectId: string): Promise<string> {
  const [row] = await testSql()`insert into prompts (project_id, brand_voice) values (${projectId}, 'voice') returning id`;
  return row!.id as string;
}

async function newPost(projectId: string, status: 'draft' | 'published' = 'draft'): Promise<string> {
  const [row] = await testSql()`
    insert into blog_posts (project_id, title, slug, status) values (${projectId}, 'Post', ${`post-${crypto.randomUUID()}`}, ${status}) returning id`;
  return row!.id as string;
}

const ROUTES: Route[] = [
  { name: 'GET /projects/{id}', action: 'read', ok: 200, request: async (f) => ({ method: 'GET', path: `/api/projects/${f.projectId}` }) },
  { name: 'PATCH /projects/{id}', action: 'write', ok: 200, request: async (f) => ({ method: 'PATCH', path: `/api/projects/${f.projectId}`, body: { default_prompt_id: f.promptId } }) },
  {
    name: 'POST /projects/{id}/brand-fetch-and-generate-guide',
    action: 'write',
    ok: 202,
    request: async (f) => ({ method: 'POST', path: `/api/projects/${f.projectId}/brand-fetch-and-generate-guide`, body: { brand_url: 'http://127.0.0.1:9/' } }),
  },
  { name: 'GET /projects/brand-guide/status/{task_id}', action: 'read', ok: 200, request: async (f) => ({ method: 'GET', path: `/api/projects/brand-guide/status/${f.taskId}` }) },
  { name: 'GET /prompts/{id}', action: 'read', ok: 200, request: async (f) => ({ method: 'GET', path: `/api/prompts/${f.promptId}` }) },
  { name: 'GET /prompts/project/{projectId}', action: 'read', ok: 200, request: async (f) => ({ method: 'GET', path: `/api/prompts/project/${f.projectId}` }) },
  { name: 'GET /prompts/project/{projectId}/all', action: 'read', ok: 200, request: async (f) => ({ method: 'GET', path: `/api/prompts/project/${f.projectId}/all` }) },
  { name: 'PATCH /prompts/{id}', action: 'write', ok: 200, request: async (f) => ({ method: 'PATCH', path: `/api/prompts/${f.promptId}`, body: { keywords: ['bread'] } }) },
  { name: 'DELETE /prompts/{id}', action: 'write', ok: 204, request: async (f) => ({ method: 'DELETE', path: `/api/prompts/${await newPrompt(f.projectId)}` }) },
  { name: 'GET /projects/{id}/custom-domain', action: 'read', ok: 200, request: async (f) => ({ method: 'GET', path: `/api/projects/${f.projectId}/custom-domain` }) },
  { name: 'POST /projects/{id}/custom-domain', action: 'write', ok: 200, request: async (f) => ({ method: 'POST', path: `/api/projects/${f.projectId}/custom-domain`, body: { domain: ROLES_DOMAIN } }) },
  {
    name: 'POST /projects/{id}/custom-domain/verify',
    action: 'write',
    ok: 200,
    request: async (f) => {
      await testSql()`update projects set custom_blog_domain = ${ROLES_DOMAIN}, custom_blog_domain_status = 'pending', custom_blog_domain_token = 'roles' where id = ${f.projectId}`;
      return { method: 'POST', path: `/api/projects/${f.projectId}/custom-domain/verify` };
    },
  },
  { name: 'DELETE /projects/{id}/custom-domain', action: 'write', ok: 200, request: async (f) => ({ method: 'DELETE', path: `/api/projects/${f.projectId}/custom-domain` }) },
  {
    name: 'POST /prompts/generate-and-save-guide',
    action: 'write',
    ok: 201,
    request: async (f) => ({
      method: 'POST',
      path: '/api/prompts/generate-and-save-guide',
      form: { project_id: f.projectId, use_brand_context: 'false', brand_context_text: 'We bake bread.', user_keywords_json: '["bread"]' },
    }),
  },
  { name: 'GET /blogs/posts/post/{id}', action: 'read', ok: 200, request: async (f) => ({ method: 'GET', path: `/api/blogs/posts/post/${await newPost(f.projectId)}` }) },
  { name: 'GET /blogs/posts/project/{projectId}', action: 'read', ok: 200, request: async (f) => ({ method: 'GET', path: `/api/blogs/posts/project/${f.projectId}?status=published` }) },
  { name: 'POST /blogs/posts/project/{projectId}', action: 'write', ok: 201, request: async (f) => ({ method: 'POST', path: `/api/blogs/posts/project/${f.projectId}`, body: { title: 'Draft' } }) },
  {
    name: 'POST /blogs/posts/project/{projectId}/preview',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'POST', path: `/api/blogs/posts/project/${f.projectId}/preview`, body: { markdown: '# Hi' } }),
  },
  {
    name: 'PATCH /blogs/posts/post/{id}',
    action: 'write',
    ok: 200,
    request: async (f) => ({ method: 'PATCH', path: `/api/blogs/posts/post/${await newPost(f.projectId)}`, body: { version: 1, title: 'Edited' } }),
  },
  { name: 'POST /blogs/posts/post/{id}/publish', action: 'write', ok: 200, request: async (f) => ({ method: 'POST', path: `/api/blogs/posts/post/${await newPost(f.projectId)}/publish` }) },
  {
    name: 'POST /blogs/posts/post/{id}/unpublish',
    action: 'write',
    ok: 200,
    request: async (f) => ({ method: 'POST', path: `/api/blogs/posts/post/${await newPost(f.projectId, 'published')}/unpublish` }),
  },
  { name: 'DELETE /blogs/posts/post/{id}', action: 'write', ok: 200, request: async (f) => ({ method: 'DELETE', path: `/api/blogs/posts/post/${await newPost(f.projectId)}` }) },
];

beforeAll(async () => {
  runner = await testJobs(env, { work: false }); // tasks are queued, never worked: this file is about who may call
  app = testApp(env, runner, { dns: { resolveTxt: async () => [] } }); // custom-domain checks never leave the machine
  owner = await signInUser();
  users.owner = owner;
  users.outsider = await signInUser();
  users.admin = await signInUser({ email: ADMIN_EMAIL });
  users.viewer = await signInUser();
  users.editor = await signInUser();
  const project = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Roles' } });
  fixture.projectId = project.body.id;
  for (const role of ['viewer', 'editor'] as const) {
    await call(app, 'GET', '/api/users/me/', { token: users[role].token });
    await testSql()`
      insert into project_members (project_id, user_id, role)
      select ${fixture.projectId}, id, ${role} from users where external_id = ${users[role].uid}`;
  }
  await call(app, 'GET', '/api/users/me/', { token: users.outsider.token });
  const admin = await call(app, 'GET', '/api/users/me/', { token: users.admin.token });
  if (admin.body.is_admin !== true) throw new Error('the admin of the role matrix did not get admin rights');
  fixture.promptId = await newPrompt(fixture.projectId);
  await testSql()`update projects set default_prompt_id = ${fixture.promptId} where id = ${fixture.projectId}`;
  const task = await call(app, 'POST', `/api/projects/${fixture.projectId}/brand-fetch-and-generate-guide`, { token: owner.token, body: { brand_url: 'http://127.0.0.1:9/' } });
  fixture.taskId = task.body.task_id;
});
afterAll(async () => runner.stop());

function expected(route: Route, role: Role): number {
  if (role === 'anonymous') return 401;
  if (role === 'outsider' || role === 'admin') return 404;
  if (role === 'viewer' && route.action === 'write') return 403;
  return route.ok;
}

const cases = ROUTES.flatMap((route) => (['anonymous', 'outsider', 'admin', 'viewer', 'editor', 'owner'] as const).map((role) => [route.name, role, route] as const));

describe('roles on every project route', () => {
  it.each(cases)('%s as %s', async (_name, role, route) => {
    const { method, path, body, form } = await route.request(fixture);
    const token = role === 'anonymous' ? undefined : users[role].token;
    let status: number;
    if (form) {
      const data = new FormData();
      for (const [key, value] of Object.entries(form)) data.set(key, value);
      const response = await app.request(path, { method, body: data, headers: token ? { authorization: `Bearer ${token}` } : {} });
      status = response.status;
    } else {
      status = (await call(app, method, path, { ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) })).status;
    }
    expect(status).toBe(expected(route, role));
  });
});
