// Issue 22: one rule for a post's sources wherever one is stored. The editor's PATCH refused javascript: addresses
// while a workflow's save_post stored them (a search result's address became a source, and a link in the workspace).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitorAnalysis } from '../../api/blocks/competitor-analysis.ts';
import { savePost } from '../../api/blocks/save-post.ts';
import { webSearch } from '../../api/blocks/web-search.ts';
import { createSql } from '../../api/db/sql.ts';
import { migrate } from '../../api/db/migrate.ts';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { createAi } from '../../api/providers/ai/index.ts';
import { createBlockContext } from '../../api/services/workflows/block-context.ts';
import { startFakeSearch } from '../fixtures/fake-search/server.mjs';
import {
  call,
  signInUser,
  testApp,
  testConfig,
  testDatabaseUrl,
  testJobs,
  testQueuePrefix,
  testSql,
  type TestUser,
} from './helpers.ts';

const HOSTILE = [
  'javascript:alert(document.cookie)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<b>x</b>',
  '//evil.example',
];

let search: Awaited<ReturnType<typeof startFakeSearch>>;
let owner: TestUser;
const runners: JobRunner[] = [];

beforeAll(async () => {
  search = await startFakeSearch();
  owner = await signInUser();
  await call(testApp(), 'GET', '/api/users/me/', { token: owner.token });
  await testSql()`insert into subscriptions (account_id, plan_override) select id, 'scale' from users where external_id = ${owner.uid}`;
});
afterAll(async () => {
  for (const runner of runners) await runner.stop();
  await search.stop();
});

