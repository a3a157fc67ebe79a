// Costly calls are throttled (issue 22): every route that starts AI work counts its starts per user and per project
// over a rolling hour and answers 429 with Retry-After and what to do past the limit (THROTTLE_* settings); a refused
// start changes nothing, and a start that did not happen after all (402, not queued) is given back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql } from '../../api/db/sql.ts';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { call, signInUser, testApp, testDatabaseUrl, testJobs, testSql, type TestUser } from './helpers.ts';

let idle: JobRunner;

beforeAll(async () => {
  idle = await testJobs({}, { work: false }); // queues jobs without working them: no start reaches the AI here
});
afterAll(async () => idle.stop());

type App = ReturnType<typeof testApp>;

async function generateGuide(app: App, token: string, projectId: string) {
  const form = new FormData();
  form.set('project_id', projectId);
  form.set('use_brand_context', 'false');
  form.set('brand_context_text', 'We bake sourdough bread in Leeds every morning.');
  form.set('user_keywords_json', '["sourdough"]');
  const response = await app.request('/api/prompts/generate-and-save-guide', {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as any, headers: response.headers };
}

async function project(app: App, user: TestUser, name = 'Bakery'): Promise<string> {
  return (await call(app, 'POST', '/api/projects/', { token: user.token, body: { name } })).body.id;
}

async function styleGuide(projectId: string): Promise<string> {
  const [row] =
    await testSql()`insert into prompts (project_id, brand_voice) values (${projectId}, 'warm') returning id`;
  return row!.id as string;
}

async function entry(projectId: string): Promise<string> {
  const [row] = await testSql()`
    insert into calendar_entries (project_id, entry_date, title) values (${projectId}, '2031-03-03', 'Rye') returning id`;
  return row!.id as string;
}

async function workflow(app: App, user: TestUser, projectId: string): Promise<string> {
  const created = await call(app, 'POST', `/api/workflows/project/${projectId}`, {
    token: user.token,
    body: {
      name: 'One node',
      nodes: [{ id: 'topic', type: 'topic_input', position: { x: 0, y: 0 }, config: {} }],
      edges: [],
    },
  });
  return created.body.id;
}

/** Moves every counted start of these keys' owners back by more than an hour, as if the hour had passed. */
async function anHourLater(...ids: string[]): Promise<void> {
  for (const id of ids)
    await testSql()`update throttle_hits set minute = minute - interval '61 minutes' where key like ${`%:${id}`}`;
}

const meId = async (app: App, user: TestUser) =>
  (await call(app, 'GET', '/api/users/me/', { token: user.token })).body.id as string;

function expectRefused(answer: { status: number; body: any; headers: Headers }, message: RegExp) {
  expect(answer.status).toBe(429);
  expect(answer.body.detail).toMatch(message);
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  const minutes = Number(/Try again in (\d+) minutes?\.$/.exec(answer.body.detail)?.[1]);
  expect(minutes).toBe(Math.ceil(retryAfter / 60));
}

describe('throttles of AI-costing calls', () => {
  it('a Free user cannot run 15 style guide generations in a row: the 11th in an hour is 429, the hour after it works', async () => {
    const app = testApp({}, idle);
    const user = await signInUser();
    const projectId = await project(app, user);
    const statuses: number[] = [];

    for (let i = 0; i < 10; i++) statuses.push((await generateGuide(app, user.token, projectId)).status);
    const refused = await generateGuide(app, user.token, projectId);

    expect(statuses).toEqual(Array(10).fill(201));
    expectRefused(
      refused,
      /^You have started too many style guide generations in the last hour\. Try again in \d+ minutes\.$/,
    );
    const guides = await testSql()`select count(*)::int as n from prompts where project_id = ${projectId}`;
    expect(guides[0]!.n).toBe(10);
    await anHourLater(await meId(app, user), projectId);
    expect((await generateGuide(app, user.token, projectId)).status).toBe(201);
  });

  it("a project's limit counts all its members; a member refused there still works in another project", async () => {
    const app = testApp({ THROTTLE_GUIDES_PER_PROJECT: '3' }, idle);
    const owner = await signInUser();
    const editor = await signInUser();
    const shared = await project(app, owner, 'Shared');
    const link = await call(app, 'POST', `/api/projects/${shared}/invites`, {
      token: owner.token,
      body: { role: 'editor' },
    });
    await call(app, 'POST', `/api/invites/${link.body.token}/accept`, { token: editor.token });
    const own = await project(app, editor, 'Own');

    await generateGuide(app, owner.token, shared);
    await generateGuide(app, owner.token, shared);
    expect((await generateGuide(app, editor.token, shared)).status).toBe(201);
    const refused = await generateGuide(app, editor.token, shared);

    expectRefused(
      refused,
      /^This project has started too many style guide generations in the last hour\. Try again in \d+ minutes?\.$/,
    );
    expect((await generateGuide(app, editor.token, own)).status).toBe(201);
  });

  it('every AI-costing route answers 429 past its per-user limit, and then starts nothing', async () => {
    const app = testApp(
      {
        FETCH_ALLOW_LOOPBACK: 'true',
        THROTTLE_GUIDES_PER_USER: '1',
        THROTTLE_BRAND_PER_USER: '1',
        THROTTLE_PLANS_PER_USER: '1',
        THROTTLE_RUNS_PER_USER: '1',
      },
      idle,
    );
    const runsOf = async (id: string) =>
      (await testSql()`select count(*)::int as n from workflow_runs where created_by = ${id}`)[0]!.n as number;
    const routes: {
      name: string;
      start: (user: TestUser, projectId: string) => Promise<{ status: number; body: any; headers: Headers }>;
      message: RegExp;
      count: (id: string) => Promise<number>;
    }[] = [
      {
        name: 'POST /prompts/generate-and-save-guide',
        start: (user, projectId) => generateGuide(app, user.token, projectId),
        message: /style guide generations/,
        count: async (id) =>
          (await testSql()`select count(*)::int as n from prompts where created_by = ${id}`)[0]!.n as number,
      },
      {
        name: 'POST /projects/{id}/brand-fetch-and-generate-guide',
        start: (user, projectId) =>
          call(app, 'POST', `/api/projects/${projectId}/brand-fetch-and-generate-guide`, {
            token: user.token,
            body: { brand_url: 'http://127.0.0.1:9/' },
          }),
        message: /website analyses/,
        count: async (id) =>
          (await testSql()`select count(*)::int as n from brand_tasks where created_by = ${id}`)[0]!.n as number,
      },
      {
        name: 'POST /blogs/posts/plan/{projectId}/{promptId}',
        start: async (user, projectId) =>
          call(app, 'POST', `/api/blogs/posts/plan/${projectId}/${await styleGuide(projectId)}`, { token: user.token }),
        message: /30-day plans/,
        count: async (id) =>
          (await testSql()`select count(*)::int as n from plan_tasks where created_by = ${id}`)[0]!.n as number,
      },
      {
        name: 'POST /workflows/project/{projectId}/run',
        start: (user, projectId) =>
          call(app, 'POST', `/api/workflows/project/${projectId}/run`, { token: user.token, body: { topic: 'Rye' } }),
        message: /workflow runs/,
        count: runsOf,
      },
      {
        name: 'POST /workflows/{id}/run',
        start: async (user, projectId) =>
          call(app, 'POST', `/api/workflows/${await workflow(app, user, projectId)}/run`, {
            token: user.token,
            body: { topic: 'Rye' },
          }),
        message: /workflow runs/,
        count: runsOf,
      },
      {
        name: 'POST /calendar/entries/{id}/generate',
        start: async (user, projectId) =>
          call(app, 'POST', `/api/calendar/entries/${await entry(projectId)}/generate`, { token: user.token }),
        message: /workflow runs/,
        count: runsOf,
      },
    ];
    for (const route of routes) {
      const user = await signInUser();
      const id = await meId(app, user);
      const first = await route.start(user, await project(app, user, 'First'));
      const counted = await route.count(id);

      const second = await route.start(user, await project(app, user, 'Second'));

      expect(first.status, route.name).toBeLessThan(300);
      expectRefused(second, route.message);
      expect(await route.count(id), route.name).toBe(counted);
    }
  });

  it('a second website analysis of a project while one runs answers the running task: one task, one AI call', async () => {
    const app = testApp({ FETCH_ALLOW_LOOPBACK: 'true' }, idle);
    const user = await signInUser();
    const projectId = await project(app, user);
    const start = () =>
      call(app, 'POST', `/api/projects/${projectId}/brand-fetch-and-generate-guide`, {
        token: user.token,
        body: { brand_url: 'http://127.0.0.1:9/' },
      });

    const [first, second] = await Promise.all([start(), start()]);
    const third = await start();

    expect([first.status, second.status, third.status]).toEqual([202, 202, 202]);
    expect(new Set([first.body.task_id, second.body.task_id, third.body.task_id]).size).toBe(1);
    expect([first.body.message, second.body.message].sort()).toEqual([
      'Started analyzing website and generating style guide...',
      'This website is already being analyzed; follow that analysis.',
    ]);
    const tasks = await testSql()`select count(*)::int as n from brand_tasks where project_id = ${projectId}`;
    expect(tasks[0]!.n).toBe(1);
    const hits =
      await testSql()`select coalesce(sum(hits), 0)::int as n from throttle_hits where key = ${`brand:project:${projectId}`}`;
    expect(hits[0]!.n).toBe(1);
  });

  it('starts at the same moment through two server processes never pass a limit', async () => {
    const env = { THROTTLE_RUNS_PER_PROJECT: '5' };
    const ownPool = createSql(testDatabaseUrl(), 4);
    const first = testApp(env, idle);
    const second = testApp(env, idle, { sql: ownPool }); // another process: its own pool, its own batches
    const user = await signInUser();
    const projectId = await project(first, user);
    await testSql()`
      insert into subscriptions (account_id, plan_override) values (${await meId(first, user)}, 'scale')`;

    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        call(i % 2 ? second : first, 'POST', `/api/workflows/project/${projectId}/run`, {
          token: user.token,
          body: { topic: `Rye ${i}` },
        }),
      ),
    );
    await ownPool.end();

    expect(answers.filter((answer) => answer.status === 202)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(11);
    const runs = await testSql()`select count(*)::int as n from workflow_runs where project_id = ${projectId}`;
    expect(runs[0]!.n).toBe(5);
  });

  it('many analyses and plans started at once on a small pool all answer (no transaction waits for a second connection)', async () => {
    const pool = createSql(testDatabaseUrl(), 2);
    const app = testApp({ FETCH_ALLOW_LOOPBACK: 'true' }, idle, { sql: pool });
    const user = await signInUser();
    const projects = await Promise.all(Array.from({ length: 6 }, (_, i) => project(app, user, `P${i}`)));
    const guides = await Promise.all(projects.map((projectId) => styleGuide(projectId)));

    const answers = await Promise.all([
      ...projects.map((projectId) =>
        call(app, 'POST', `/api/projects/${projectId}/brand-fetch-and-generate-guide`, {
          token: user.token,
          body: { brand_url: 'http://127.0.0.1:9/' },
        }),
      ),
      ...projects.map((projectId, i) =>
        call(app, 'POST', `/api/blogs/posts/plan/${projectId}/${guides[i]}`, { token: user.token }),
      ),
    ]);
    await pool.end();

    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(202));
  });

  it('a run refused for the plan (402) gives its start back: the next refusal is still 402, not 429', async () => {
    const app = testApp({ THROTTLE_RUNS_PER_USER: '6' }, idle);
    const user = await signInUser();
    const projectId = await project(app, user);
    const run = () =>
      call(app, 'POST', `/api/workflows/project/${projectId}/run`, { token: user.token, body: { topic: 'Rye' } });
    const statuses: number[] = [];

    for (let i = 0; i < 8; i++) statuses.push((await run()).status);

    // Free: 2 posts a month plus 3 bonus posts, runs in flight counting.
    expect(statuses).toEqual([202, 202, 202, 202, 202, 402, 402, 402]);
  });
});
