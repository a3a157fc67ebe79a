// The runs engine (issue 13): the default "Blog post" template runs to a saved post with every node recorded (offline
// and with an AI server), a run can rewrite an existing post, graphs are validated on save, provider errors retry,
// failures name their node, and queued runs can be cancelled while started ones cannot (also when the two race).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql } from '../../api/db/sql.ts';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { BLOG_POST_GRAPH, BLOG_POST_TEMPLATE_ID } from '../../api/services/workflows/blog-template.ts';
import { startWorkflowRun } from '../../api/services/workflows/start-run.ts';
import { FAKE_AI_KEY, FAKE_AI_MODEL, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { documentsMediaType, driftFrom } from './documented.ts';
import {
  call,
  signInUser,
  testApp,
  testCaches,
  testConfig,
  testDatabaseUrl,
  testJobs,
  testQueuePrefix,
  testSql,
  type TestUser,
} from './helpers.ts';

let ai: Awaited<ReturnType<typeof startFakeAi>>;
const runners: JobRunner[] = [];
let owner: TestUser;

beforeAll(async () => {
  ai = await startFakeAi();
  owner = await signInUser();
  // One account starts every run of this file: on Scale, its plan never stands between a test and its run.
  await call(testApp(), 'GET', '/api/users/me/', { token: owner.token });
  await testSql()`
    insert into subscriptions (account_id, plan_override)
    select id, 'scale' from users where external_id = ${owner.uid}`;
});
afterAll(async () => {
  for (const runner of runners) await runner.stop();
  await ai.stop();
});

const aiEnv = () => ({
  AI_BASE_URL: ai.baseUrl,
  AI_API_KEY: FAKE_AI_KEY,
  AI_MODEL: FAKE_AI_MODEL,
  AI_MAX_RETRIES: '0',
  WORKFLOW_RETRY_DELAY_MS: '1',
});

let setups = 0;

/** An app and a job runner of their own (own queue names), so each test's settings decide who works its runs. */
async function setup(settings: Record<string, string> = {}, options: { work?: boolean } = {}) {
  const env = { ...settings, JOBS_QUEUE_PREFIX: `${testQueuePrefix()}${++setups}.` };
  const runner = await testJobs(env, options);
  runners.push(runner);
  const app = testApp(env, runner);
  runnerByApp.set(app, runner);
  const project = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Runs' } });
  return { app, runner, env, projectId: project.body.id as string };
}

/**
 * Locks a run's row in a transaction of its own until released, so updates of the row (a cancel, a worker's claim)
 * queue behind it in arrival order; `waiting()` counts them (backends blocked by the lock, directly or in the queue).
 */
async function holdRun(runId: string) {
  const locker = createSql(testDatabaseUrl(), 1);
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  let pid = 0;
  let transaction!: Promise<unknown>;
  await new Promise<void>((locked) => {
    transaction = locker.begin(async (tx) => {
      const [backend] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
      pid = backend!.pid;
      await tx`select id from workflow_runs where id = ${runId} for update`;
      locked();
      await released;
    });
  });
  return {
    waiting: async () => {
      const [row] = await testSql()<{ n: number }[]>`
        with recursive queued(pid) as (
          select ${pid}::int
          union
          select a.pid from pg_stat_activity a join queued q on q.pid = any(pg_blocking_pids(a.pid))
        )
        select count(*)::int - 1 as n from queued`;
      return row!.n;
    },
    release: async () => {
      release();
      await transaction;
      await locker.end();
    },
  };
}

const QUERY_OPTIMISER_PROMPT = 'You write precise web search queries';
/** Whether an AI request carries a text in one of its messages (which block asked). */
const asks = (body: any, text: string) =>
  (body.messages ?? []).some((message: any) => String(message.content).includes(text));

const runnerByApp = new Map<unknown, JobRunner>();
const runnerOf = (app: unknown) => runnerByApp.get(app)!;

async function settled(app: ReturnType<typeof testApp>, runId: string) {
  await expect
    .poll(async () => (await call(app, 'GET', `/api/workflows/runs/${runId}`, { token: owner.token })).body.status, {
      timeout: 30_000,
      interval: 100,
    })
    .toMatch(/^(success|error)$/);
  return (await call(app, 'GET', `/api/workflows/runs/${runId}`, { token: owner.token })).body;
}

describe('workflow runs', () => {
  it('runs the default template offline to a saved, labelled draft with every node recorded', async () => {
    const { app, projectId } = await setup();
    const started = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
      token: owner.token,
      body: { topic: 'Baking sourdough at home', target_keyword: 'sourdough starter', secondary_keywords: ['levain'] },
    });
    expect(started.status).toBe(202);
    expect(started.body.queue_item_id).toBe(started.body.run_id);
    expect(driftFrom('post', '/api/workflows/project/{projectId}/run', 202, started.body)).toBeUndefined(); // the answers /api/openapi.json documents
    const run = await settled(app, started.body.run_id);
    expect(run.status).toBe('success');
    expect(driftFrom('get', '/api/workflows/runs/{runId}', 200, run)).toBeUndefined();
    expect(run.node_runs.map((node: any) => node.node_id)).toEqual(BLOG_POST_GRAPH.nodes.map((node) => node.id));
    const byId = Object.fromEntries(run.node_runs.map((node: any) => [node.node_id, node]));
    expect(byId.search.status).toBe('skipped');
    expect(byId.search.output.skipped_reason).toMatch(/No search provider is configured/);
    // with nothing searched there is nothing to read: the competitor step says so, never "success"
    expect(byId.competitors.status).toBe('skipped');
    expect(byId.competitors.output.skipped_reason).toBe(
      'No search results to read (web search found none or was skipped), so no competitor pages were read.',
    );
    expect(byId.video.status).toBe('skipped');
    expect(byId.video.output.skipped_reason).toMatch(/No video source is configured/);
    for (const node of run.node_runs.filter(
      (entry: any) => !['search', 'competitors', 'video'].includes(entry.node_id),
    ))
      expect(node.status, node.node_id).toBe('success');
    expect(byId.save.output).toEqual({ saved_blog_post: { id: run.post_id } });

    // Offline the writer makes a writer's brief, not prose (issue 27), and says so; the fact check ran on it.
    expect(byId.writer.output).toMatchObject({ brief: true, draft_label: "writer's brief — no AI configured" });
    expect(byId.writer.progress).toMatchObject({ done: 1, total: 1, steps: [{ label: "Writer's brief" }] });
    expect(byId.facts.output).toMatchObject({ unsupported: 0 });
    const [post] =
      await testSql()`select title, slug, markdown, html, draft_label, brief, status, meta_title, meta_description, cover_image_url, version from blog_posts where workflow_run_id = ${run.run_id}`;
    expect(post!.status).toBe('draft');
    expect(post!.draft_label).toBe("writer's brief — no AI configured");
    expect(post!.brief).toBe(true);
    expect(post!.markdown).toContain("> **Writer's brief — not the post yet.**");
    expect(post!.markdown).toContain('## Questions to answer');
    expect(post!.html).toContain('<h2');
    expect(post!.meta_title.length).toBeLessThanOrEqual(60);
    expect(post!.meta_description.length).toBeLessThanOrEqual(160);
    expect(post!.slug).toBe('baking-sourdough-at-home');
    const [usage] =
      await testSql()`select count(*)::int as n, min(kind) as kind from usage_events where run_id = ${run.run_id}`;
    expect(usage).toEqual({ n: 1, kind: 'post_generated' });

    const cover = await app.request(post!.cover_image_url);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/svg+xml');
    expect(cover.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await cover.text()).toContain('<svg');
    expect(documentsMediaType('get', '/api/media/{id}', 200, cover.headers.get('content-type'))).toBe(true);

    // The project got its default workflow from the template; a second run gets a slug of its own.
    const workflows = await call(app, 'GET', `/api/workflows/project/${projectId}`, { token: owner.token });
    expect(workflows.body).toEqual([
      expect.objectContaining({ name: 'Blog post', is_default: true, node_count: BLOG_POST_GRAPH.nodes.length }),
    ]);
    expect(driftFrom('get', '/api/workflows/project/{projectId}', 200, workflows.body)).toBeUndefined();
    const workflow = await call(app, 'GET', `/api/workflows/${workflows.body[0].id}`, { token: owner.token });
    expect(driftFrom('get', '/api/workflows/{id}', 200, workflow.body)).toBeUndefined();
    const again = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
      token: owner.token,
      body: { topic: 'Baking sourdough at home' },
    });
    const second = await settled(app, again.body.run_id);
    const [slug] = await testSql()`select slug from blog_posts where id = ${second.post_id}`;
    expect(slug!.slug).toBe('baking-sourdough-at-home-2');
    const recent = await call(app, 'GET', `/api/workflows/runs/project/${projectId}?limit=1`, { token: owner.token });
    expect(recent.body).toEqual([
      expect.objectContaining({ run_id: again.body.run_id, status: 'success', post_id: second.post_id }),
    ]);
    expect(driftFrom('get', '/api/workflows/runs/project/{projectId}', 200, recent.body)).toBeUndefined();
  });

  it('runs with an AI server, every node recorded with its output; startWorkflowRun with publish publishes the post at once (autopilot)', async () => {
    const { app, projectId } = await setup(aiEnv());
    const asked = ai.calls.length;
    const started = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
      token: owner.token,
      body: { topic: 'Cold brew coffee', secondary_keywords: ['iced coffee'] },
    });
    const run = await settled(app, started.body.run_id);
    expect(run.status).toBe('success');
    expect(driftFrom('get', '/api/workflows/runs/{runId}', 200, run)).toBeUndefined();
    // The four JSON blocks asked the AI server once each (the answers are the fake's values of each block's schema),
    // and the writer once per part of the post: the introduction, the outline's one section and the conclusion.
    expect(ai.calls.length - asked).toBe(7);
    const [media] = await testSql()`select id from media where run_id = ${run.run_id} and node_id = 'cover'`;
    const markdown = run.node_runs.find((node: any) => node.node_id === 'writer').output.markdown as string;
    expect(markdown).toMatch(/^Sentence 1 about Introduction/);
    expect(markdown).toContain(
      '\n\n## Fake heading from the fake AI.\n\nSentence 1 about Fake heading from the fake AI.',
    );
    expect(markdown).toContain('\n\n## Conclusion\n\nSentence 1 about Conclusion');
    const seo = run.node_runs.find((node: any) => node.node_id === 'seo').output;
    const part = (heading: string) => ({ heading, words: expect.any(Number), written_by: FAKE_AI_MODEL });
    const expected: Record<string, { status: string; output: unknown }> = {
      topic: {
        status: 'success',
        output: {
          topic: 'Cold brew coffee',
          target_keyword: 'Cold brew coffee',
          secondary_keywords: ['iced coffee'],
          outline_brief: '',
        },
      },
      guide: {
        status: 'success',
        output: {
          style_guide: { brand_voice: '', writing_style_guide: '', image_style: '', keywords: [], base_knowledge: '' },
        },
      },
      queries: { status: 'success', output: { queries: ['Fake queries 1 from the fake AI.'] } },
      search: {
        status: 'skipped',
        output: {
          results: [],
          skipped_reason: 'No search provider is configured (set SEARCH_PROVIDER), so the web was not searched.',
        },
      },
      competitors: {
        status: 'skipped',
        output: {
          competitors: [],
          sources: [],
          notes: [],
          skipped_reason:
            'No search results to read (web search found none or was skipped), so no competitor pages were read.',
        },
      },
      video: {
        status: 'skipped',
        output: {
          markdown,
          video: null,
          candidates: [],
          skipped_reason:
            'No video source is configured (set YOUTUBE_API_KEY, or SEARCH_PROVIDER=searxng with SEARCH_BASE_URL), so no video was looked for.',
        },
      },
      outline: {
        status: 'success',
        output: {
          outline: {
            title: 'Fake title from the fake AI.',
            sections: [{ heading: 'Fake heading from the fake AI.', points: ['Fake points 1 from the fake AI.'] }],
          },
        },
      },
      writer: {
        status: 'success',
        output: {
          title: 'Fake title from the fake AI.',
          markdown,
          sources: [],
          draft_label: null,
          brief: false,
          parts: [part('Introduction'), part('Fake heading from the fake AI.'), part('Conclusion')],
        },
      },
      image_prompt: {
        status: 'success',
        output: { image_prompt: 'Fake image prompt from the fake AI.', alt: 'Fake alt from the fake AI.' },
      },
      cover: {
        status: 'success',
        output: {
          cover_image_url: `/api/media/${media!.id}`,
          cover_image_alt: 'Fake alt from the fake AI.',
          media_id: media!.id,
        },
      },
      links: { status: 'success', output: { markdown, links: [] } },
      cta: { status: 'success', output: { markdown } },
      facts: { status: 'success', output: { claims: [], supported: 0, unsupported: 0, uncited: 0 } },
      seo: {
        status: 'success',
        output: {
          meta_title: 'Fake meta title from the fake AI.',
          meta_description: 'Fake meta description from the fake AI.',
          slug: 'fake-title-from-the-fake-ai',
          excerpt: seo.excerpt,
          keywords: ['cold brew coffee', 'iced coffee'],
        },
      },
      save: { status: 'success', output: { saved_blog_post: { id: run.post_id } } },
    };
    expect(
      Object.fromEntries(
        run.node_runs.map((node: any) => [node.node_id, { status: node.status, output: node.output }]),
      ),
    ).toEqual(expected);
    expect(run.node_runs.map((node: any) => node.node_id)).toEqual(BLOG_POST_GRAPH.nodes.map((node) => node.id));
    expect(run.node_runs.every((node: any) => node.error === null)).toBe(true);
    expect(seo.excerpt).toMatch(/^Sentence 1 about Introduction/);

    const [post] = await testSql()`
      select p.project_id, p.title, p.slug, p.markdown, p.html, p.excerpt, p.meta_title, p.meta_description, p.cover_image_url, p.cover_image_alt,
             p.target_keyword, p.keywords, p.sources, p.status, p.draft_label, p.workflow_run_id, p.published_at, p.version, u.external_id as author
      from blog_posts p left join users u on u.id = p.author_id where p.id = ${run.post_id}`;
    expect(post).toEqual({
      project_id: projectId,
      title: 'Fake title from the fake AI.',
      slug: 'fake-title-from-the-fake-ai',
      markdown,
      html: expect.stringContaining('<h2 id="conclusion">Conclusion</h2>'),
      excerpt: seo.excerpt,
      meta_title: 'Fake meta title from the fake AI.',
      meta_description: 'Fake meta description from the fake AI.',
      cover_image_url: `/api/media/${media!.id}`,
      cover_image_alt: 'Fake alt from the fake AI.',
      target_keyword: 'Cold brew coffee',
      keywords: ['cold brew coffee', 'iced coffee'],
      sources: [],
      status: 'draft',
      draft_label: null,
      workflow_run_id: run.run_id,
      published_at: null,
      version: 1,
      author: owner.uid,
    });

    const [user] = await testSql()`select * from users where external_id = ${owner.uid}`;
    const ctx = {
      sql: testSql(),
      config: testConfig(),
      caches: testCaches(),
      jobs: runnerOf(app),
      actor: { kind: 'system' as const, projectId, creditTo: user!.id as string },
    };
    // The quality gate (issue 27, tests/api/quality-gate.test.ts) is open here: this is about publishing at once.
    await call(app, 'PATCH', `/api/projects/${projectId}/quality`, {
      token: owner.token,
      body: { min_score: 0, hold_claims: false },
    });
    const autopilot = await startWorkflowRun({ ctx, input: { projectId, topic: 'Iced tea', publish: true } });
    const published = await settled(app, autopilot.run_id);
    const [live] =
      await testSql()`select status, published_at is not null as dated from blog_posts where id = ${published.post_id}`;
    expect(live).toEqual({ status: 'published', dated: true });
  });

  it('a run started for an existing post rewrites it in place: updated_blog_post, same address and status, a newer version', async () => {
    const { app, projectId } = await setup(aiEnv());
    // The model plans the second take under its own title, so the rewrite is seen in the post.
    ai.answer((body: any) => asks(body, 'Rewriting posts, second take') && asks(body, 'Plan at most'), {
      content: JSON.stringify({
        outline: { title: 'Rewriting Posts, Second Take', sections: [{ heading: 'The second take', points: [] }] },
      }),
    });
    const first = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
      token: owner.token,
      body: { topic: 'Rewriting posts' },
    });
    const postId = (await settled(app, first.body.run_id)).post_id as string;
    expect((await call(app, 'POST', `/api/blogs/posts/post/${postId}/publish`, { token: owner.token })).status).toBe(
      200,
    );
    const [before] = await testSql()`select slug, status, version, published_at from blog_posts where id = ${postId}`;

    const again = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
      token: owner.token,
      body: { topic: 'Rewriting posts, second take', post_id: postId },
    });
    expect(again.status).toBe(202);
    const rewritten = await settled(app, again.body.run_id);
    expect(rewritten.status).toBe('success');
    expect(rewritten.post_id).toBe(postId);
    expect(rewritten.node_runs.find((node: any) => node.node_id === 'save')).toMatchObject({
      status: 'success',
      output: { updated_blog_post: { id: postId } },
    });
    expect(rewritten.node_runs.find((node: any) => node.node_id === 'save').output).not.toHaveProperty(
      'saved_blog_post',
    );
    expect(driftFrom('get', '/api/workflows/runs/{runId}', 200, rewritten)).toBeUndefined();

    const [after] =
      await testSql()`select title, markdown, slug, status, version, published_at, workflow_run_id from blog_posts where id = ${postId}`;
    expect(after).toMatchObject({
      title: 'Rewriting Posts, Second Take',
      slug: before!.slug,
      status: 'published',
      version: before!.version + 1,
      published_at: before!.published_at,
      workflow_run_id: rewritten.run_id,
    });
    expect(after!.markdown).toContain('## The second take');
    ai.clearAnswers();
    const [posts] = await testSql()`select count(*)::int as n from blog_posts where project_id = ${projectId}`;
    expect(posts!.n).toBe(1);
    const [usage] =
      await testSql()`select count(*)::int as n from usage_events where run_id = ${rewritten.run_id} and post_id = ${postId}`;
    expect(usage!.n).toBe(1);

    // Only a post of the project can be rewritten: another project's post is not found, and nothing is queued.
    const other = await setup();
    const foreign = await call(other.app, 'POST', `/api/workflows/project/${other.projectId}/run`, {
      token: owner.token,
      body: { topic: 'Elsewhere', post_id: postId },
    });
    expect(foreign).toMatchObject({ status: 404, body: { detail: 'Post not found.' } });
    expect(driftFrom('post', '/api/workflows/project/{projectId}/run', 404, foreign.body)).toBeUndefined();
    const [queued] =
      await testSql()`select count(*)::int as n from workflow_runs where project_id = ${other.projectId}`;
    expect(queued!.n).toBe(0);
  });

  it('retries a provider that fails twice, then succeeds', async () => {
    const { app, projectId } = await setup({ ...aiEnv(), WORKFLOW_NODE_RETRIES: '2' });
    ai.script({ status: 500 }, { status: 500 });
    const started = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
      token: owner.token,
      body: { topic: 'Retries' },
    });
    const run = await settled(app, started.body.run_id);
    expect(run.status).toBe('success');
    const [queries] =
      await testSql()`select status, attempts from node_runs where run_id = ${run.run_id} and node_id = 'queries'`;
    expect(queries).toEqual({ status: 'success', attempts: 3 });
  });

  it('ends a run whose provider keeps failing, naming the node and the reason', async () => {
    const { app, projectId } = await setup({ ...aiEnv(), WORKFLOW_NODE_RETRIES: '1' });
    ai.script({ status: 500 }, { status: 500 });
    const started = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
      token: owner.token,
      body: { topic: 'Failing' },
    });
    const run = await settled(app, started.body.run_id);
    expect(run.status).toBe('error');
    expect(run.error_node_id).toBe('queries');
    expect(run.error).toMatch(/^Query optimiser \(node "queries"\) failed: The AI server failed/);
    expect(run.post_id).toBeNull();
    const [posts] = await testSql()`select count(*)::int as n from blog_posts where workflow_run_id = ${run.run_id}`;
    expect(posts!.n).toBe(0);
  });
});

