// Issue 22: an owner deletes a project. Nothing of it stays readable (every table with a project or user column, and
// every text of every table, searched from the catalogue), except the audit record of the deletion and the
// content-free count of the posts it generated; its blog host answers 404 in this process and in another one over the
// same database; its queued and running work stops; editors, viewers, outsiders, API keys and a mistyped name change
// nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql } from '../../api/db/sql.ts';
import { startJobs, type JobRunner } from '../../api/jobs/boss.ts';
import { WORKERS } from '../../api/jobs/registry.ts';
import { startDemoSite } from '../fixtures/demo-site/server.mjs';
import { FAKE_AI_KEY, FAKE_AI_MODEL, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { addPost, fakeDns, verifiedDomain, visit, type Blog } from './blog-support.ts';
import { deletionRecords, keyColumns, rowsKeyedBy, rowsMentioning } from './deletion-support.ts';
import {
  call,
  secondInstance,
  signInUser,
  testApp,
  testConfig,
  testDatabaseUrl,
  testFeed,
  testJobs,
  testQueuePrefix,
  testSql,
  type TestUser,
} from './helpers.ts';

const dns = fakeDns();
const second = secondInstance('inkpilot-deletion-second');
let runner: JobRunner;
let app: ReturnType<typeof testApp>;

beforeAll(async () => {
  runner = await testJobs({ FETCH_ALLOW_LOOPBACK: 'true' }, { work: false }); // queued work stays queued
  app = testApp({ FETCH_ALLOW_LOOPBACK: 'true' }, runner, { dns });
  await Promise.all([second.feed.ready, testFeed().ready]);
});
afterAll(async () => {
  await runner.stop();
  await second.feed.stop();
});

async function userId(user: TestUser): Promise<string> {
  return (await call(app, 'GET', '/api/users/me/', { token: user.token })).body.id as string;
}

async function onScale(user: TestUser): Promise<void> {
  await testSql()`
    insert into subscriptions (account_id, plan_override) values (${await userId(user)}, 'scale')
    on conflict (account_id) do update set plan_override = 'scale'`;
}

let made = 0;

/**
 * A project with one of everything a project holds: members, style guide, brand task, plan task and calendar entry,
 * autopilot, a workflow run with its node rows, a published post, a cover in media, a verified custom domain, an open
 * invite, AI usage and a usage event; the tasks and the run queued as pg-boss jobs.
 */
async function fullProject() {
  made += 1;
  const owner = await signInUser({ name: 'Olive Owner' });
  const editor = await signInUser();
  const viewer = await signInUser();
  await onScale(owner);
  const name = `Doomed Bakery ${made} ${Date.now()}`;
  const created = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name } });
  const projectId = created.body.id as string;
  const [project] = await testSql()`select slug from projects where id = ${projectId}`;
  const blog: Blog = { owner, projectId, slug: project!.slug, host: `${project!.slug}.blogs.localhost:4321` };
  for (const [user, role] of [
    [editor, 'editor'],
    [viewer, 'viewer'],
  ] as const)
    await testSql()`insert into project_members (project_id, user_id, role) values (${projectId}, ${await userId(user)}, ${role})`;
  const asOwner = { token: owner.token };
  const [prompt] = await testSql()`
    insert into prompts (project_id, name, brand_voice, keywords) values (${projectId}, 'Guide', 'Crusty and warm', ${['sourdough']})
    returning id`;
  await call(app, 'PATCH', `/api/projects/${projectId}`, { ...asOwner, body: { default_prompt_id: prompt!.id } });
  const brand = await call(app, 'POST', `/api/projects/${projectId}/brand-fetch-and-generate-guide`, {
    ...asOwner,
    body: { brand_url: 'http://127.0.0.1:9/' },
  });
  const plan = await call(app, 'POST', `/api/blogs/posts/plan/${projectId}/${prompt!.id}`, asOwner);
  const entry = await call(app, 'POST', `/api/calendar/project/${projectId}`, {
    ...asOwner,
    body: { date: '2030-01-02', title: 'Rye at home' },
  });
  await call(app, 'PUT', `/api/calendar/project/${projectId}/autopilot`, {
    ...asOwner,
    body: { enabled: true, time_zone: 'Europe/Paris', publish_mode: 'draft' },
  });
  const run = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
    ...asOwner,
    body: { topic: 'Sourdough starters' },
  });
  // A second run that has finished: its pg-boss job must go as well as the queued ones'.
  const done = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
    ...asOwner,
    body: { topic: 'Rye' },
  });
  await testSql()`update workflow_runs set status = 'success', finished_at = now() where id = ${done.body.run_id}`;
  const post = await addPost(blog, { title: 'Crumb secrets', markdown: 'The **crumb** tells all.' });
  const [media] = await testSql()`
    insert into media (project_id, content_type, body) values (${projectId}, 'image/svg+xml', ${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')})
    returning id`;
  const domain = `doomed-${made}-${Date.now()}.bakery-test.com`;
  await verifiedDomain(app, dns, blog, domain);
  const invite = await call(app, 'POST', `/api/projects/${projectId}/invites`, {
    ...asOwner,
    body: { role: 'editor' },
  });
  await testSql()`
    insert into ai_usage (project_id, task_id, purpose, model, total_tokens) values (${projectId}, ${brand.body.task_id}, 'brand_guide', 'm', 12)`;
  await testSql()`
    insert into usage_events (account_id, project_id, kind, run_id, post_id)
    values (${await userId(owner)}, ${projectId}, 'post_generated', ${run.body.run_id}, ${post.id})`;
  for (const answer of [brand, plan, entry, run, done, invite])
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return {
    owner,
    editor,
    viewer,
    name,
    projectId,
    blog,
    domain,
    postSlug: post.slug,
    mediaId: media!.id as string,
    // every id of the project's rows, and its names: after the deletion none may be found anywhere but the audit record
    traces: [
      projectId,
      prompt!.id,
      brand.body.task_id,
      plan.body.task_id,
      entry.body.id,
      run.body.run_id,
      done.body.run_id,
      post.id,
      post.slug,
      media!.id,
      invite.body.id,
      domain,
      name,
      blog.slug,
    ] as string[],
  };
}

