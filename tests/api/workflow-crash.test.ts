// A worker process killed with SIGKILL in the middle of a workflow run (no clean-up of any kind): its heartbeats stop,
// pg-boss retries the job on another worker process, and the run resumes from its finished nodes — each of them ran
// exactly once, and exactly one post exists.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FAKE_AI_KEY, FAKE_AI_MODEL, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { call, signInUser, testApp, testJobs, testQueuePrefix, testSql } from './helpers.ts';

let ai: Awaited<ReturnType<typeof startFakeAi>>;
const children: ChildProcess[] = [];

beforeAll(async () => {
  ai = await startFakeAi();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await ai.stop();
});

/** `npm run worker` as its own process on the test database, talking to the fake AI. */
function startWorker(): ChildProcess {
  const { FIREBASE_AUTH_EMULATOR_HOST: _emulator, ...rest } = process.env;
  const child = spawn(process.execPath, ['api/worker.ts'], {
    stdio: 'ignore',
    env: {
      ...rest,
      NODE_ENV: 'test',
      DATABASE_URL: inject('databaseUrl'),
      JOBS_SUPERVISE_SECONDS: '1',
      JOBS_QUEUE_PREFIX: testQueuePrefix(),
      AI_BASE_URL: ai.baseUrl,
      AI_API_KEY: FAKE_AI_KEY,
      AI_MODEL: FAKE_AI_MODEL,
      AI_MAX_RETRIES: '0',
      AI_TIMEOUT_MS: '600000',
    },
  });
  children.push(child);
  return child;
}

describe('workflow runs after a crash', () => {
  it('resumes the run of a worker killed mid-run without repeating a finished node', { timeout: 150_000 }, async () => {
    const queueOnly = await testJobs({}, { work: false });
    const app = testApp({}, queueOnly);
    const user = await signInUser();
    const project = await call(app, 'POST', '/api/projects/', { token: user.token, body: { name: 'Crash' } });
    // AI calls in order: query optimiser, outline, post writer — the writer's request never answers.
    ai.script({}, {}, { hang: true });
    const started = await call(app, 'POST', `/api/workflows/project/${project.body.id}/run`, { token: user.token, body: { topic: 'Surviving crashes' } });
    const runId = started.body.run_id as string;

    const first = startWorker();
    await expect.poll(() => ai.calls.length, { timeout: 60_000, interval: 100 }).toBe(3);
    const exited = new Promise((done) => first.once('exit', done));
    first.kill('SIGKILL');
    await exited;
    ai.releaseHanging();

    const before = await testSql()<{ node_id: string; status: string; attempts: number }[]>`
      select node_id, status, attempts from node_runs where run_id = ${runId} order by node_id`;
    const finishedBefore = before.filter((node) => node.status === 'success' || node.status === 'skipped').map((node) => node.node_id);
    expect(finishedBefore.sort()).toEqual(['competitors', 'guide', 'outline', 'queries', 'search', 'topic']);
    expect(before.find((node) => node.node_id === 'writer')).toMatchObject({ status: 'running', attempts: 1 });
    const [stranded] = await testSql()`select status from workflow_runs where id = ${runId}`;
    expect(stranded!.status).toBe('running');

    startWorker();
    await expect
      .poll(async () => (await call(app, 'GET', `/api/workflows/runs/${runId}`, { token: user.token })).body.status, { timeout: 120_000, interval: 500 })
      .toBe('success');
    await queueOnly.stop();

    const after = await testSql()<{ node_id: string; status: string; attempts: number }[]>`
      select node_id, status, attempts from node_runs where run_id = ${runId}`;
    for (const node of after) {
      expect(['success', 'skipped'], node.node_id).toContain(node.status);
      // Finished before the crash: never run again. The writer was cut off once, so it ran twice; the rest once.
      expect(node.attempts, node.node_id).toBe(node.node_id === 'writer' ? 2 : 1);
    }
    const [posts] = await testSql()`select count(*)::int as n from blog_posts where workflow_run_id = ${runId}`;
    expect(posts!.n).toBe(1);
    const [usage] = await testSql()`select count(*)::int as n from usage_events where run_id = ${runId}`;
    expect(usage!.n).toBe(1);
    const [run] = await testSql()`select attempts from workflow_runs where id = ${runId}`;
    expect(run!.attempts).toBe(2);
    // The query optimiser asked the AI once in all: the resumed run reused its stored output.
    expect(ai.calls.filter((body: any) => JSON.stringify(body.messages).includes('search queries')).length).toBe(1);
  });
});