describe('workflow graphs', () => {
  it('refuses invalid graphs on save, naming the node and field, and stale versions', async () => {
    const { app, projectId } = await setup({}, { work: false });
    const created = await call(app, 'POST', `/api/workflows/project/${projectId}`, {
      token: owner.token,
      body: { template_id: BLOG_POST_TEMPLATE_ID },
    });
    expect(created.status).toBe(201);
    const { id, version, nodes, edges } = created.body;
    const save = (graph: { nodes: unknown[]; edges: unknown[] }, at = version) =>
      call(app, 'PUT', `/api/workflows/${id}`, { token: owner.token, body: { name: 'Mine', ...graph, version: at } });

    const unknown = await save({
      nodes: [...nodes, { id: 'x', type: 'telepathy', position: { x: 0, y: 0 }, config: {} }],
      edges,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail).toEqual([
      {
        loc: ['body', 'nodes', 'x', 'type'],
        msg: 'Node "x" has an unknown block type "telepathy".',
        type: 'value_error',
      },
    ]);

    const unwired = await save({
      nodes,
      edges: edges.filter((edge: any) => !(edge.target === 'writer' && edge.target_handle === 'outline')),
    });
    expect(unwired.status).toBe(422);
    expect(unwired.body.detail).toEqual([
      {
        loc: ['body', 'nodes', 'writer', 'outline'],
        msg: 'Node "writer" (Post writer) needs its input "outline" connected.',
        type: 'missing',
      },
    ]);

    const mismatched = await save({
      nodes,
      edges: edges.map((edge: any) =>
        edge.target === 'writer' && edge.target_handle === 'topic'
          ? { ...edge, source: 'queries', source_handle: 'queries' }
          : edge,
      ),
    });
    expect(mismatched.status).toBe(422);
    expect(mismatched.body.detail[0].loc).toEqual(['body', 'nodes', 'writer', 'topic']);
    expect(mismatched.body.detail[0].msg).toMatch(
      /Node "writer" \(Post writer\): input "topic" cannot take output "queries"/,
    );

    const cyclic = await save({
      nodes,
      edges: [
        ...edges,
        { id: 'back', source: 'writer', source_handle: 'title', target: 'queries', target_handle: 'target_keyword' },
      ],
    });
    expect(cyclic.status).toBe(422);
    expect(cyclic.body.detail).toContainEqual({
      loc: ['body', 'edges', 'queries.queries->search.queries'],
      msg: 'The workflow has a cycle: "queries" → "search" → "competitors" → "outline" → "writer" → "queries". Node "queries" cannot wait for itself.',
      type: 'value_error',
    });

    const ok = await save({ nodes, edges });
    expect(ok.status).toBe(200);
    expect(ok.body.version).toBe(version + 1);
    const stale = await save({ nodes, edges });
    expect(stale.status).toBe(409);
    const [unchanged] = await testSql()`select version, name from workflows where id = ${id}`;
    expect(unchanged).toEqual({ version: version + 1, name: 'Mine' });
  });

  it('describes every block with JSON Schemas, and the seeded template is the one in the code', async () => {
    const { app } = await setup({}, { work: false });
    const blocks = await call(app, 'GET', '/api/workflows/blocks', { token: owner.token });
    expect(blocks.body.map((block: any) => block.type).sort()).toEqual([
      'competitor_analysis',
      'cover_image',
      'cta_inserter',
      'fact_check',
      'image_prompt',
      'internal_links',
      'outline',
      'post_writer',
      'query_optimiser',
      'save_post',
      'seo_meta',
      'style_guide',
      'topic_input',
      'video_embed',
      'web_search',
    ]);
    const writer = blocks.body.find((block: any) => block.type === 'post_writer');
    expect(writer.inputs.required).toEqual(['topic', 'outline']);
    expect(driftFrom('get', '/api/workflows/blocks', 200, blocks.body)).toBeUndefined();
    const templates = await call(app, 'GET', '/api/workflows/templates', { token: owner.token });
    const template = templates.body.find((entry: any) => entry.id === BLOG_POST_TEMPLATE_ID);
    expect({ nodes: template.nodes, edges: template.edges }).toEqual(BLOG_POST_GRAPH);
    expect(driftFrom('get', '/api/workflows/templates', 200, templates.body)).toBeUndefined();
    const write = await call(app, 'POST', '/api/workflows/templates', {
      token: owner.token,
      body: { name: 'T', nodes: [], edges: [] },
    });
    expect(write.status).toBe(403);
  });
});

describe('templates', () => {
  it('admins create, edit, publish and unpublish templates; users see and copy published ones only', async () => {
    const adminEmail = `templates-admin-${Date.now()}@example.com`;
    const { app, projectId } = await setup({ ADMIN_EMAILS: adminEmail }, { work: false });
    const admin = await signInUser({ email: adminEmail });
    const graph = { name: 'Quick post', description: 'Two nodes', nodes: BLOG_POST_GRAPH.nodes.slice(0, 1), edges: [] };
    const created = await call(app, 'POST', '/api/workflows/templates', { token: admin.token, body: graph });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ is_template: true, is_published: false, project_id: null, version: 1 });
    const id = created.body.id;
    const listed = async (token: string) =>
      (await call(app, 'GET', '/api/workflows/templates', { token })).body.map((entry: any) => entry.id);
    expect(await listed(admin.token)).toContain(id);
    expect(await listed(owner.token)).not.toContain(id);
    expect(
      (
        await call(app, 'POST', `/api/workflows/project/${projectId}`, {
          token: owner.token,
          body: { template_id: id },
        })
      ).status,
    ).toBe(404);

    const edited = await call(app, 'PUT', `/api/workflows/templates/${id}`, {
      token: admin.token,
      body: { ...graph, name: 'Quick post v2', version: 1 },
    });
    expect(edited.body).toMatchObject({ name: 'Quick post v2', version: 2 });
    expect(
      (await call(app, 'PUT', `/api/workflows/templates/${id}`, { token: owner.token, body: { ...graph, version: 2 } }))
        .status,
    ).toBe(403);
    expect((await call(app, 'POST', `/api/workflows/templates/${id}/publish`, { token: owner.token })).status).toBe(
      403,
    );
    const published = await call(app, 'POST', `/api/workflows/templates/${id}/publish`, { token: admin.token });
    expect(published.body).toMatchObject({ is_published: true });
    expect(await listed(owner.token)).toContain(id);
    const copy = await call(app, 'POST', `/api/workflows/project/${projectId}`, {
      token: owner.token,
      body: { template_id: id },
    });
    expect(copy).toMatchObject({
      status: 201,
      body: { name: 'Quick post v2', project_id: projectId, is_template: false, is_default: false },
    });

    await call(app, 'POST', `/api/workflows/templates/${id}/unpublish`, { token: admin.token });
    expect(await listed(owner.token)).not.toContain(id);
    expect((await call(app, 'GET', `/api/workflows/${copy.body.id}`, { token: owner.token })).status).toBe(200); // the copy is the project's own
    const missing = await app.request('/api/media/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
  });
});

