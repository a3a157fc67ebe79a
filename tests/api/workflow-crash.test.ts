// A worker process killed with SIGKILL in the middle of a workflow run (no clean-up of any kind): its heartbeats stop,
// pg-boss retries the job on another worker process, and the run resumes from its finished nodes — each of them ran
// exactly once, and exactly one post exists. Three places to be killed: inside the post writer (before anything was
// saved), in the middle of the post writer's parts (the finished parts are not asked for again), and after the post
// was saved while another node still worked (the run not yet marked done). "Ran once" is checked from outside as
// well: the fake AI server counts the requests of each block's prompt.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_POST_GRAPH } from '../../api/services/workflows/blog-template.ts';
import { FAKE_AI_KEY, FAKE_AI_MODEL, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { call, signInUser, testApp, testDatabaseUrl, testJobs, testQueuePrefix, testSql } from './helpers.ts';

let ai: Awaited<ReturnType<typeof startFakeAi>>;
const children: ChildProcess[] = [];

beforeAll(async () => {
  ai = await startFakeAi();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await ai.stop();
});

/** `npm run worker` as its own process on the test database, talking to the fake AI, working one queue prefix. */
function startWorker(queuePrefix: string): ChildProcess {
  const { FIREBASE_AUTH_EMULATOR_HOST: _emulator, ...rest } = process.env;
  const child = spawn(process.execPath, ['api/worker.ts'], {
    stdio: 'ignore',
    env: {
      ...rest,
      NODE_ENV: 'test',
      DATABASE_URL: testDatabaseUrl(),
      JOBS_SUPERVISE_SECONDS: '1',
      JOBS_QUEUE_PREFIX: queuePrefix,
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

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGKILL');
  await exited;
}

/** Text unique to each AI block's prompt (api/blocks/*), to count how often each node asked the AI. */
const PROMPTS = {
  queries: 'You write precise web search queries',
  outline: 'Plan at most 6 sections.',
  // The writer asks once per part of the post; its introduction stands for the node starting.
  writer: 'You are writing the introduction',
  image_prompt: 'You describe one cover image',
  seo: 'You write SEO metadata',
};
const asks = (body: any, text: string) =>
  (body.messages ?? []).some((message: any) => String(message.content).includes(text));

/** A test's own queue prefix, app (queueing only) and signed-in user with a project. */
async function setup(name: string) {
  const queuePrefix = `${testQueuePrefix()}${name}.`;
  const queueOnly = await testJobs({ JOBS_QUEUE_PREFIX: queuePrefix }, { work: false });
  const app = testApp({ JOBS_QUEUE_PREFIX: queuePrefix }, queueOnly);
  const user = await signInUser();
  const project = await call(app, 'POST', '/api/projects/', { token: user.token, body: { name } });
  return { queuePrefix, queueOnly, app, user, projectId: project.body.id as string };
}

/** A new worker process picks the killed run up again; waits until the run succeeded, then stops the test's workers. */
async function resumeOnNewWorker(
  { queuePrefix, queueOnly, app, user }: Awaited<ReturnType<typeof setup>>,
  runId: string,
): Promise<void> {
  const second = startWorker(queuePrefix);
  await expect
    .poll(async () => (await call(app, 'GET', `/api/workflows/runs/${runId}`, { token: user.token })).body.status, {
      timeout: 120_000,
      interval: 500,
    })
    .toBe('success');
  await kill(second);
  await queueOnly.stop();
}

/** How many requests of each prompt the fake AI has heard so far; `since` gives the counts after a baseline. */
function heard(prompts: Record<string, string>) {
  const baseline = Object.fromEntries(Object.entries(prompts).map(([node, text]) => [node, ai.prompted(text)]));
  return {
    since: () =>
      Object.fromEntries(Object.entries(prompts).map(([node, text]) => [node, ai.prompted(text) - baseline[node]!])),
  };
}

async function nodeRows(runId: string) {
  return testSql()<
    { node_id: string; status: string; attempts: number }[]
  >`select node_id, status, attempts from node_runs where run_id = ${runId} order by node_id`;
}

describe('workflow runs after a crash', () => {
  it('resumes the run of a worker killed inside the post writer without repeating a finished node', {
    timeout: 150_000,
  }, async () => {
    const crash = await setup('crash-writer');
    const { queuePrefix, app, user, projectId } = crash;
    const asked = heard(PROMPTS);
    // The post writer's request is held: the worker is killed while the writer waits for it.
    const writer = ai.hold((body: any) => asks(body, PROMPTS.writer));
    const started = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
      token: user.token,
      body: { topic: 'Surviving crashes' },
    });
    const runId = started.body.run_id as string;

    const first = startWorker(queuePrefix);
    await expect.poll(() => writer.waiting(), { timeout: 60_000, interval: 100 }).toBe(1);
    await kill(first);
    writer.release(); // the next attempt's writer is answered

    const before = await nodeRows(runId);
    const finishedBefore = before
      .filter((node) => node.status === 'success' || node.status === 'skipped')
      .map((node) => node.node_id);
    expect(finishedBefore.sort()).toEqual(['competitors', 'guide', 'outline', 'queries', 'search', 'topic']);
    expect(before.find((node) => node.node_id === 'writer')).toMatchObject({ status: 'running', attempts: 1 });
    const [stranded] = await testSql()`select status from workflow_runs where id = ${runId}`;
    expect(stranded!.status).toBe('running');

    await resumeOnNewWorker(crash, runId);

    for (const node of await nodeRows(runId)) {
      expect(['success', 'skipped'], node.node_id).toContain(node.status);
      // Finished before the crash: never run again. The writer was cut off once, so it ran twice; the rest once.
      expect(node.attempts, node.node_id).toBe(node.node_id === 'writer' ? 2 : 1);
    }
    // From outside: the AI server heard each block once, the writer twice (its first request died with the worker).
    expect(asked.since()).toEqual({ queries: 1, outline: 1, writer: 2, image_prompt: 1, seo: 1 });
    const [posts] = await testSql()`select count(*)::int as n from blog_posts where project_id = ${projectId}`;
    expect(posts!.n).toBe(1);
    const [usage] = await testSql()`select count(*)::int as n from usage_events where run_id = ${runId}`;
    expect(usage!.n).toBe(1);
    const [run] = await testSql()`select attempts from workflow_runs where id = ${runId}`;
    expect(run!.attempts).toBe(2);
  });

  it('resumes a writer killed mid-post at the part it was writing, never asking again for the parts it finished', {
    timeout: 150_000,
  }, async () => {
    const crash = await setup('crash-parts');
    const { queuePrefix, app, user, projectId } = crash;
    const topic = 'Crashing between sections';
    const headings = ['First things', 'Second thoughts', 'Third time', 'Fourth wall'];
    ai.answer((body: any) => asks(body, `Topic: ${topic}`) && asks(body, 'Plan at most'), {
      content: JSON.stringify({
        outline: { title: topic, sections: headings.map((heading) => ({ heading, points: [] })) },
      }),
    });
    const part = (heading: string) => `Section: ${heading}\n`;
    const parts = ['Introduction', ...headings, 'Conclusion'];
    const asked = heard(Object.fromEntries(parts.map((heading) => [heading, part(heading)])));
    // The third section's request waits at the fake: the worker dies with the introduction and two sections written.
    const third = ai.hold((body: any) => asks(body, part('Third time')));
    const started = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
      token: user.token,
      body: { topic },
    });
    const runId = started.body.run_id as string;

    const first = startWorker(queuePrefix);
    await expect.poll(() => third.waiting(), { timeout: 60_000, interval: 100 }).toBe(1);
    await kill(first);
    third.release();
    const steps = await testSql()`
      select step from node_steps where run_id = ${runId} and node_id = 'writer' order by created_at`;
    expect(steps.map((row) => row.step)).toEqual(['introduction', 'section-1', 'section-2']);

    await resumeOnNewWorker(crash, runId);

    // From outside: every finished part was asked for once; the one in flight when the worker died, twice.
    expect(asked.since()).toEqual({
      Introduction: 1,
      'First things': 1,
      'Second thoughts': 1,
      'Third time': 2,
      'Fourth wall': 1,
      Conclusion: 1,
    });
    const writer = (await nodeRows(runId)).find((node) => node.node_id === 'writer');
    expect(writer).toMatchObject({ status: 'success', attempts: 2 });
    const [post] = await testSql()`select markdown from blog_posts where workflow_run_id = ${runId}`;
    expect(post!.markdown.match(/^## .+$/gm)).toEqual([...headings.map((heading) => `## ${heading}`), '## Conclusion']);
    const run = (await call(app, 'GET', `/api/workflows/runs/${runId}`, { token: user.token })).body;
    expect(run.node_runs.find((node: any) => node.node_id === 'writer').progress).toMatchObject({ done: 6, total: 6 });
    ai.clearAnswers();
  });

  it('resumes a run killed after its post was saved: one post, save_post not repeated, the unfinished node run again', {
    timeout: 150_000,
  }, async () => {
    const crash = await setup('crash-saved');
    const { queuePrefix, app, user, projectId } = crash;
    // The Blog post template plus one more outline node that needs only the topic. Its AI request is held, so when
    // save_post has stored the post the run is still open: the worker dies between "post saved" and "run done".
    const LATE = 'Plan at most 3 sections.';
    const workflow = await call(app, 'POST', `/api/workflows/project/${projectId}`, {
      token: user.token,
      body: {
        name: 'Blog post and a late node',
        nodes: [
          ...BLOG_POST_GRAPH.nodes,
          { id: 'late', type: 'outline', position: { x: 0, y: 640 }, config: { max_sections: 3 } },
        ],
        edges: [
          ...BLOG_POST_GRAPH.edges,
          {
            id: 'topic.topic->late.topic',
            source: 'topic',
            source_handle: 'topic',
            target: 'late',
            target_handle: 'topic',
          },
        ],
      },
    });
    expect(workflow.status).toBe(201);
    const asked = heard({ ...PROMPTS, late: LATE });
    const late = ai.hold((body: any) => asks(body, LATE));
    const started = await call(app, 'POST', `/api/workflows/${workflow.body.id}/run`, {
      token: user.token,
      body: { topic: 'Killed after saving' },
    });
    const runId = started.body.run_id as string;

    const first = startWorker(queuePrefix);
    await expect
      .poll(async () => (await nodeRows(runId)).find((node) => node.node_id === 'save')?.status, {
        timeout: 90_000,
        interval: 100,
      })
      .toBe('success');
    expect(late.waiting()).toBe(1);
    await kill(first);
    late.release(); // the next attempt's late node is answered

    const [saved] = await testSql()<
      { id: string; version: number; updated_at: Date }[]
    >`select id, version, updated_at from blog_posts where workflow_run_id = ${runId}`;
    expect(saved).toBeDefined();
    const [stranded] = await testSql()`select status, post_id from workflow_runs where id = ${runId}`;
    expect(stranded).toEqual({ status: 'running', post_id: saved!.id });
    const before = await nodeRows(runId);
    expect(before.filter((node) => node.status !== 'success' && node.status !== 'skipped')).toEqual([
      { node_id: 'late', status: 'running', attempts: 1 },
    ]);

    await resumeOnNewWorker(crash, runId);

    const run = (await call(app, 'GET', `/api/workflows/runs/${runId}`, { token: user.token })).body;
    expect(run.post_id).toBe(saved!.id);
    expect(run.node_runs.find((node: any) => node.node_id === 'save').output).toEqual({
      saved_blog_post: { id: saved!.id },
    });
    for (const node of await nodeRows(runId)) {
      expect(['success', 'skipped'], node.node_id).toContain(node.status);
      expect(node.attempts, node.node_id).toBe(node.node_id === 'late' ? 2 : 1);
    }
    // From outside: every AI block before the crash asked once; only the late node asked again.
    expect(asked.since()).toEqual({ queries: 1, outline: 1, writer: 1, image_prompt: 1, seo: 1, late: 2 });
    // Exactly one post in the project, untouched since it was saved before the crash, one usage event, one cover.
    const posts = await testSql()<
      { id: string; version: number; updated_at: Date }[]
    >`select id, version, updated_at from blog_posts where project_id = ${projectId}`;
    expect(posts).toEqual([saved]);
    const [usage] = await testSql()`select count(*)::int as n from usage_events where run_id = ${runId}`;
    expect(usage!.n).toBe(1);
    const [media] = await testSql()`select count(*)::int as n from media where run_id = ${runId}`;
    expect(media!.n).toBe(1);
    const [attempts] = await testSql()`select attempts from workflow_runs where id = ${runId}`;
    expect(attempts!.attempts).toBe(2);
  });
});
