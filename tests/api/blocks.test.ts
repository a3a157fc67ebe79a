// Workflow blocks against the real database and loopback fakes: internal links to the project's own published posts,
// the image prompt, Brave and Tavily search, the style guide a node chose, covers in the brand's colours, and
// independent branches of a run working at the same time.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagePrompt } from '../../api/blocks/image-prompt.ts';
import { internalLinks } from '../../api/blocks/internal-links.ts';
import type { BlockContext } from '../../api/blocks/types.ts';
import { webSearch } from '../../api/blocks/web-search.ts';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { createAi } from '../../api/providers/ai/index.ts';
import { SearchError } from '../../api/providers/search/index.ts';
import { createBlockContext } from '../../api/services/workflows/block-context.ts';
import { BLOG_POST_GRAPH } from '../../api/services/workflows/blog-template.ts';
import { FAKE_AI_KEY, FAKE_AI_MODEL, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { FAKE_SEARCH_KEY, startFakeSearch } from '../fixtures/fake-search/server.mjs';
import { call, signInUser, testApp, testConfig, testJobs, testQueuePrefix, testSql, type TestUser } from './helpers.ts';

let ai: Awaited<ReturnType<typeof startFakeAi>>;
let search: Awaited<ReturnType<typeof startFakeSearch>>;
const runners: JobRunner[] = [];
let owner: TestUser;
let setups = 0;

beforeAll(async () => {
  [ai, search] = await Promise.all([startFakeAi(), startFakeSearch()]);
  owner = await signInUser();
  // On Scale, the plan's allowance never stands between a test and its run.
  await call(testApp(), 'GET', '/api/users/me/', { token: owner.token });
  await testSql()`insert into subscriptions (account_id, plan_override) select id, 'scale' from users where external_id = ${owner.uid}`;
});
afterAll(async () => {
  for (const runner of runners) await runner.stop();
  await Promise.all([ai.stop(), search.stop()]);
});

const aiEnv = () => ({
  AI_BASE_URL: ai.baseUrl,
  AI_API_KEY: FAKE_AI_KEY,
  AI_MODEL: FAKE_AI_MODEL,
  AI_MAX_RETRIES: '0',
});

/** An app and a worker of their own (own queue names) with the given settings. */
async function setup(settings: Record<string, string> = {}) {
  const env = { ...settings, JOBS_QUEUE_PREFIX: `${testQueuePrefix()}${++setups}.` };
  const runner = await testJobs(env);
  runners.push(runner);
  return { app: testApp(env, runner) };
}

async function newProject(app = testApp()): Promise<string> {
  return (await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Blocks' } })).body
    .id as string;
}

/** What a block gets when a run calls it, for calling one block on its own. */
function blockContext(projectId: string, settings: Record<string, string> = {}): BlockContext {
  const config = testConfig(settings);
  const runId = randomUUID();
  return createBlockContext({
    sql: testSql(),
    config,
    ai: createAi(config, testSql()),
    projectId,
    runId,
    nodeId: 'node',
    runInput: { topic: 'Blocks' },
    userId: null,
  });
}

async function runToEnd(app: ReturnType<typeof testApp>, path: string, topic: string) {
  const started = await call(app, 'POST', path, { token: owner.token, body: { topic } });
  expect(started.status).toBe(202);
  await expect
    .poll(
      async () =>
        (await call(app, 'GET', `/api/workflows/runs/${started.body.run_id}`, { token: owner.token })).body.status,
      { timeout: 30_000, interval: 100 },
    )
    .toMatch(/^(success|error)$/);
  return (await call(app, 'GET', `/api/workflows/runs/${started.body.run_id}`, { token: owner.token })).body;
}

const asks = (body: any, text: string) =>
  (body.messages ?? []).some((message: any) => String(message.content).includes(text));

describe('internal links', () => {
  it("links to the project's own published posts that share the most words, before the Sources list", async () => {
    const projectId = await newProject();
    const elsewhere = await newProject();
    const post = (
      project: string,
      title: string,
      slug: string,
      status: string,
      target = '',
      keywords: string[] = [],
    ) => testSql()`
      insert into blog_posts (project_id, title, slug, status, target_keyword, keywords, published_at)
      values (${project}, ${title}, ${slug}, ${status}, ${target}, ${keywords}, ${status === 'published' ? new Date() : null})`;
    await post(projectId, 'Sourdough starter basics', 'sourdough-starter-basics', 'published', 'sourdough starter', [
      'sourdough',
    ]);
    await post(projectId, 'Feeding schedules', 'feeding-schedules', 'published', 'starter feeding');
    await post(projectId, 'Tax returns for freelancers', 'tax-returns', 'published', 'tax returns');
    await post(
      projectId,
      'Sourdough starter troubleshooting',
      'sourdough-starter-troubleshooting',
      'draft',
      'sourdough starter',
    );
    await post(
      elsewhere,
      'Sourdough starter of another project',
      'sourdough-starter-elsewhere',
      'published',
      'sourdough starter',
    );

    const markdown =
      'Keeping a sourdough starter alive is mostly about a steady routine.\n\n## Sources\n\n- [Guide](https://guide.example)\n';
    const ctx = blockContext(projectId);
    const linked = await internalLinks.run({
      ctx,
      input: { markdown, title: 'Keeping a sourdough starter' },
      config: internalLinks.config.parse({ link_prefix: '/blog' }),
    });
    // Most shared words first; drafts, unrelated posts and other projects' posts are never linked.
    expect(linked.links).toEqual([
      { title: 'Sourdough starter basics', url: '/blog/sourdough-starter-basics' },
      { title: 'Feeding schedules', url: '/blog/feeding-schedules' },
    ]);
    expect(linked.markdown).toBe(
      'Keeping a sourdough starter alive is mostly about a steady routine.\n\n## Related posts\n\n- [Sourdough starter basics](/blog/sourdough-starter-basics)\n- [Feeding schedules](/blog/feeding-schedules)\n\n## Sources\n\n- [Guide](https://guide.example)\n',
    );

    const one = await internalLinks.run({
      ctx,
      input: { markdown: 'About a sourdough starter.' },
      config: internalLinks.config.parse({ max_links: 1 }),
    });
    expect(one).toEqual({
      markdown:
        'About a sourdough starter.\n\n## Related posts\n\n- [Sourdough starter basics](/sourdough-starter-basics)\n',
      links: [{ title: 'Sourdough starter basics', url: '/sourdough-starter-basics' }],
    });
    // Nothing related: the post is left as it was.
    const none = await internalLinks.run({
      ctx,
      input: { markdown: 'Growing tomatoes on a balcony.' },
      config: internalLinks.config.parse({}),
    });
    expect(none).toEqual({ markdown: 'Growing tomatoes on a balcony.', links: [] });
  });
});

describe('image prompt', () => {
  const input = {
    title: 'Cold brew at home',
    style_guide: {
      brand_voice: '',
      writing_style_guide: '',
      image_style: 'Flat illustration in teal',
      keywords: [],
      base_knowledge: '',
    },
  };

  it("asks the AI for the cover in the brand's image style and keeps its answer", async () => {
    const projectId = await newProject();
    const asked = ai.calls.length;
    const answer = await imagePrompt.run({ ctx: blockContext(projectId, aiEnv()), input, config: {} });
    expect(answer).toEqual({ image_prompt: 'Fake image prompt from the fake AI.', alt: 'Fake alt from the fake AI.' });
    expect(ai.calls.length - asked).toBe(1);
    const request = ai.calls.at(-1);
    expect(request.messages.find((message: any) => message.role === 'user').content).toBe(
      'Post title: Cold brew at home\nImage style: Flat illustration in teal',
    );
  });

  it('describes the cover itself, in the image style, when no AI is configured', async () => {
    const answer = await imagePrompt.run({ ctx: blockContext(await newProject()), input, config: {} });
    expect(answer).toEqual({
      image_prompt: 'A cover image for "Cold brew at home", Flat illustration in teal, no text.',
      alt: 'Cover image for Cold brew at home',
    });
  });
});

describe('web search providers', () => {
  const hits = [
    { title: 'Starter guide', url: 'https://bread.example/starter', content: 'How to keep a starter.' },
    { title: 'Old archive', url: 'ftp://bread.example/archive', content: 'Not a web page.' },
    { title: 'Levain', url: 'https://bread.example/levain', content: 'Levain explained.' },
  ];
  const expected = [
    { title: 'Starter guide', url: 'https://bread.example/starter', snippet: 'How to keep a starter.' },
    { title: 'Levain', url: 'https://bread.example/levain', snippet: 'Levain explained.' },
  ];

  it.each(['brave', 'tavily'] as const)(
    '%s: searches every query with the key, keeps web results once each, and refuses a wrong key',
    async (provider) => {
      search.results(hits);
      const from = search.requests.length;
      const settings = { SEARCH_PROVIDER: provider, SEARCH_BASE_URL: search.origin, SEARCH_API_KEY: FAKE_SEARCH_KEY };
      const found = await webSearch.run({
        ctx: blockContext(await newProject(), settings),
        input: { queries: ['sourdough starter', 'levain'] },
        config: { max_results: 5 },
      });
      expect(found).toEqual({ results: expected });
      expect(search.requests.slice(from)).toEqual([
        { api: provider, query: 'sourdough starter', limit: 5 },
        { api: provider, query: 'levain', limit: 5 },
      ]);

      const refused = webSearch.run({
        ctx: blockContext(await newProject(), { ...settings, SEARCH_API_KEY: 'wrong-key' }),
        input: { queries: ['x'] },
        config: { max_results: 5 },
      });
      await expect(refused).rejects.toThrow(SearchError);
      await expect(refused).rejects.toThrow(`The ${provider} search answered 401.`);
    },
  );
});

describe('runs of the blocks', () => {
  it('runs independent branches at the same time: the image and the SEO branches both wait on the AI at once', async () => {
    const { app } = await setup(aiEnv());
    const projectId = await newProject(app);
    // A runner that ran one node at a time could never have both requests waiting together.
    const image = ai.hold((body: any) => asks(body, 'You describe one cover image'));
    const seo = ai.hold((body: any) => asks(body, 'You write SEO metadata'));
    const started = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
      token: owner.token,
      body: { topic: 'Parallel branches' },
    });
    await expect.poll(() => [image.waiting(), seo.waiting()], { timeout: 30_000, interval: 50 }).toEqual([1, 1]);
    const during = await call(app, 'GET', `/api/workflows/runs/${started.body.run_id}`, { token: owner.token });
    const status = Object.fromEntries(during.body.node_runs.map((node: any) => [node.node_id, node.status]));
    expect([status.image_prompt, status.seo, status.cover, status.save]).toEqual([
      'running',
      'running',
      'pending',
      'pending',
    ]);

    image.release();
    seo.release();
    await expect
      .poll(
        async () =>
          (await call(app, 'GET', `/api/workflows/runs/${started.body.run_id}`, { token: owner.token })).body.status,
        { timeout: 30_000, interval: 100 },
      )
      .toBe('success');
  });

  it("draws the SVG cover in the project's colour: the blog's accent, or the first colour its style guide names", async () => {
    const { app } = await setup();
    const coverOf = async (run: any) => {
      const [post] = await testSql()`select cover_image_url from blog_posts where id = ${run.post_id}`;
      const cover = await app.request(post!.cover_image_url);
      expect(cover.headers.get('content-type')).toBe('image/svg+xml');
      return cover.text();
    };

    const accented = await newProject(app);
    await testSql()`update projects set blog_accent_color = '#0f766e' where id = ${accented}`;
    const teal = await coverOf(await runToEnd(app, `/api/workflows/project/${accented}/run`, 'Teal covers'));
    expect(teal).toContain('<rect width="1200" height="630" fill="hsl(175, 60%, 18%)"/>');
    expect(teal).toContain('fill="#0f766e"');

    const guided = await newProject(app);
    await testSql()`update projects set blog_accent_color = '#0f766e' where id = ${guided}`;
    await testSql()`
      with guide as (insert into prompts (project_id, image_style) values (${guided}, 'Warm photos; brand colours #F59E0B and #1e293b.') returning id)
      update projects set default_prompt_id = (select id from guide) where id = ${guided}`;
    const amber = await coverOf(await runToEnd(app, `/api/workflows/project/${guided}/run`, 'Amber covers'));
    expect(amber).toContain('fill="#f59e0b"');
    expect(amber).toContain('<rect width="1200" height="630" fill="hsl(38, 60%, 18%)"/>');
    expect(amber).not.toContain('#0f766e');
  });

  it("follows the style guide a node chose, and fails the run naming the node when that guide is not the project's", async () => {
    const { app } = await setup();
    const projectId = await newProject(app);
    const [own] = await testSql()<
      { id: string }[]
    >`insert into prompts (project_id, brand_voice, image_style) values (${projectId}, 'Cheerful', 'Bright') returning id`;
    const foreignProject = await newProject(app);
    const [foreign] = await testSql()<
      { id: string }[]
    >`insert into prompts (project_id, brand_voice) values (${foreignProject}, 'Not ours') returning id`;
    const workflowWith = async (promptId: string) => {
      const nodes = BLOG_POST_GRAPH.nodes.map((node) =>
        node.id === 'guide' ? { ...node, config: { prompt_id: promptId } } : node,
      );
      const created = await call(app, 'POST', `/api/workflows/project/${projectId}`, {
        token: owner.token,
        body: { name: `Guide ${promptId}`, nodes, edges: BLOG_POST_GRAPH.edges },
      });
      expect(created.status).toBe(201);
      return created.body.id as string;
    };

    const chosen = await runToEnd(app, `/api/workflows/${await workflowWith(own!.id)}/run`, 'Chosen guide');
    expect(chosen.status).toBe('success');
    expect(chosen.node_runs.find((node: any) => node.node_id === 'guide').output.style_guide).toMatchObject({
      brand_voice: 'Cheerful',
      image_style: 'Bright',
    });

    for (const missing of [foreign!.id, randomUUID()]) {
      const failed = await runToEnd(app, `/api/workflows/${await workflowWith(missing)}/run`, 'Missing guide');
      expect(failed.status).toBe('error');
      expect(failed.error_node_id).toBe('guide');
      expect(failed.error).toBe(
        `Style guide (node "guide") failed: This project has no style guide ${missing} (deleted, or another project's). Choose another one in the node's settings.`,
      );
      expect(failed.post_id).toBeNull();
    }
  });
});
