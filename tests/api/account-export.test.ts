// Issue 22: a user downloads their data as JSON: their account fields, and for each project they are a member of
// (whatever their role) its brand guide, style guides, plan, workflows and posts with markdown and fields. Nothing of
// projects they are not in, no other member's details, no key secret. Issue 25: a connected project's Search Console
// data (the connection, each post's indexing status, the daily metrics) comes with it, never a Google token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExport } from '../../api/routes/users/schema.ts';
import { METRICS_PER_QUERY } from '../../api/services/privacy/export.ts';
import { inspectDuePages } from '../../api/services/search-console/inspect.ts';
import { syncSearchMetrics } from '../../api/services/search-console/sync.ts';
import { startFakeGoogle } from '../fixtures/fake-google/server.mjs';
import { addPost, type Blog } from './blog-support.ts';
import { connectSearchConsole } from './search-console-support.ts';
import { call, signInUser, testApp, testConfig, testQueuePrefix, testSql, type TestUser } from './helpers.ts';

const app = testApp();
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
/** The app where Search Console is configured with the fake Google (its own job prefix: its own connections). */
let connected: ReturnType<typeof testApp>;
let googleEnv: Record<string, string>;

beforeAll(async () => {
  google = await startFakeGoogle();
  googleEnv = { ...google.env(), JOBS_QUEUE_PREFIX: testQueuePrefix() };
  connected = testApp(googleEnv);
});
afterAll(async () => {
  await google.stop();
});

async function member(name: string): Promise<TestUser & { id: string }> {
  const user = await signInUser({ name });
  const me = await call(app, 'GET', '/api/users/me/', { token: user.token });
  return { ...user, id: me.body.id as string };
}

async function project(owner: TestUser, name: string): Promise<Blog> {
  const created = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name } });
  const [row] = await testSql()`select slug from projects where id = ${created.body.id}`;
  return { owner, projectId: created.body.id, slug: row!.slug, host: `${row!.slug}.blogs.localhost:4321` };
}

