// The runs engine's outside services and limits: web search (a fake SearXNG) feeding the guarded competitor reads and
// the post's cited sources; the per-project concurrency limit; start-up recovery of a run whose job is gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { startDemoSite } from '../fixtures/demo-site/server.mjs';
import { FAKE_AI_KEY, FAKE_AI_MODEL, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { startFakeSearch } from '../fixtures/fake-search/server.mjs';
import { call, signInUser, testApp, testJobs, testQueuePrefix, testSql, type TestUser } from './helpers.ts';

let ai: Awaited<ReturnType<typeof startFakeAi>>;
let search: Awaited<ReturnType<typeof startFakeSearch>>;
let site: Awaited<ReturnType<typeof startDemoSite>>;
const runners: JobRunner[] = [];
let owner: TestUser;
let setups = 0;

beforeAll(async () => {
  [ai, search, site] = await Promise.all([startFakeAi(), startFakeSearch(), startDemoSite()]);
  owner = await signInUser();
});
afterAll(async () => {
  for (const runner of runners) await runner.stop();
  await Promise.all([ai.stop(), search.stop(), site.stop()]);
});

async function setup(settings: Record<string, string> = {}, options: { work?: boolean } = {}) {
  const env = { ...settings, JOBS_QUEUE_PREFIX: `${testQueuePrefix()}${++setups}.` };
  const runner = await testJobs(env, options);
  runners.push(runner);
  const app = testApp(env, runner);
  const newProject = async () =>
    (await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Engine' } })).body.id as string;
  return { app, env, runner, newProject };
}

const status = async (app: ReturnType<typeof testApp>, runId: string) =>
  (await call(app, 'GET', `/api/workflows/runs/${runId}`, { token: owner.token })).body;
const start = async (app: ReturnType<typeof testApp>, projectId: string, topic: string) =>
  (await call(app, 'POST', `/api/workflows/project/${projectId}/run`, { token: owner.token, body: { topic } })).body
    .run_id as string;

describe('workflow engine', () => {
  it('searches the web when a provider is configured, reads the results through the guarded fetch and cites them', async () => {
    search.results([
      { title: 'Starter guide', url: `${site.origin}/blog/sourdough-starter`, content: 'How to keep a starter.' },
      { title: 'Our breads', url: `${site.origin}/breads`, content: 'Breads we bake.' },
    ]);
    const { app, newProject } = await setup({
      SEARCH_PROVIDER: 'searxng',
      SEARCH_BASE_URL: search.origin,
      FETCH_ALLOW_LOOPBACK: 'true',
      FETCH_TIMEOUT_MS: '5000',
    });
    const runId = await start(app, await newProject(), 'Sourdough starter');
    await expect
      .poll(async () => (await status(app, runId)).status, { timeout: 30_000, interval: 100 })
      .toBe('success');
    const run = await status(app, runId);
    const byId = Object.fromEntries(run.node_runs.map((node: any) => [node.node_id, node]));
    expect(byId.search.status).toBe('success');
    expect(byId.search.output.results.map((result: any) => result.url)).toEqual([
      `${site.origin}/blog/sourdough-starter`,
      `${site.origin}/breads`,
    ]);
    expect(search.queries.length).toBeGreaterThan(0);
    expect(byId.competitors.output.competitors[0].headings.length).toBeGreaterThan(0);
    const [post] = await testSql()`select markdown, sources from blog_posts where id = ${run.post_id}`;
    expect(post!.sources.map((source: any) => source.url)).toEqual([
      `${site.origin}/blog/sourdough-starter`,
      `${site.origin}/breads`,
    ]);
    // Offline the run makes a writer's brief (issue 27): what it read is there as research notes, each linked.
    expect(post!.markdown).toContain(`## Research notes`);
    expect(post!.markdown).toContain(`(${site.origin}/breads)`);
  });

  it("runs at most WORKFLOW_PROJECT_CONCURRENCY of a project's runs at once; other projects' runs go on", async () => {
    const { app, newProject } = await setup({
      AI_BASE_URL: ai.baseUrl,
      AI_API_KEY: FAKE_AI_KEY,
      AI_MODEL: FAKE_AI_MODEL,
      AI_MAX_RETRIES: '0',
      WORKFLOW_PROJECT_CONCURRENCY: '1',
    });
    const busy = await newProject();
    ai.script({ hang: true }); // the first run's first AI call never answers while the test looks
    const first = await start(app, busy, 'First');
    await expect.poll(() => ai.calls.length, { timeout: 30_000, interval: 50 }).toBeGreaterThan(0);
    const second = await start(app, busy, 'Second');
    // A run of another project is picked up and finishes while the busy project's second run waits its turn.
    const other = await start(app, await newProject(), 'Elsewhere');
    await expect
      .poll(async () => (await status(app, other)).status, { timeout: 30_000, interval: 100 })
      .toBe('success');
    expect((await status(app, second)).status).toBe('pending');
    const queue = await call(app, 'GET', '/api/queue/status', { token: owner.token, projectId: busy });
    expect(queue.body).toEqual({
      items: [
        expect.objectContaining({ run_id: first, state: 'processing' }),
        expect.objectContaining({ run_id: second, state: 'queued' }),
      ],
      processing_count: 1,
    });
    ai.releaseHanging(); // the hung call fails (500) and is retried; both runs then finish
    await expect
      .poll(async () => (await status(app, second)).status, { timeout: 60_000, interval: 100 })
      .toBe('success');
    expect((await status(app, first)).status).toBe('success');
  });

  it('re-queues at start-up a run whose job is gone, and it finishes', async () => {
    const queueOnly = await setup({}, { work: false });
    const projectId = await queueOnly.newProject();
    const runId = await start(queueOnly.app, projectId, 'Lost job');
    const [run] = await testSql()`select job_id from workflow_runs where id = ${runId}`;
    await queueOnly.runner.boss.deleteJob(queueOnly.runner.named('workflow-run'), run!.job_id);
    const worker = await testJobs(queueOnly.env);
    runners.push(worker);
    await expect
      .poll(async () => (await status(queueOnly.app, runId)).status, { timeout: 30_000, interval: 100 })
      .toBe('success');
    const [after] = await testSql()`select job_id from workflow_runs where id = ${runId}`;
    expect(after!.job_id).not.toBe(run!.job_id);
  });
});