describe('deleting a project', () => {
  it('finds every table that holds project or user ids from the catalogue', async () => {
    const columns = (await keyColumns()).map((key) => `${key.table}.${key.column}`);

    // a sample of what must be among them; a table added later is found the same way
    expect(columns).toEqual(
      expect.arrayContaining([
        'blog_posts.project_id',
        'autopilot_slots.project_id',
        'media.project_id',
        'usage_events.account_id',
        'api_keys.user_id',
        'audit_log.subject_id',
      ]),
    );
  });

  it('refuses editors and viewers (403), outsiders (404), API keys (403) and a mistyped name (422), deleting nothing', async () => {
    const project = await fullProject();
    const outsider = await signInUser();
    await onScale(project.owner);
    const key = await call(app, 'POST', '/api/api-keys', { token: project.owner.token, body: { name: 'robot' } });
    const path = `/api/projects/${project.projectId}`;
    const body = { confirm_name: project.name };

    const editor = await call(app, 'DELETE', path, { token: project.editor.token, body });
    const viewer = await call(app, 'DELETE', path, { token: project.viewer.token, body });
    const stranger = await call(app, 'DELETE', path, { token: outsider.token, body });
    const viaKey = await call(app, 'DELETE', path, { token: key.body.key, body });
    const mistyped = await call(app, 'DELETE', path, {
      token: project.owner.token,
      body: { confirm_name: project.name.toUpperCase() },
    });
    const missing = await call(app, 'DELETE', path, { token: project.owner.token });

    expect(editor).toMatchObject({ status: 403, body: { detail: 'Only owners can delete a project.' } });
    expect(viewer).toMatchObject({ status: 403, body: { detail: 'Only owners can delete a project.' } });
    expect(stranger).toMatchObject({ status: 404, body: { detail: 'Project not found.' } });
    expect(viaKey).toMatchObject({
      status: 403,
      body: { detail: 'Deleting a project needs a signed-in session; API keys cannot delete projects.' },
    });
    expect(mistyped.status).toBe(422);
    expect(mistyped.body.detail).toEqual([
      {
        loc: ['body', 'confirm_name'],
        msg: "Type the project's name exactly as it is shown to delete it.",
        type: 'value_error',
      },
    ]);
    expect(missing.status).toBe(422);
    expect((await call(app, 'GET', path, { token: project.owner.token })).status).toBe(200);
    expect((await visit(app, project.blog.host, '/')).status).toBe(200);
    expect(await rowsKeyedBy([project.projectId])).not.toEqual({});
  });

  it('takes everything of the project, leaves only the audit record and the usage count, in every process', async () => {
    const project = await fullProject();
    const path = `/api/projects/${project.projectId}`;
    const hosts = [project.blog.host, project.domain];
    // Both processes have the blog and the project lists cached before the deletion.
    for (const instance of [app, second.app]) {
      for (const host of hosts) expect((await visit(instance, host, '/')).status).toBe(200);
      for (const member of [project.owner, project.editor, project.viewer])
        expect((await call(instance, 'GET', '/api/projects/', { token: member.token })).body).toHaveLength(1);
    }
    const jobIds = await testSql()<{ job_id: string }[]>`
      select job_id from brand_tasks where project_id = ${project.projectId}
      union all select job_id from plan_tasks where project_id = ${project.projectId}
      union all select job_id from workflow_runs where project_id = ${project.projectId}`;
    expect(jobIds).toHaveLength(4);
    const ownerId = await userId(project.owner);

    const deleted = await call(app, 'DELETE', path, {
      token: project.owner.token,
      body: { confirm_name: ` ${project.name} ` },
    });

    expect(deleted).toMatchObject({ status: 200, body: { message: 'Project deleted.' } });
    // This process at once; the other one as soon as the change feed has told it.
    for (const host of hosts) expect((await visit(app, host, '/')).status).toBe(404);
    await second.settled();
    for (const instance of [app, second.app]) {
      for (const host of hosts) {
        expect((await visit(instance, host, '/')).status).toBe(404);
        expect((await visit(instance, host, `/${project.postSlug}`)).status).toBe(404);
      }
      for (const member of [project.owner, project.editor, project.viewer]) {
        expect((await call(instance, 'GET', '/api/projects/', { token: member.token })).body).toEqual([]);
        expect((await call(instance, 'GET', path, { token: member.token })).status).toBe(404);
      }
      expect((await call(instance, 'GET', `/api/media/${project.mediaId}`)).status).toBe(404);
      expect((await call(instance, 'GET', `/api/domains/allowed?domain=${project.domain}`)).status).toBe(404);
    }
    expect(await rowsKeyedBy([project.projectId])).toEqual({});
    expect(await rowsMentioning(project.traces)).toEqual({ 'public.audit_log': 1 });
    expect(await deletionRecords('project_deleted', path)).toEqual([
      {
        actor_id: ownerId,
        actor_email: project.owner.email,
        subject_id: ownerId,
        subject_email: project.owner.email,
        action: 'project_deleted',
        method: 'DELETE',
        path,
        status: 200,
      },
    ]);
    // The post it generated still counts against the owner's month, with nothing of the project on it.
    expect(await testSql()`select project_id, run_id, post_id from usage_events where account_id = ${ownerId}`).toEqual(
      [{ project_id: null, run_id: null, post_id: null }],
    );
    // Its pg-boss jobs (brand task, plan task, runs queued and finished) are gone: queued ones never start.
    const ids = jobIds.map((row) => row.job_id);
    expect(await runner.boss.findJobs(runner.named('workflow-run'), { id: ids[2] })).toEqual([]);
    expect(await testSql()`select id from pgboss.job where id in ${testSql()(ids)}`).toEqual([]);
    // The members and the owners' accounts are untouched.
    for (const member of [project.owner, project.editor, project.viewer])
      expect((await call(app, 'GET', '/api/users/me/', { token: member.token })).status).toBe(200);
    const again = await call(app, 'DELETE', path, { token: project.owner.token, body: { confirm_name: project.name } });
    expect(again.status).toBe(404);
  });
});