/** Downloads the export as the browser does and parses it. */
async function download(token: string) {
  const response = await app.request('/api/users/me/export', { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  return { response, text, data: response.ok ? JSON.parse(text) : null };
}

describe('exporting my data', () => {
  it('holds the account and everything of the projects the user is in, and nothing of anyone else', async () => {
    const me = await member('Ada Exporter');
    const stranger = await member('Sam Stranger');
    const host = await member('Hana Host');
    const mine = await project(me, 'My Bakery');
    const guest = await project(host, "Hana's Garden");
    const foreign = await project(stranger, 'Secret Lab');
    await testSql()`insert into project_members (project_id, user_id, role) values (${guest.projectId}, ${me.id}, 'viewer')`;
    await testSql()`
      update projects set brand_url = 'https://bakery.example', brand_content = 'We bake rye.', brand_info_status = 'completed'
      where id = ${mine.projectId}`;
    const [guide] = await testSql()`
      insert into prompts (project_id, name, brand_voice, keywords, writing_style_guide)
      values (${mine.projectId}, 'Brand guide — bakery.example', 'Warm', ${['rye', 'crumb']}, 'Short sentences.')
      returning id`;
    await testSql()`update projects set default_prompt_id = ${guide!.id} where id = ${mine.projectId}`;
    const entry = await call(app, 'POST', `/api/calendar/project/${mine.projectId}`, {
      token: me.token,
      body: { date: '2030-03-04', title: 'Rye for beginners', target_keyword: 'rye bread' },
    });
    await call(app, 'PUT', `/api/calendar/project/${mine.projectId}/autopilot`, {
      token: me.token,
      body: { enabled: true, time_zone: 'Europe/Paris', publish_mode: 'draft' },
    });
    const workflow = await call(app, 'POST', `/api/workflows/project/${mine.projectId}`, {
      token: me.token,
      body: {
        name: 'Rye pipeline',
        nodes: [{ id: 'topic', type: 'topic_input', position: { x: 0, y: 0 }, config: {} }],
        edges: [],
      },
    });
    const published = await addPost(mine, {
      title: 'Crumb',
      markdown: '# Crumb\n\nOpen and **glossy**.',
      tags: ['rye'],
    });
    const draft = await addPost(mine, { title: 'Draft notes', markdown: 'Not yet.', status: 'draft' });
    // More posts than one query reads (100), so the export pages through them without losing or repeating any.
    for (let index = 0; index < 105; index++) await addPost(guest, { title: `Garden ${index}`, status: 'draft' });
    await addPost(foreign, { title: 'Top secret formula', markdown: 'Hidden.' });
    await testSql()`
      insert into subscriptions (account_id, plan_override) values (${me.id}, 'scale')
      on conflict (account_id) do update set plan_override = 'scale'`;
    const key = await call(app, 'POST', '/api/api-keys', { token: me.token, body: { name: 'Exporter key' } });

    const { response, text, data } = await download(me.token);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="inkpilot-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(accountExport.safeParse(data).error).toBeUndefined(); // the shape /api/openapi.json documents
    expect(data.account).toMatchObject({ id: me.id, email: me.email, first_name: 'Ada', last_name: 'Exporter' });
    expect(data.account.plan).toEqual({ plan: 'scale', source: 'admin', status: 'active' });
    expect(data.account.api_keys).toEqual([
      expect.objectContaining({ name: 'Exporter key', prefix: key.body.prefix, revoked_at: null }),
    ]);
    expect(data.projects.map((row: { name: string; role: string }) => [row.name, row.role])).toEqual([
      ['My Bakery', 'owner'],
      ["Hana's Garden", 'viewer'],
    ]);
    const [bakery, garden] = data.projects;
    expect(bakery.brand_guide).toEqual({
      website: 'https://bakery.example',
      status: 'completed',
      content: 'We bake rye.',
      logo_url: null,
      color: null,
      default_style_guide_id: guide!.id,
      example_articles: [],
    });
    expect(bakery.blog).toMatchObject({ slug: mine.slug, address: expect.stringContaining(`//${mine.slug}.`) });
    expect(bakery.style_guides).toEqual([
      expect.objectContaining({ id: guide!.id, keywords: ['rye', 'crumb'], writing_style_guide: 'Short sentences.' }),
    ]);
    expect(bakery.plan).toEqual([
      expect.objectContaining({ id: entry.body.id, date: '2030-03-04', title: 'Rye for beginners' }),
    ]);
    expect(bakery.autopilot).toEqual({
      enabled: true,
      time_zone: 'Europe/Paris',
      slot_time: '09:00',
      publish_mode: 'draft',
    });
    expect(bakery.workflows).toContainEqual(
      expect.objectContaining({
        id: workflow.body.id,
        name: 'Rye pipeline',
        nodes: [expect.objectContaining({ id: 'topic' })],
      }),
    );
    expect(bakery.posts).toEqual([
      expect.objectContaining({
        id: published.id,
        title: 'Crumb',
        markdown: '# Crumb\n\nOpen and **glossy**.',
        tags: ['rye'],
        status: 'published',
        url: `${bakery.blog.address}${published.slug}`,
      }),
      expect.objectContaining({ id: draft.id, status: 'draft', url: null }),
    ]);
    expect(bakery.posts[0].search_console).toBeNull(); // no Search Console connection: nothing of it
    expect(bakery.search_console).toBeNull();
    const titles = garden.posts.map((post: { title: string }) => post.title);
    expect(new Set(titles).size).toBe(105);
    expect(titles).toHaveLength(105);
    // Nothing of the project the user is not in, no other member's address, no key secret.
    expect(text).not.toContain('Top secret formula');
    expect(text).not.toContain(foreign.projectId);
    expect(text).not.toContain(host.email);
    expect(text).not.toContain(stranger.email);
    expect(text).not.toContain(key.body.key);
  });

  it("carries a connected project's Search Console data to any member, and never a Google token", async () => {
    const owner = await member('Olga Owner');
    const viewer = await member('Vic Viewer');
    const blog = await project(owner, 'Search Bakery');
    await testSql()`insert into project_members (project_id, user_id, role) values (${blog.projectId}, ${viewer.id}, 'viewer')`;
    const property = `http://${blog.host}/`;
    await connectSearchConsole(connected, google, blog, property);
    const indexed = await addPost(blog, { title: 'Indexed loaf' });
    const crawled = await addPost(blog, { title: 'Crawled loaf' });
    const third = await addPost(blog, { title: 'Third loaf' });
    const draft = await addPost(blog, { title: 'Draft loaf', status: 'draft' });
    const queries = ['rye', 'spelt', 'crumb', 'crust', 'starter', 'levain'].map((query, index) => ({
      query: `${query} bread`,
      impressions: 40 + index * 10,
      ctr: 0.1,
      position: 3 + index,
    }));
    google.state.pages.set(`${property}${indexed.slug}`, {
      coverage: 'indexed',
      lastCrawl: '2026-11-20T08:30:00Z',
      queries,
    });
    google.state.pages.set(`${property}${crawled.slug}`, {
      coverage: 'crawled',
      lastCrawl: '2026-11-19T07:00:00Z',
      queries,
    });
    google.state.pages.set(`${property}${third.slug}`, { coverage: 'indexed', queries });
    const jobEnv = { sql: testSql(), config: testConfig(googleEnv), log: () => undefined };
    await inspectDuePages(jobEnv);
    await syncSearchMetrics(jobEnv, { projectId: blog.projectId });
    const stored = {
      pages: await testSql()`
        select day::text as date, page, clicks, impressions, position from search_console_page_days
        where project_id = ${blog.projectId} order by page, day`,
      queries: await testSql()`
        select day::text as date, page, query, clicks, impressions, position from search_console_query_days
        where project_id = ${blog.projectId} order by page, query, day`,
    };

    const { response, text, data } = await download(viewer.token);

    expect(response.status).toBe(200);
    expect(accountExport.safeParse(data).error).toBeUndefined();
    expect(data.version).toBe(1);
    const [exported] = data.projects;
    expect(exported.role).toBe('viewer');
    expect(exported.search_console).toMatchObject({
      property,
      property_permission: 'siteOwner',
      status: 'connected',
      status_reason: null,
      connected_at: expect.any(String),
      metrics_through: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
      sitemap: { url: `${property}sitemap.xml`, submitted_at: expect.any(String), error: null },
    });
    const byId = Object.fromEntries(exported.posts.map((post: { id: string }) => [post.id, post]));
    expect(byId[indexed.id].search_console).toEqual({
      status: 'indexed',
      coverage_state: 'Submitted and indexed',
      verdict: 'PASS',
      url: `${property}${indexed.slug}`,
      last_crawl_at: '2026-11-20T08:30:00.000Z',
      inspected_at: expect.any(String),
    });
    expect(byId[crawled.id].search_console).toMatchObject({
      status: 'crawled_not_indexed',
      coverage_state: 'Crawled - currently not indexed',
      last_crawl_at: '2026-11-19T07:00:00.000Z',
    });
    expect(byId[draft.id].search_console).toBeNull(); // never inspected: drafts have no page
    // Every metric row stored, once, in order: more query rows than one read takes, so the export paged through them.
    expect(stored.queries.length).toBeGreaterThan(METRICS_PER_QUERY);
    expect(exported.search_console.page_days).toEqual(stored.pages.map((row) => ({ ...row })));
    expect(exported.search_console.query_days).toEqual(stored.queries.map((row) => ({ ...row })));
    expect(exported.search_console.query_days.map((row: { query: string }) => row.query)).toContain('levain bread');
    // Not one token the fake Google issued, anywhere in the document.
    const tokens = [...google.state.refreshTokens.keys(), ...google.state.accessTokens.keys()];
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    for (const token of tokens) expect(text).not.toContain(token);
    expect(text).not.toContain('refresh_token');
    expect(text).not.toContain('access_token');
  });

  it('writes a valid document for a user with no project, and refuses anyone not signed in', async () => {
    const lonely = await member('Lone Wolf');

    const { response, data } = await download(lonely.token);
    const anonymous = await app.request('/api/users/me/export');

    expect(response.status).toBe(200);
    expect(data).toMatchObject({ format: 'inkpilot-export', version: 1, projects: [] });
    expect(anonymous.status).toBe(401);
  });
});