describe('the source address rule', () => {
  it.each(HOSTILE)('PATCH refuses the source %s with 422 on its url, changing nothing', async (url) => {
    const app = testApp();
    const project = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Sources' } });
    const post = await call(app, 'POST', `/api/blogs/posts/project/${project.body.id}`, {
      token: owner.token,
      body: { title: 'Cited' },
    });

    const answer = await call(app, 'PATCH', `/api/blogs/posts/post/${post.body.id}`, {
      token: owner.token,
      body: { version: 1, sources: [{ title: 'Bad', url }] },
    });
    const [row] = await testSql()`select version, sources from blog_posts where id = ${post.body.id}`;

    expect(answer.status).toBe(422);
    expect(answer.body.detail).toContainEqual({
      loc: ['body', 'sources', 0, 'url'],
      msg: 'Source URL must be a web address starting with http:// or https://.',
      type: 'custom',
    });
    expect(row).toEqual({ version: 1, sources: [] });
  });

  it.each(HOSTILE)("save_post's input refuses the source %s, as PATCH does", (url) => {
    const input = { title: 'T', markdown: 'M', sources: [{ title: 'Bad', url }] };

    const parsed = savePost.input.safeParse(input);

    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['sources', 0, 'url'],
      message: 'Source URL must be a web address starting with http:// or https://.',
    });
    expect(
      savePost.input.safeParse({ ...input, sources: [{ title: 'Good', url: 'https://example.com/a' }] }).success,
    ).toBe(true);
  });

  it('web search and competitor analysis pass on only http(s) results, so none becomes a source', async () => {
    search.results([
      ...HOSTILE.map((url) => ({ title: 'Hostile', url, content: 'x' })),
      { title: 'Good', url: 'https://example.com/good', content: 'A good page.' },
    ]);
    const config = testConfig({ SEARCH_PROVIDER: 'searxng', SEARCH_BASE_URL: search.origin });
    const [projectId, runId] = [randomUUID(), randomUUID()];
    const ctx = createBlockContext({
      sql: testSql(),
      config,
      ai: createAi(config, testSql()),
      projectId,
      runId,
      nodeId: 'node',
      runInput: { topic: 'Sources' },
      userId: null,
    });

    const found = await webSearch.run({ ctx, input: { queries: ['sources'] }, config: { max_results: 10 } });
    const read = await competitorAnalysis.run({
      ctx,
      input: { results: HOSTILE.map((url) => ({ title: 'Hostile', url, snippet: 'x' })) },
      config: { max_pages: 10 },
    });

    expect(found.results.map((result) => result.url)).toEqual(['https://example.com/good']);
    expect(read.sources).toEqual([]);
  });

  it("a run whose internal links (prefix set in the node's settings) would cite javascript: fails at save_post, storing nothing", async () => {
    const env = { JOBS_QUEUE_PREFIX: `${testQueuePrefix()}s.` };
    const runner = await testJobs(env);
    runners.push(runner);
    const app = testApp(env, runner);
    const project = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Run sources' } });
    const projectId = project.body.id as string;
    await testSql()`
      insert into blog_posts (project_id, title, slug, status, published_at)
      values (${projectId}, 'Sourdough starter basics', 'sourdough-starter-basics', 'published', now())`;
    const wire = (source: string, output: string, target: string, input: string) => ({
      id: `${source}.${output}->${target}.${input}`,
      source,
      source_handle: output,
      target,
      target_handle: input,
    });
    const workflow = await call(app, 'POST', `/api/workflows/project/${projectId}`, {
      token: owner.token,
      body: {
        name: 'Linked',
        nodes: [
          { id: 'topic', type: 'topic_input', position: { x: 0, y: 0 }, config: {} },
          {
            id: 'links',
            type: 'internal_links',
            position: { x: 200, y: 0 },
            config: { link_prefix: 'javascript:alert(document.cookie)//' },
          },
          { id: 'save', type: 'save_post', position: { x: 400, y: 0 }, config: {} },
        ],
        edges: [
          wire('topic', 'topic', 'links', 'markdown'),
          wire('topic', 'topic', 'save', 'title'),
          wire('links', 'markdown', 'save', 'markdown'),
          wire('links', 'links', 'save', 'sources'),
        ],
      },
    });
    expect(workflow.status).toBe(201);

    const started = await call(app, 'POST', `/api/workflows/${workflow.body.id}/run`, {
      token: owner.token,
      body: { topic: 'Sourdough starter' },
    });
    await expect
      .poll(
        async () =>
          (await call(app, 'GET', `/api/workflows/runs/${started.body.run_id}`, { token: owner.token })).body.status,
        { timeout: 30_000, interval: 100 },
      )
      .toMatch(/^(success|error)$/);
    const run = await call(app, 'GET', `/api/workflows/runs/${started.body.run_id}`, { token: owner.token });
    const saved = await testSql()`select id from blog_posts where workflow_run_id = ${started.body.run_id}`;

    expect(run.body.status).toBe('error');
    expect(run.body.error).toContain('Source URL must be a web address starting with http:// or https://.');
    expect(saved).toEqual([]);
  });

  it('the migration drops sources stored before the rule, keeping the good ones in order', async () => {
    // A database of its own on the same server, migrated up to the release before, with a post holding bad sources.
    const name = `inkpilot_sources_${randomUUID().slice(0, 8)}`;
    await testSql().unsafe(`create database ${name}`);
    const url = new URL(testDatabaseUrl());
    url.pathname = `/${name}`;
    const scratch = createSql(url.toString(), 1);
    try {
      await migrate(scratch, () => {}, { through: '0024' });
      const [project] = await scratch`insert into projects (name) values ('Old') returning id`;
      const stored = [
        { title: 'A', url: 'https://a.example/' },
        { title: 'Bad', url: 'javascript:alert(1)' },
        { title: 'B', url: 'http://b.example/x' },
        { title: 'No address' },
      ];
      await scratch`
        insert into blog_posts (project_id, title, slug, sources) values
          (${project!.id}, 'Mixed', 'mixed', ${scratch.json(stored)}),
          (${project!.id}, 'Fine', 'fine', ${scratch.json([{ title: 'C', url: 'https://c.example/' }])})`;

      await migrate(scratch, () => {}, { through: '0025' });
      const rows = await scratch`select slug, sources from blog_posts order by slug`;

      expect(rows).toEqual([
        { slug: 'fine', sources: [{ title: 'C', url: 'https://c.example/' }] },
        {
          slug: 'mixed',
          sources: [
            { title: 'A', url: 'https://a.example/' },
            { title: 'B', url: 'http://b.example/x' },
          ],
        },
      ]);
    } finally {
      await scratch.end();
      await testSql().unsafe(`drop database ${name}`);
    }
  });
});