describe('a write racing the deletion', () => {
  it('answers 404 "Project not found." (not 500) when the project goes while the write waits, and stores nothing', async () => {
    const owner = await signInUser();
    const name = `Racing ${Date.now()}`;
    const created = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name } });
    const projectId = created.body.id as string;
    // Another session is deleting the project: it holds the row locked while the write arrives.
    const deleter = createSql(testDatabaseUrl(), 1);
    let commit!: () => void;
    const committing = new Promise<void>((done) => (commit = done));
    let locked!: () => void;
    const holding = new Promise<void>((done) => (locked = done));
    let pid = 0;
    const deletion = deleter.begin(async (tx) => {
      pid = (await tx<{ pid: number }[]>`select pg_backend_pid() as pid`)[0]!.pid;
      await tx`select id from projects where id = ${projectId} for update`;
      locked();
      await committing;
      await tx`delete from projects where id = ${projectId}`;
    });
    await holding;

    const write = call(app, 'POST', `/api/blogs/posts/project/${projectId}`, {
      token: owner.token,
      body: { title: 'Too late' },
    });
    await expect
      .poll(
        async () =>
          (
            await testSql()`select count(*)::int as n from pg_stat_activity where ${pid}::int = any(pg_blocking_pids(pid))`
          )[0]!.n,
        {
          timeout: 10_000,
          interval: 25,
        },
      )
      .toBeGreaterThan(0); // the insert waits on the project's row
    commit();
    await deletion;
    await deleter.end();

    expect(await write).toMatchObject({ status: 404, body: { detail: 'Project not found.' } });
    expect(await testSql()`select id from blog_posts where title = 'Too late' and project_id = ${projectId}`).toEqual(
      [],
    );
  });
});