describe('queue', () => {
  it('cancels a queued run, which then never runs; started runs 409; unknown 404', async () => {
    const { app, env, projectId } = await setup({}, { work: false });
    const started = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
      token: owner.token,
      body: { topic: 'Never' },
    });
    const status = await call(app, 'GET', '/api/queue/status', { token: owner.token, projectId });
    expect(status.body).toEqual({
      items: [
        expect.objectContaining({ id: started.body.queue_item_id, run_id: started.body.run_id, state: 'queued' }),
      ],
      processing_count: 0,
    });
    expect(driftFrom('get', '/api/queue/status', 200, status.body)).toBeUndefined();
    const cancelled = await call(app, 'DELETE', `/api/queue/items/${started.body.queue_item_id}`, {
      token: owner.token,
    });
    expect(cancelled).toMatchObject({ status: 200, body: { message: 'Queued task cancelled' } });
    expect(driftFrom('delete', '/api/queue/items/{id}', 200, cancelled.body)).toBeUndefined();
    expect((await call(app, 'GET', '/api/queue/status', { token: owner.token, projectId })).body).toEqual({
      items: [],
      processing_count: 0,
    });

    // A worker now starts and finishes a later run; the cancelled one never ran.
    const worker = await testJobs(env);
    runners.push(worker);
    const later = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
      token: owner.token,
      body: { topic: 'Later' },
    });
    expect((await settled(app, later.body.run_id)).status).toBe('success');
    const [run] =
      await testSql()`select status, started_at, attempts from workflow_runs where id = ${started.body.run_id}`;
    expect(run).toEqual({ status: 'cancelled', started_at: null, attempts: 0 });
    const [ran] =
      await testSql()`select count(*)::int as n from node_runs where run_id = ${started.body.run_id} and attempts > 0`;
    expect(ran!.n).toBe(0);

    const again = await call(app, 'DELETE', `/api/queue/items/${later.body.queue_item_id}`, { token: owner.token });
    expect(again).toMatchObject({ status: 409, body: { detail: 'Task already started and cannot be cancelled' } });
    expect(driftFrom('delete', '/api/queue/items/{id}', 409, again.body)).toBeUndefined();
    const unknown = await call(app, 'DELETE', '/api/queue/items/00000000-0000-4000-8000-000000000000', {
      token: owner.token,
    });
    expect(unknown).toMatchObject({ status: 404, body: { detail: 'Task not found in queue' } });
    const twice = await call(app, 'DELETE', `/api/queue/items/${started.body.queue_item_id}`, { token: owner.token });
    expect(twice.status).toBe(404);
  });

  it('a run a worker is processing cannot be cancelled (409) and runs on to its post', async () => {
    const { app, projectId } = await setup(aiEnv());
    // The query optimiser's AI request is held: the run is inside a node until the test lets it go.
    const held = ai.hold((body: any) => asks(body, QUERY_OPTIMISER_PROMPT));
    const started = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
      token: owner.token,
      body: { topic: 'Held in a node' },
    });
    await expect.poll(() => held.waiting(), { timeout: 30_000, interval: 50 }).toBe(1);
    const queue = await call(app, 'GET', '/api/queue/status', { token: owner.token, projectId });
    expect(queue.body).toEqual({
      items: [expect.objectContaining({ id: started.body.queue_item_id, state: 'processing' })],
      processing_count: 1,
    });

    const refused = await call(app, 'DELETE', `/api/queue/items/${started.body.queue_item_id}`, { token: owner.token });
    expect(refused).toMatchObject({ status: 409, body: { detail: 'Task already started and cannot be cancelled' } });
    const [during] = await testSql()`select status from workflow_runs where id = ${started.body.run_id}`;
    expect(during!.status).toBe('running');

    held.release();
    const run = await settled(app, started.body.run_id);
    expect(run.status).toBe('success');
    expect(run.post_id).not.toBeNull();
    const [queries] =
      await testSql()`select status, attempts from node_runs where run_id = ${run.run_id} and node_id = 'queries'`;
    expect(queries).toEqual({ status: 'success', attempts: 1 });
  });

  // A cancel and a worker's claim both waiting on the run's row: whichever the database lets in first wins, and the
  // other sees the row as the winner left it. Each order is set up by holding the row until both wait on it.
  it('a cancel that reaches the run before a worker: cancelled, and the worker runs nothing', async () => {
    const { app, env, projectId } = await setup({}, { work: false });
    const started = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
      token: owner.token,
      body: { topic: 'Raced, cancel first' },
    });
    const row = await holdRun(started.body.run_id);
    const cancel = call(app, 'DELETE', `/api/queue/items/${started.body.queue_item_id}`, { token: owner.token });
    await expect.poll(row.waiting, { timeout: 30_000, interval: 50 }).toBe(1);
    runners.push(await testJobs(env));
    await expect.poll(row.waiting, { timeout: 30_000, interval: 50 }).toBe(2); // the worker's claim waits behind the cancel
    await row.release();

    expect(await cancel).toMatchObject({ status: 200, body: { message: 'Queued task cancelled' } });
    const [run] =
      await testSql()`select status, started_at, attempts from workflow_runs where id = ${started.body.run_id}`;
    expect(run).toEqual({ status: 'cancelled', started_at: null, attempts: 0 });
    const [ran] =
      await testSql()`select count(*)::int as n from node_runs where run_id = ${started.body.run_id} and attempts > 0`;
    expect(ran!.n).toBe(0);
    const [posts] =
      await testSql()`select count(*)::int as n from blog_posts where workflow_run_id = ${started.body.run_id}`;
    expect(posts!.n).toBe(0);
  });

  it('a worker that claims the run before a cancel: the cancel is refused (409) and the run finishes', async () => {
    const { app, env, projectId } = await setup({}, { work: false });
    const started = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
      token: owner.token,
      body: { topic: 'Raced, worker first' },
    });
    const row = await holdRun(started.body.run_id);
    runners.push(await testJobs(env));
    await expect.poll(row.waiting, { timeout: 30_000, interval: 50 }).toBe(1);
    const cancel = call(app, 'DELETE', `/api/queue/items/${started.body.queue_item_id}`, { token: owner.token });
    await expect.poll(row.waiting, { timeout: 30_000, interval: 50 }).toBe(2); // the cancel waits behind the claim
    await row.release();

    expect(await cancel).toMatchObject({
      status: 409,
      body: { detail: 'Task already started and cannot be cancelled' },
    });
    const run = await settled(app, started.body.run_id);
    expect(run.status).toBe('success');
    const [row2] = await testSql()`select attempts from workflow_runs where id = ${started.body.run_id}`;
    expect(row2!.attempts).toBe(1);
    const [posts] =
      await testSql()`select count(*)::int as n from blog_posts where workflow_run_id = ${started.body.run_id}`;
    expect(posts!.n).toBe(1);
  });
});
