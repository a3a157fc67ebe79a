// A worker killed mid-task (SIGKILL: no clean-up of any kind) must not leave its task "in progress" forever: its
// heartbeats stop, pg-boss retries the job, and another worker finishes the task.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSite } from '../fixtures/demo-site/server.mjs';
import { call, signInUser, testApp, testDatabaseUrl, testJobs, testQueuePrefix, testSql } from './helpers.ts';

let site: Awaited<ReturnType<typeof startDemoSite>>;
const children: ChildProcess[] = [];
const env = { FETCH_ALLOW_LOOPBACK: 'true', FETCH_TIMEOUT_MS: '5000' };

beforeAll(async () => {
  site = await startDemoSite();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await site.stop();
});

/** `npm run worker` as its own process on the test database. */
function startWorker(): ChildProcess {
  const { FIREBASE_AUTH_EMULATOR_HOST: _emulator, ...rest } = process.env;
  const child = spawn(process.execPath, ['api/worker.ts'], {
    stdio: 'ignore',
    env: {
      ...rest,
      ...env,
      NODE_ENV: 'test',
      DATABASE_URL: testDatabaseUrl(),
      JOBS_SUPERVISE_SECONDS: '1',
      JOBS_QUEUE_PREFIX: testQueuePrefix(),
    },
  });
  children.push(child);
  return child;
}

async function createTask() {
  const queueOnly = await testJobs(env, { work: false });
  const app = testApp(env, queueOnly);
  const user = await signInUser();
  const project = await call(app, 'POST', '/api/projects/', { token: user.token, body: { name: 'Crash' } });
  const started = await call(app, 'POST', `/api/projects/${project.body.id}/brand-fetch-and-generate-guide`, {
    token: user.token,
    body: { brand_url: `${site.origin}/` },
  });
  return { app, queueOnly, token: user.token, taskId: started.body.task_id as string };
}

describe('jobs after a crash', () => {
  it('retries the task of a worker killed mid-crawl on another worker', { timeout: 120_000 }, async () => {
    const hold = site.hold('/about');
    const { app, queueOnly, token, taskId } = await createTask();
    const first = startWorker();
    await hold.arrived; // worker one is reading pages
    const exited = new Promise((done) => first.once('exit', done));
    first.kill('SIGKILL');
    await exited;
    hold.release();
    const stranded = await call(app, 'GET', `/api/projects/brand-guide/status/${taskId}`, { token });
    expect(stranded.body.status).toBe('in_progress');

    startWorker();
    await expect
      .poll(async () => (await call(app, 'GET', `/api/projects/brand-guide/status/${taskId}`, { token })).body.status, {
        timeout: 90_000,
        interval: 500,
      })
      .toBe('complete');
    await queueOnly.stop();

    const [task] = await testSql()`select attempts, progress from brand_tasks where id = ${taskId}`;
    expect(task).toEqual({ attempts: 2, progress: 100 });
  });

  it('re-queues at start-up a task whose job is gone, and a worker then finishes it', async () => {
    const { app, queueOnly, token, taskId } = await createTask();
    const [task] = await testSql()`select job_id, project_id from brand_tasks where id = ${taskId}`;
    await queueOnly.boss.deleteJob(queueOnly.named('brand-guide'), task!.job_id);
    // A task of another deployment's queue on the same database is not this worker's to touch.
    const [foreign] = await testSql()`
      insert into brand_tasks (project_id, brand_url, job_queue) values (${task!.project_id}, ${site.origin}, 'elsewhere.brand-guide')
      returning id`;

    const worker = await testJobs(env);
    await expect
      .poll(async () => (await call(app, 'GET', `/api/projects/brand-guide/status/${taskId}`, { token })).body.status, {
        timeout: 20_000,
      })
      .toBe('complete');
    await worker.stop();
    await queueOnly.stop();

    const [untouched] = await testSql()`select status, job_id from brand_tasks where id = ${foreign!.id}`;
    expect(untouched).toEqual({ status: 'pending', job_id: null });
  });
});