describe('work in flight when its project is deleted', () => {
  let ai: Awaited<ReturnType<typeof startFakeAi>>;
  let site: Awaited<ReturnType<typeof startDemoSite>>;
  let worker: JobRunner;
  let working: ReturnType<typeof testApp>;
  const logs: string[] = [];

  beforeAll(async () => {
    ai = await startFakeAi();
    site = await startDemoSite();
    const env = {
      AI_BASE_URL: ai.baseUrl,
      AI_API_KEY: FAKE_AI_KEY,
      AI_MODEL: FAKE_AI_MODEL,
      AI_MAX_RETRIES: '0',
      FETCH_ALLOW_LOOPBACK: 'true',
      JOBS_QUEUE_PREFIX: `${testQueuePrefix()}working.`,
    };
    const config = testConfig(env);
    worker = await startJobs({
      databaseUrl: testDatabaseUrl(),
      work: true,
      sql: testSql(),
      config,
      workers: WORKERS,
      log: (line) => logs.push(line),
    });
    working = testApp(env, worker);
  });
  afterAll(async () => {
    await worker.stop();
    await ai.stop();
    await site.stop();
  });

  it('a running workflow run and a running brand task stop quietly, writing nothing more', async () => {
    const owner = await signInUser();
    await call(working, 'GET', '/api/users/me/', { token: owner.token });
    await onScale(owner);
    const name = `Busy ${Date.now()}`;
    const created = await call(working, 'POST', '/api/projects/', { token: owner.token, body: { name } });
    const projectId = created.body.id as string;
    // Every AI request waits: the run's first AI node and the brand task's guide are held mid-work.
    const held = ai.hold(() => true);
    const run = await call(working, 'POST', `/api/workflows/project/${projectId}/run`, {
      token: owner.token,
      body: { topic: 'Interrupted bread' },
    });
    const brand = await call(working, 'POST', `/api/projects/${projectId}/brand-fetch-and-generate-guide`, {
      token: owner.token,
      body: { brand_url: site.origin },
    });
    await expect.poll(() => held.waiting(), { timeout: 30_000, interval: 50 }).toBe(2);
    const runId = run.body.run_id as string;
    const taskId = brand.body.task_id as string;

    const deleted = await call(working, 'DELETE', `/api/projects/${projectId}`, {
      token: owner.token,
      body: { confirm_name: name },
    });
    held.release();

    expect(deleted.status).toBe(200);
    await expect
      .poll(() => logs.filter((line) => line.endsWith('stopped, its project was deleted')).sort(), {
        timeout: 30_000,
        interval: 50,
      })
      .toEqual([
        `brand task ${taskId}: stopped, its project was deleted`,
        `workflow run ${runId}: stopped, its project was deleted`,
      ]);
    // Nothing failed, nothing was retried, nothing was written for the project after it went.
    expect(logs.filter((line) => line.includes(runId) || line.includes(taskId))).toHaveLength(2);
    expect(await rowsMentioning([projectId, runId, taskId, name])).toEqual({ 'public.audit_log': 1 });
  });
});
