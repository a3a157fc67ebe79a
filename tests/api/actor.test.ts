// Issue 23: the service context carries an actor — a user (their sign-in), an API key (acting as its user), or the
// system acting for one project (the autopilot) — and authorize understands all three. The autopilot starts each
// entry's run as the system for that project, credited to the project's owner, with no user context of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import type { Actor, ServiceContext, User } from '../../api/lib/context.ts';
import { ForbiddenError, NotFoundError } from '../../api/lib/errors.ts';
import { createApiKey } from '../../api/services/api-keys/verbs.ts';
import { authorize } from '../../api/services/authorize.ts';
import { autopilotTick } from '../../api/services/calendar/autopilot.ts';
import { listProjects } from '../../api/services/projects/verbs.ts';
import { hasAdminRights } from '../../api/services/signed-in.ts';
import { startWorkflowRun } from '../../api/services/workflows/start-run.ts';
import {
  call,
  signInUser,
  testApp,
  testCaches,
  testConfig,
  testJobs,
  testQueuePrefix,
  testSql,
  type TestUser,
} from './helpers.ts';

const env = { JOBS_QUEUE_PREFIX: `${testQueuePrefix()}actor.` };
let runner: JobRunner;
let app: ReturnType<typeof testApp>;
let owner: TestUser;
let ownerId: string;

beforeAll(async () => {
  runner = await testJobs(env);
  app = testApp(env, runner);
  owner = await signInUser({ email: `actor-owner-${Date.now()}@example.com`, name: 'Olive Owner' });
  await call(app, 'GET', '/api/users/me', { token: owner.token });
  ownerId = (await testSql()`select id from users where external_id = ${owner.uid}`)[0]!.id;
});
afterAll(() => runner.stop());

const contextOf = (actor: Actor): ServiceContext => ({
  sql: testSql(),
  config: testConfig(env),
  caches: testCaches(),
  jobs: runner,
  actor,
});

async function newProject(name: string): Promise<string> {
  return (await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name } })).body.id;
}

describe('the system acting for a project', () => {
  it('writes in its own project with an editor’s rights, and nowhere else', async () => {
    const own = await newProject('System own');
    const other = await newProject('System other');
    const system = contextOf({ kind: 'system', projectId: own, creditTo: ownerId });

    const project = await authorize(system, own, 'write');

    expect(project).toMatchObject({ id: own, name: 'System own', role: 'editor' });
    await expect(authorize(system, other, 'read')).rejects.toBeInstanceOf(NotFoundError);
    await expect(authorize(system, own, 'manage')).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('is refused what only a person does: their project list, API keys, admin rights', async () => {
    const own = await newProject('System person');
    const system = contextOf({ kind: 'system', projectId: own, creditTo: ownerId });

    await expect(listProjects({ ctx: system })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(createApiKey({ ctx: system, input: { name: 'nope' } })).rejects.toBeInstanceOf(ForbiddenError);
    expect(hasAdminRights(system)).toBe(false);
  });

  it('starts a run credited to the owner it acts for', async () => {
    const own = await newProject('System run');
    const system = contextOf({ kind: 'system', projectId: own, creditTo: ownerId });

    const started = await startWorkflowRun({ ctx: system, input: { projectId: own, topic: 'Credited runs' } });

    const [run] = await testSql()`select created_by, project_id from workflow_runs where id = ${started.run_id}`;
    expect(run).toEqual({ created_by: ownerId, project_id: own });
  });
});

describe('a user and an API key', () => {
  it('act by the user’s role; an API key never has admin rights, a sign-in does', async () => {
    const own = await newProject('Person own');
    const [user] = await testSql()`select * from users where id = ${ownerId}`;
    const admin: User = { ...(user as User), is_admin: true };

    const signedIn = contextOf({ kind: 'user', user: admin });
    const viaKey = contextOf({ kind: 'api-key', user: admin });

    expect((await authorize(signedIn, own, 'manage')).role).toBe('owner');
    expect((await authorize(viaKey, own, 'manage')).role).toBe('owner');
    expect(hasAdminRights(signedIn)).toBe(true);
    expect(hasAdminRights(viaKey)).toBe(false);
  });
});

describe('the autopilot', () => {
  it('writes each entry’s post as the system for its project, the post authored by the project’s owner', {
    timeout: 120_000,
  }, async () => {
    const projectId = await newProject('Autopilot actor');
    const entry = await call(app, 'POST', `/api/calendar/project/${projectId}`, {
      token: owner.token,
      body: { date: '2031-05-06', title: 'Written by the system' },
    });
    await call(app, 'PUT', `/api/calendar/project/${projectId}/autopilot`, {
      token: owner.token,
      body: { enabled: true, time_zone: 'UTC', publish_mode: 'draft' },
    });

    await autopilotTick({ sql: testSql(), config: testConfig(env), jobs: runner }, new Date('2031-05-06T09:00:00Z'));

    const post = async () =>
      (
        await testSql()`
          select p.author_id, r.created_by from calendar_entries e
          join workflow_runs r on r.id = e.run_id join blog_posts p on p.workflow_run_id = r.id
          where e.id = ${entry.body.id}`
      )[0];
    await expect.poll(post, { timeout: 60_000 }).toEqual({ author_id: ownerId, created_by: ownerId });
  });
});
