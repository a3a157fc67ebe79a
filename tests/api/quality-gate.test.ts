// The quality gate (issue 27): a project's settings; the autopilot publishes only posts that pass, anything else stays
// a draft with its reason on the post, its calendar entry and the held-back list, until a person publishes it; the
// post's checklist from the server, with the competitor median its run stored. The real runs engine works the runs
// with the fake AI model (offline a run makes a writer's brief, which is never published); web search is the fake
// SearXNG pointing at the demo website, so competitor pages are really read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { extractPage } from '../../api/providers/crawler/extract.ts';
import { autopilotTick } from '../../api/services/calendar/autopilot.ts';
import { runChecklist } from '../../src/lib/seo/checklist/index.ts';
import { startDemoSite } from '../fixtures/demo-site/server.mjs';
import { PAGES } from '../fixtures/demo-site/pages.mjs';
import { FAKE_AI_KEY, FAKE_AI_MODEL, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { startFakeSearch } from '../fixtures/fake-search/server.mjs';
import { driftFrom } from './documented.ts';
import { call, signInUser, testApp, testConfig, testJobs, testQueuePrefix, testSql, type TestUser } from './helpers.ts';

let owner: TestUser;
let site: Awaited<ReturnType<typeof startDemoSite>>;
let search: Awaited<ReturnType<typeof startFakeSearch>>;
let ai: Awaited<ReturnType<typeof startFakeAi>>;
let runner: JobRunner;
let app: ReturnType<typeof testApp>;
let env: Record<string, string>;

beforeAll(async () => {
  owner = await signInUser();
  site = await startDemoSite();
  search = await startFakeSearch();
  ai = await startFakeAi(0);
  search.results(
    ['/', '/breads', '/classes'].map((path) => ({
      title: `Demo ${path}`,
      url: `${site.origin}${path}`,
      content: 'A page about sourdough.',
    })),
  );
  env = {
    JOBS_QUEUE_PREFIX: `${testQueuePrefix()}gate.`,
    FETCH_ALLOW_LOOPBACK: 'true',
    SEARCH_PROVIDER: 'searxng',
    SEARCH_BASE_URL: search.origin,
    AI_BASE_URL: ai.baseUrl,
    AI_API_KEY: FAKE_AI_KEY,
    AI_MODEL: FAKE_AI_MODEL,
  };
  runner = await testJobs(env);
  app = testApp(env, runner);
});
afterAll(async () => {
  await runner.stop();
  await search.stop();
  await ai.stop();
  await site.stop();
});

const tick = (at: string) => autopilotTick({ sql: testSql(), config: testConfig(env), jobs: runner }, new Date(at));
const get = async (path: string) => (await call(app, 'GET', path, { token: owner.token })).body;

/** A project whose autopilot publishes, with one planned entry on `day` and the given gate. */
async function autopilotProject(
  day: string,
  gate: Record<string, unknown>,
  title = 'How to keep a sourdough starter alive',
) {
  const projectId = (await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Gate bakery' } }))
    .body.id as string;
  const changed = await call(app, 'PATCH', `/api/projects/${projectId}/quality`, { token: owner.token, body: gate });
  expect(changed.status).toBe(200);
  const entry = await call(app, 'POST', `/api/calendar/project/${projectId}`, {
    token: owner.token,
    body: { date: day, title, target_keyword: 'sourdough starter' },
  });
  const autopilot = await call(app, 'PUT', `/api/calendar/project/${projectId}/autopilot`, {
    token: owner.token,
    body: { enabled: true, time_zone: 'Europe/Paris', publish_mode: 'publish' },
  });
  expect(autopilot.status).toBe(200);
  return { projectId, entryId: entry.body.id as string };
}

/** Ticks the autopilot at the entry's 09:00 in Paris (08:00 UTC in June is 07:00) and waits for its post. */
async function generate(day: string, entryId: string) {
  await tick(`${day}T07:00:30Z`);
  await expect
    .poll(async () => (await get(`/api/calendar/entries/${entryId}`)).status, { timeout: 90_000, interval: 250 })
    .toMatch(/^(draft|published|failed)$/);
  return get(`/api/calendar/entries/${entryId}`);
}

describe('quality settings', () => {
  it('start at a minimum score of 70, holding unsupported or copied claims, with no AI-assisted note', async () => {
    const projectId = (await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Defaults' } }))
      .body.id as string;

    const settings = await call(app, 'GET', `/api/projects/${projectId}/quality`, { token: owner.token });

    expect(settings.body).toEqual({ project_id: projectId, min_score: 70, hold_claims: true, ai_disclosure: false });
    expect(driftFrom('get', '/api/projects/{id}/quality', 200, settings.body)).toBeUndefined();
  });

  it('change one field at a time, and refuse a bad value with 422 changing nothing', async () => {
    const projectId = (await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Settings' } }))
      .body.id as string;
    const path = `/api/projects/${projectId}/quality`;

    const changed = await call(app, 'PATCH', path, { token: owner.token, body: { min_score: 55 } });
    const bad = await Promise.all(
      [{ min_score: 101 }, { min_score: 7.5 }, { min_score: '80' }, { hold_claims: 'yes' }, { colour: 'red' }].map(
        (body) => call(app, 'PATCH', path, { token: owner.token, body }),
      ),
    );
    const stranger = await signInUser();
    const outsider = await call(app, 'PATCH', path, { token: stranger.token, body: { min_score: 0 } });

    expect(changed.body).toMatchObject({ min_score: 55, hold_claims: true, ai_disclosure: false });
    expect(bad.map((answer) => answer.status)).toEqual([422, 422, 422, 422, 422]);
    expect(bad[0]!.body.detail[0]).toMatchObject({
      loc: ['body', 'min_score'],
      msg: 'The minimum score must be a whole number from 0 to 100.',
    });
    expect(outsider.status).toBe(404);
    expect((await call(app, 'GET', path, { token: owner.token })).body.min_score).toBe(55);
  });
});

describe('the quality gate on the autopilot', () => {
  it('keeps a post that fails the gate a draft, with the reason on the post, its entry and the held-back list', {
    timeout: 150_000,
  }, async () => {
    const day = '2031-06-02';
    const { projectId, entryId } = await autopilotProject(day, { min_score: 100 });

    const entry = await generate(day, entryId);
    const post = await get(`/api/blogs/posts/post/${entry.post_id}`);
    const held = await get(`/api/blogs/posts/project/${projectId}/held`);
    const checklist = await get(`/api/blogs/posts/post/${entry.post_id}/checklist`);

    expect(entry.status).toBe('draft');
    expect(post.status).toBe('draft');
    expect(post.quality_hold).toMatchObject({
      min_score: 100,
      reasons: [expect.stringMatching(/^Score \d+ is below the project's minimum of 100/)],
    });
    expect(post.quality_hold.score).toBeLessThan(100);
    expect(entry.quality_hold).toEqual(post.quality_hold);
    expect(held.items).toEqual([
      { id: post.id, title: post.title, slug: post.slug, quality_hold: post.quality_hold, updated_at: post.updated_at },
    ]);
    expect(checklist.gate).toMatchObject({ min_score: 100, passes: false });
    expect(driftFrom('get', '/api/blogs/posts/project/{projectId}/held', 200, held)).toBeUndefined();
    const events = await testSql()`select kind from post_events where post_id = ${post.id} order by id`;
    expect(events.map((event) => event.kind)).toEqual(['created']);

    // A person can still publish it (the editor shows the reasons first): the hold goes.
    const published = await call(app, 'POST', `/api/blogs/posts/post/${post.id}/publish`, { token: owner.token });
    expect(published.body).toMatchObject({ status: 'published', quality_hold: null });
    expect((await get(`/api/blogs/posts/project/${projectId}/held`)).items).toEqual([]);
    expect(await get(`/api/calendar/entries/${entryId}`)).toMatchObject({ status: 'published', quality_hold: null });
  });

  it('publishes a post that passes the gate, storing the median words of the competitor pages its run read', {
    timeout: 150_000,
  }, async () => {
    const day = '2031-06-03';
    const { projectId, entryId } = await autopilotProject(day, { min_score: 0, hold_claims: false });
    const words = ['/', '/breads', '/classes']
      .map((path) => extractPage(PAGES[path as keyof typeof PAGES], `${site.origin}${path}`).page.text)
      .map((text) => text.split(/\s+/).filter(Boolean).length)
      .sort((a, b) => a - b);

    const entry = await generate(day, entryId);
    const post = await get(`/api/blogs/posts/post/${entry.post_id}`);
    const checklist = await get(`/api/blogs/posts/post/${entry.post_id}/checklist`);

    expect(entry).toMatchObject({ status: 'published', quality_hold: null });
    expect(post).toMatchObject({ status: 'published', quality_hold: null });
    expect((await get(`/api/blogs/posts/project/${projectId}/held`)).items).toEqual([]);
    expect(checklist.context.competitor_words).toBe(words[1]);
    expect(checklist.rules.find((rule: { id: string }) => rule.id === 'length').message).toContain(
      `the competitor pages read for this post have a median of ${words[1]}`,
    );
  });
});

describe('the quality gate on claims', () => {
  /** What one part of the post writer asks (api/blocks/writer/sections.ts). */
  const asks = (body: any, text: string) =>
    (body.messages ?? []).some((message: any) => String(message.content).includes(text));
  /** The model outlines `topic` as one section, and writes that section as `markdown`. */
  function writes(topic: string, heading: string, markdown: string) {
    ai.answer((body: any) => asks(body, `Topic: ${topic}`) && asks(body, 'Plan at most'), {
      content: JSON.stringify({ outline: { title: topic, sections: [{ heading, points: [] }] } }),
    });
    ai.answer(
      (body: any) => asks(body, 'You write one part of a blog post at a time') && asks(body, `Section: ${heading}\n`),
      { content: markdown },
    );
  }
  afterAll(() => ai.clearAnswers());

  it('holds back a post whose statistic its cited page does not contain, naming the claim, with any score allowed', {
    timeout: 150_000,
  }, async () => {
    const day = '2031-06-04';
    const topic = 'Who shapes a sourdough starter loaf';
    const about = `${site.origin}/about`;
    writes(topic, 'The team', `A team of 40 bakers shapes every sourdough loaf by hand [About us](${about}).`);
    const { projectId, entryId } = await autopilotProject(day, { min_score: 0, hold_claims: true }, topic);

    const entry = await generate(day, entryId);
    const post = await get(`/api/blogs/posts/post/${entry.post_id}`);

    expect(post.claims.find((claim: { text: string }) => claim.text === '40 bakers')).toMatchObject({
      state: 'unsupported',
      source_url: about,
    });
    expect(post.status).toBe('draft');
    expect(post.quality_hold).toMatchObject({
      min_score: 0,
      reasons: ['1 claim is not supported by the source cited for it: “40 bakers”.'],
    });
    expect(entry).toMatchObject({ status: 'draft', quality_hold: post.quality_hold });
    expect((await get(`/api/blogs/posts/project/${projectId}/held`)).items.map((item: any) => item.id)).toEqual([
      post.id,
    ]);
    const events = await testSql()`select kind from post_events where post_id = ${post.id} order by id`;
    expect(events.map((event) => event.kind)).toEqual(['created']);
  });

  it('holds back a post with a run of 8+ words copied from a page its run read, outside quotation marks', {
    timeout: 150_000,
  }, async () => {
    const day = '2031-06-05';
    const topic = 'Seeded sourdough starter loaves';
    // Word for word from the demo site's /breads, one of the competitor pages the run reads.
    writes(
      topic,
      'Seeded rye',
      'Ours is dense whole rye packed with sunflower, flax and pumpkin seeds, and we love it.',
    );
    const { entryId } = await autopilotProject(day, { min_score: 0, hold_claims: true }, topic);

    const entry = await generate(day, entryId);
    const post = await get(`/api/blogs/posts/post/${entry.post_id}`);
    const checklist = await get(`/api/blogs/posts/post/${entry.post_id}/checklist`);

    expect(post.status).toBe('draft');
    expect(post.quality_hold).toMatchObject({
      min_score: 0,
      reasons: ['Text is copied from a source without quotation marks.'],
    });
    expect(entry).toMatchObject({ status: 'draft', quality_hold: post.quality_hold });
    expect(checklist.rules.find((rule: { id: string }) => rule.id === 'copied')).toMatchObject({
      state: 'fail',
      message: expect.stringContaining(
        '10 words from Our breads — Hearth & Crumb Bakery: “dense whole rye packed with sunflower flax and pumpkin seeds”',
      ),
    });
  });

  it('lets the same copied words through when they are quoted', {
    timeout: 150_000,
  }, async () => {
    const day = '2031-06-06';
    const topic = 'Quoted sourdough starter loaves';
    writes(
      topic,
      'Rye, quoted',
      'The bakery calls it “dense whole rye packed with sunflower, flax and pumpkin seeds”.',
    );
    const { entryId } = await autopilotProject(day, { min_score: 0, hold_claims: true }, topic);

    const entry = await generate(day, entryId);

    expect(entry).toMatchObject({ status: 'published', quality_hold: null });
  });
});

describe('the checklist of a saved post', () => {
  it('is the shared checklist over the stored post, with the gate verdict and what the editor needs', async () => {
    const projectId = (await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Checklist' } }))
      .body.id as string;
    const create = (title: string, markdown: string) =>
      call(app, 'POST', `/api/blogs/posts/project/${projectId}`, { token: owner.token, body: { title, markdown } });
    const other = (await create('Chain care for commuters', 'All about chains.')).body;
    await call(app, 'POST', `/api/blogs/posts/post/${other.id}/publish`, { token: owner.token });
    const mine = (
      await create(
        'Bike repair at home',
        '# Bike repair\n\nFix it yourself. Read [chain care](/chain-care-for-commuters).',
      )
    ).body;
    await call(app, 'PATCH', `/api/blogs/posts/post/${mine.id}`, {
      token: owner.token,
      body: { version: mine.version, target_keyword: 'bike repair' },
    });

    const answer = await call(app, 'GET', `/api/blogs/posts/post/${mine.id}/checklist`, { token: owner.token });
    const stranger = await signInUser();
    const hidden = await call(app, 'GET', `/api/blogs/posts/post/${mine.id}/checklist`, { token: stranger.token });
    const post = await get(`/api/blogs/posts/post/${mine.id}`);
    const [blog] = await testSql()`select slug from projects where id = ${projectId}`;

    expect(answer.status).toBe(200);
    expect(driftFrom('get', '/api/blogs/posts/post/{id}/checklist', 200, answer.body)).toBeUndefined();
    expect(answer.body.context).toEqual({
      competitor_words: null,
      own_posts: [{ slug: other.slug, title: 'Chain care for commuters' }],
      blog_hosts: [`${blog!.slug}.blogs.localhost`],
      sources: [],
      claims: [],
    });
    const expected = runChecklist({
      ...post,
      competitorWords: null,
      ownPosts: answer.body.context.own_posts,
      blogHosts: answer.body.context.blog_hosts,
      sourceTexts: [],
      competing: [],
    });
    expect(answer.body.score).toBe(expected.score);
    expect(answer.body.rules).toEqual(expected.rules);
    const state = (id: string) => answer.body.rules.find((rule: { id: string }) => rule.id === id)?.state;
    expect([state('heading-h1'), state('internal-links'), state('keyword-title')]).toEqual(['fail', 'pass', 'pass']);
    expect(answer.body.gate).toEqual({
      min_score: 70,
      hold_claims: true,
      passes: false,
      reasons: [expect.stringMatching(/^Score \d+ is below the project's minimum of 70 \(fix first: /)],
    });
    expect(hidden.status).toBe(404);
  });
});
