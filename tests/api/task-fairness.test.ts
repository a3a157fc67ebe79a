// Fair scheduling of brand and plan tasks (issue 22): a worker runs one task of an account at a time, so an account
// that queues many tasks cannot hold every slot while another account's single task waits behind them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { startDemoSite } from '../fixtures/demo-site/server.mjs';
import { call, signInUser, testApp, testJobs, type TestUser } from './helpers.ts';

let site: Awaited<ReturnType<typeof startDemoSite>>;
let slow: Awaited<ReturnType<typeof startDemoSite>>;
let runner: JobRunner;
// Two task slots per worker, as by default; a stalled crawl stays stalled for the whole test.
const env = { FETCH_ALLOW_LOOPBACK: 'true', FETCH_TIMEOUT_MS: '60000', TASK_WORKER_CONCURRENCY: '2' };

beforeAll(async () => {
  site = await startDemoSite();
  slow = await startDemoSite();
  runner = await testJobs(env);
});
afterAll(async () => {
  await runner.stop();
  await Promise.all([site.stop(), slow.stop()]);
});

async function analyse(app: ReturnType<typeof testApp>, user: TestUser, url: string): Promise<string> {
  const project = await call(app, 'POST', '/api/projects/', { token: user.token, body: { name: 'Site' } });
  const started = await call(app, 'POST', `/api/projects/${project.body.id}/brand-fetch-and-generate-guide`, {
    token: user.token,
    body: { brand_url: url },
  });
  expect(started.status).toBe(202);
  return started.body.task_id;
}

const statusOf = async (app: ReturnType<typeof testApp>, user: TestUser, taskId: string) =>
  (await call(app, 'GET', `/api/projects/brand-guide/status/${taskId}`, { token: user.token })).body.status as string;

describe('fair scheduling of brand tasks', () => {
  it("account A queues five analyses of a slow site; account B's one analysis starts and finishes meanwhile", async () => {
    const app = testApp(env, runner);
    const stalled = slow.hold('/robots.txt');
    const a = await signInUser();
    const b = await signInUser();
    const queued: string[] = [];
    for (let i = 0; i < 5; i++) queued.push(await analyse(app, a, `${slow.origin}/`));
    await stalled.arrived;

    const single = await analyse(app, b, `${site.origin}/`);

    await expect.poll(() => statusOf(app, b, single), { timeout: 20_000 }).toBe('complete');
    expect(slow.requests.filter((path: string) => path === '/robots.txt')).toHaveLength(1); // A: one at a time
    const waiting = await Promise.all(queued.map((task) => statusOf(app, a, task)));
    expect(waiting.filter((status) => status === 'pending')).toHaveLength(4);

    stalled.release();
    for (const task of queued) await expect.poll(() => statusOf(app, a, task), { timeout: 30_000 }).toBe('complete');
  });
});
