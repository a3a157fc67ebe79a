// Issue 27, the honest offline default: without a model a run makes a writer's brief from the crawled site (the demo
// bakery), labelled as one in the post, the list and the calendar; publishing it unchanged is refused with what to do
// (the route, a schedule, a run that publishes, a rewrite of a live post); once the writer has written the post in the
// editor, it publishes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { generateEntry } from '../../api/services/calendar/verbs.ts';
import { BRIEF_LABEL, BRIEF_REFUSAL } from '../../src/lib/posts/brief.ts';
import { startDemoSite } from '../fixtures/demo-site/server.mjs';
import { briefQuotes, sentenceTemplates } from '../support/brief-check.ts';
import { driftFrom } from './documented.ts';
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

const env = { FETCH_ALLOW_LOOPBACK: 'true', FETCH_TIMEOUT_MS: '5000', JOBS_QUEUE_PREFIX: `${testQueuePrefix()}brief.` };
let site: Awaited<ReturnType<typeof startDemoSite>>;
let runner: JobRunner;
let app: ReturnType<typeof testApp>;
let owner: TestUser;

beforeAll(async () => {
  site = await startDemoSite();
  runner = await testJobs(env);
  app = testApp(env, runner);
  owner = await signInUser({ name: 'Bea Baker' });
  await call(app, 'GET', '/api/users/me/', { token: owner.token });
  await testSql()`
    insert into subscriptions (account_id, plan_override)
    select id, 'scale' from users where external_id = ${owner.uid}`;
});
afterAll(async () => {
  await runner.stop();
  await site.stop();
});

/** A project whose website (the demo bakery) was read by its brand task. */
async function connectedProject(name: string): Promise<string> {
  const projectId = (await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name } })).body
    .id as string;
  const task = await call(app, 'POST', `/api/projects/${projectId}/brand-fetch-and-generate-guide`, {
    token: owner.token,
    body: { brand_url: `${site.origin}/` },
  });
  await expect
    .poll(
      async () =>
        (await call(app, 'GET', `/api/projects/brand-guide/status/${task.body.task_id}`, { token: owner.token })).body
          .status,
      { timeout: 30_000, interval: 200 },
    )
    .toBe('complete');
  return projectId;
}

async function settled(runId: string) {
  await expect
    .poll(async () => (await call(app, 'GET', `/api/workflows/runs/${runId}`, { token: owner.token })).body.status, {
      timeout: 60_000,
      interval: 200,
    })
    .toMatch(/^(success|error)$/);
  return (await call(app, 'GET', `/api/workflows/runs/${runId}`, { token: owner.token })).body;
}

async function briefPost(projectId: string, topic: string, keyword: string) {
  const started = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
    token: owner.token,
    body: { topic, target_keyword: keyword, secondary_keywords: ['feeding schedule'] },
  });
  const run = await settled(started.body.run_id);
  expect(run.status).toBe('success');
  const post = (await call(app, 'GET', `/api/blogs/posts/post/${run.post_id}`, { token: owner.token })).body;
  return { run, post };
}

const MY_POST = [
  'My starter lives on the counter in a jar with a loose lid, and I feed it when it has risen and fallen again.',
  '',
  '## How I feed it',
  '',
  'I keep the feeding simple: equal weights of flour and water, stirred until smooth, then left somewhere warm.',
  '',
  '## When it looks tired',
  '',
  'A tired starter smells sharp and barely rises. A few feeds with rye flour usually bring it back within days.',
].join('\n');

