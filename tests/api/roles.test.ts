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
  request: (fixture: Fixture) => Promise<{ method: string; path: string; body?: unknown; form?: Record<string, string>; headers?: Record<string, string> }>;
}

const ADMIN_EMAIL = `admin-${Date.now()}@example.com`;
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

async function newEntry(projectId: string): Promise<string> {
  const [row] = await testSql()`insert into calendar_entries (project_id, entry_date, title) values (${projectId}, '2030-01-15', 'Role entry') returning id`;
  return row!.id as string;
}

async function newPlanTask(projectId: string): Promise<string> {
  const [row] = await testSql()`insert into plan_tasks (project_id, start_date, status) values (${projectId}, '2030-01-01', 'complete') returning id`;
  return row!.id as string;
}

const ONE_NODE = [{ id: 'topic', type: 'topic_input', position: { x: 0, y: 0 }, config: {} }];

async function newWorkflow(projectId: string): Promise<string> {
  const [row] = await testSql()`insert into workflows (project_id, name, nodes) values (${projectId}, 'W', ${testSql().json(ONE_NODE)}) returning id`;
  return row!.id as string;
}

async function newRun(projectId: string): Promise<string> {
  const [row] = await testSql()`insert into workflow_runs (project_id, graph) values (${projectId}, ${testSql().json({ nodes: [], edges: [] })}) returning id`;
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
  { name: 'POST /blogs/posts/plan/{projectId}/{promptId}', action: 'write', ok: 202, request: async (f) => ({ method: 'POST', path: `/api/blogs/posts/plan/${f.projectId}/${f.promptId}` }) },
  { name: 'GET /blogs/posts/plan/status/{taskId}', action: 'read', ok: 200, request: async (f) => ({ method: 'GET', path: `/api/blogs/posts/plan/status/${await newPlanTask(f.projectId)}` }) },
  { name: 'GET /calendar/project/{projectId}', action: 'read', ok: 200, request: async (f) => ({ method: 'GET', path: `/api/calendar/project/${f.projectId}?month=2030-01` }) },
  { name: 'POST /calendar/project/{projectId}', action: 'write', ok: 201, request: async (f) => ({ method: 'POST', path: `/api/calendar/project/${f.projectId}`, body: { date: '2030-01-02', title: 'New' } }) },
  {
    name: 'GET /calendar/project/{projectId}/competition',
    action: 'read',
    ok: 200,
    request: async (f) => ({ method: 'GET', path: `/api/calendar/project/${f.projectId}/competition?keyword=bread` }),
  },
  { name: 'GET /calendar/project/{projectId}/failures', action: 'read', ok: 200, request: async (f) => ({ method: 'GET', path: `/api/calendar/project/${f.projectId}/failures` }) },
  { name: 'GET /calendar/project/{projectId}/autopilot', action: 'read', ok: 200, request: async (f) => ({ method: 'GET', path: `/api/calendar/project/${f.projectId}/autopilot` }) },
  {
    name: 'PUT /calendar/project/{projectId}/autopilot',
    action: 'write',
    ok: 200,
    request: async (f) => ({ method: 'PUT', path: `/api/calendar/project/${f.projectId}/autopilot`, body: { enabled: false, time_zone: 'Europe/Paris', publish_mode: 'draft' } }),
  },
  { name: 'GET /calendar/entries/{id}', action: 'read', ok: 200, request: async (f) => ({ method: 'GET', path: `/api/calendar/entries/${await newEntry(f.projectId)}` }) },
  { name: 'PATCH /calendar/entries/{id}', action: 'write', ok: 200, request: async (f) => ({ method: 'PATCH', path: `/api/calendar/entries/${await newEntry(f.projectId)}`, body: { date: '2030-01-20' } }) },
  { name: 'POST /calendar/entries/{id}/generate', action: 'write', ok: 202, request: async (f) => ({ method: 'POST', path: `/api/calendar/entries/${await newEntry(f.projectId)}/generate` }) },
  { name: 'DELETE /calendar/entries/{id}', action: 'write', ok: 200, request: async (f) => ({ method: 'DELETE', path: `/api/calendar/entries/${await newEntry(f.projectId)}` }) },
  { name: 'GET /workflows/project/{projectId}', action: 'read', ok: 200, request: async (f) => ({ method: 'GET', path: `/api/workflows/project/${f.projectId}` }) },
  {
    name: 'POST /workflows/project/{projectId}',
    action: 'write',
    ok: 201,
    request: async (f) => ({ method: 'POST', path: `/api/workflows/project/${f.projectId}`, body: { name: 'Mine', nodes: ONE_NODE, edges: [] } }),
  },
  { name: 'GET /workflows/{id}', action: 'read', ok: 200, request: async (f) => ({ method: 'GET', path: `/api/workflows/${await newWorkflow(f.projectId)}` }) },
  {
    name: 'PUT /workflows/{id}',
    action: 'write',
    ok: 200,
    request: async (f) => ({ method: 'PUT', path: `/api/workflows/${await newWorkflow(f.projectId)}`, body: { name: 'Renamed', nodes: ONE_NODE, edges: [], version: 1 } }),
  },
  { name: 'DELETE /workflows/{id}', action: 'write', ok: 200, request: async (f) => ({ method: 'DELETE', path: `/api/workflows/${await newWorkflow(f.projectId)}` }) },
  {
    name: 'POST /workflows/{id}/run',
    action: 'write',
    ok: 202,
    request: async (f) => ({ method: 'POST', path: `/api/workflows/${await newWorkflow(f.projectId)}/run`, body: { topic: 'Bread' } }),
  },
  { name: 'POST /workflows/project/{projectId}/run', action: 'write', ok: 202, request: async (f) => ({ method: 'POST', path: `/api/workflows/project/${f.projectId}/run`, body: { topic: 'Bread' } }) },
  { name: 'GET /workflows/runs/{runId}', action: 'read', ok: 200, request: async (f) => ({ method: 'GET', path: `/api/workflows/runs/${await newRun(f.projectId)}` }) },
  { name: 'GET /workflows/runs/project/{projectId}', action: 'read', ok: 200, request: async (f) => ({ method: 'GET', path: `/api/workflows/runs/project/${f.projectId}` }) },
  { name: 'GET /queue/status', action: 'read', ok: 200, request: async (f) => ({ method: 'GET', path: '/api/queue/status', headers: { 'x-project-id': f.projectId } }) },
  { name: 'DELETE /queue/items/{id}', action: 'write', ok: 200, request: async (f) => ({ method: 'DELETE', path: `/api/queue/items/${await newRun(f.projectId)}` }) },
];

beforeAll(async () => {
  runner = await testJobs(env, { work: false }); // tasks are queued, never worked: this file is about who may call
  app = testApp(env, runner);
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
    const { method, path, body, form, headers } = await route.request(fixture);
    const token = role === 'anonymous' ? undefined : users[role].token;
    let status: number;
    if (form) {
      const data = new FormData();
      for (const [key, value] of Object.entries(form)) data.set(key, value);
      const response = await app.request(path, { method, body: data, headers: token ? { authorization: `Bearer ${token}` } : {} });
      status = response.status;
    } else {
      status = (await call(app, method, path, { ...(token ? { token } : {}), ...(body === undefined ? {} : { body }), ...(headers ? { headers } : {}) })).status;
    }
    expect(status).toBe(expected(route, role));
  });
});