describe("the writer's brief", () => {
  it("is what an offline run makes: labelled, the site's own sentences with their pages, no template twice", {
    timeout: 120_000,
  }, async () => {
    const projectId = await connectedProject('Brief bakery');

    const { run, post } = await briefPost(projectId, 'Keeping a sourdough starter alive', 'sourdough starter');

    expect(post).toMatchObject({ brief: true, draft_label: BRIEF_LABEL, status: 'draft' });
    expect(post.markdown.startsWith("> **Writer's brief — not the post yet.**")).toBe(true);
    const pages = await testSql()<{ url: string; text: string }[]>`
      select url, text from site_pages where project_id = ${projectId}`;
    expect(pages.map((page) => new URL(page.url).pathname).sort()).toEqual(
      ['/', '/about', '/blog/sourdough-starter', '/breads', '/classes', '/contact', '/wholesale'].sort(),
    );
    const quotes = briefQuotes(post.markdown);
    expect(quotes.length).toBeGreaterThanOrEqual(6);
    for (const quote of quotes) {
      const page = pages.find((candidate) => candidate.url === quote.url);
      expect(page?.text.replace(/\s+/g, ' '), quote.text).toContain(quote.text);
    }
    const outline = run.node_runs.find((node: any) => node.node_id === 'outline').output.outline;
    const templates = sentenceTemplates(post.markdown, [
      'Keeping a sourdough starter alive',
      'sourdough starter',
      'feeding schedule',
      outline.title,
      ...outline.sections.map((section: any) => section.heading),
    ]);
    expect(templates.filter((template, index) => templates.indexOf(template) !== index)).toEqual([]);
    // Every quotation of the brief is a supported claim: the fact check read it against the crawled page.
    expect(post.claims.length).toBeGreaterThanOrEqual(quotes.length);
    expect(
      post.claims.filter((claim: any) => claim.kind === 'quote').every((claim: any) => claim.state === 'supported'),
    ).toBe(true);
    expect(post.parts.every((part: any) => part.written_by === "writer's brief (offline)")).toBe(true);
    const writer = run.node_runs.find((node: any) => node.node_id === 'writer');
    expect(writer.output).toMatchObject({ brief: true, draft_label: BRIEF_LABEL });

    const list = await call(app, 'GET', `/api/blogs/posts/project/${projectId}`, { token: owner.token });
    expect(list.body.items).toEqual([expect.objectContaining({ id: post.id, brief: true })]);
    expect(driftFrom('get', '/api/blogs/posts/post/{id}', 200, post)).toBeUndefined();
  });

  it('refuses to publish or schedule the brief unchanged, saying what to do; once written in the editor it publishes', {
    timeout: 120_000,
  }, async () => {
    const projectId = await connectedProject('Refusing bakery');
    const { post } = await briefPost(projectId, 'Feeding a starter', 'starter feeding');

    const publish = await call(app, 'POST', `/api/blogs/posts/post/${post.id}/publish`, { token: owner.token });
    const schedule = await call(app, 'POST', `/api/blogs/posts/post/${post.id}/schedule`, {
      token: owner.token,
      body: { at: new Date(Date.now() + 86_400_000).toISOString() },
    });
    // Adding a line is not writing the post: most of it is still the brief.
    const touched = await call(app, 'PATCH', `/api/blogs/posts/post/${post.id}`, {
      token: owner.token,
      body: { version: post.version, markdown: `${post.markdown}\nI will write this on Sunday.\n` },
    });
    const stillRefused = await call(app, 'POST', `/api/blogs/posts/post/${post.id}/publish`, { token: owner.token });

    const refusal = { status: 422, body: { detail: [{ loc: ['body'], msg: BRIEF_REFUSAL, type: 'value_error' }] } };
    expect(publish).toMatchObject(refusal);
    expect(schedule).toMatchObject(refusal);
    expect(driftFrom('post', '/api/blogs/posts/post/{id}/publish', 422, publish.body)).toBeUndefined();
    expect(touched.body.brief).toBe(true);
    expect(stillRefused).toMatchObject(refusal);
    const [unchanged] = await testSql()`select status, version from blog_posts where id = ${post.id}`;
    expect(unchanged).toEqual({ status: 'draft', version: touched.body.version });

    const written = await call(app, 'PATCH', `/api/blogs/posts/post/${post.id}`, {
      token: owner.token,
      body: { version: touched.body.version, markdown: MY_POST },
    });
    const published = await call(app, 'POST', `/api/blogs/posts/post/${post.id}/publish`, { token: owner.token });

    expect(written.body.brief).toBe(false);
    expect(written.body.parts).toEqual([
      { heading: 'Introduction', written_by: 'Bea Baker' },
      { heading: 'How I feed it', written_by: 'Bea Baker' },
      { heading: 'When it looks tired', written_by: 'Bea Baker' },
    ]);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: 'published', brief: false });
  });

  it('a run that publishes (the autopilot) keeps a brief as a draft and says why; the calendar labels it', {
    timeout: 120_000,
  }, async () => {
    const projectId = await connectedProject('Autopilot bakery');
    const entry = await call(app, 'POST', `/api/calendar/project/${projectId}`, {
      token: owner.token,
      body: { date: '2031-03-04', title: 'Rye bread at home', target_keyword: 'rye bread' },
    });
    const [user] = await testSql()`select id from users where external_id = ${owner.uid}`;
    const ctx = {
      sql: testSql(),
      config: testConfig(env),
      caches: testCaches(),
      jobs: runner,
      actor: { kind: 'system' as const, projectId, creditTo: user!.id as string },
    };

    // What the autopilot does for an entry due in "publish" mode: a run that publishes, as the system.
    const started = await generateEntry({ ctx, input: { id: entry.body.id, publish: true } });
    const run = await settled(started.run_id);

    expect(run.status).toBe('success');
    expect(run.node_runs.find((node: any) => node.node_id === 'save').output).toEqual({
      saved_blog_post: { id: run.post_id },
      publish_refused: BRIEF_REFUSAL,
    });
    const [post] = await testSql()`select status, brief, published_at from blog_posts where id = ${run.post_id}`;
    expect(post).toEqual({ status: 'draft', brief: true, published_at: null });
    const [event] = await testSql()`select kind from post_events where post_id = ${run.post_id}`;
    expect(event!.kind).toBe('created');
    const shown = await call(app, 'GET', `/api/calendar/entries/${entry.body.id}`, { token: owner.token });
    expect(shown.body).toMatchObject({ status: 'draft', post_id: run.post_id, post_brief: true });
  });

  it('an offline rewrite never replaces a live post with a brief', { timeout: 120_000 }, async () => {
    const projectId = await connectedProject('Live bakery');
    const { post } = await briefPost(projectId, 'Shaping a loaf', 'shaping a loaf');
    const written = await call(app, 'PATCH', `/api/blogs/posts/post/${post.id}`, {
      token: owner.token,
      body: { version: post.version, markdown: MY_POST },
    });
    await call(app, 'POST', `/api/blogs/posts/post/${post.id}/publish`, { token: owner.token });

    const again = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
      token: owner.token,
      body: { topic: 'Shaping a loaf, again', post_id: post.id },
    });
    const run = await settled(again.body.run_id);

    expect(run.status).toBe('error');
    expect(run.error).toContain("A writer's brief never replaces a live post.");
    const [live] = await testSql()`select status, markdown, brief from blog_posts where id = ${post.id}`;
    expect(live).toEqual({ status: 'published', markdown: MY_POST, brief: false });
    expect(written.body.brief).toBe(false);
  });
});
