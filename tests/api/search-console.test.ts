// Search Console per project (issue 25) against a fake Google on loopback (tests/fixtures/fake-google): the OAuth web
// flow (state bound to user and project, PKCE, offline access), tokens sealed and never answered or logged, the
// property that covers the blog and its sitemap, access tokens renewed on expiry and on Google's 401, invalid_grant
// turning the connection to "reconnect", URL Inspection within the property's quota (a 429 backs off), Search
// Analytics by day, page and query, the learning loop (cannibalisation on both posts, refresh suggestions, rising
// queries the planner takes, labelled), the blog's verification tag, and disconnecting.
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { runPlanTask } from '../../api/services/plan/process.ts';
import { inspectDuePages } from '../../api/services/search-console/inspect.ts';
import { syncSearchMetrics } from '../../api/services/search-console/sync.ts';
import { RECONNECT_REASON, UNREADABLE_REASON } from '../../api/services/search-console/tokens.ts';
import { RISING_QUERY_LABEL } from '../../src/lib/search-console/labels.ts';
import { startFakeGoogle } from '../fixtures/fake-google/server.mjs';
import { addPost, type Blog, newBlog, visit } from './blog-support.ts';
import { rowsMentioning } from './deletion-support.ts';
import { driftFrom } from './documented.ts';
import { call, signInUser, testApp, testConfig, testJobs, testQueuePrefix, testSql } from './helpers.ts';
import { answerConsent, captureConsole } from './search-console-support.ts';

type App = ReturnType<typeof testApp>;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let runner: JobRunner;
let app: App;
let env: Record<string, string>;
/** Every line the server wrote to the console or a job logged, and every answer it gave: no token may be in any. */
const printed: string[] = [];
const answers: string[] = [];

beforeAll(async () => {
  google = await startFakeGoogle();
  env = { ...google.env(), JOBS_QUEUE_PREFIX: testQueuePrefix() };
  runner = await testJobs(env, { work: false }); // jobs are queued, not worked: each test runs them itself
  app = testApp(env, runner);
  captureConsole(printed, ['log', 'info', 'warn', 'error', 'debug']);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await runner.stop();
  await google.stop();
});
afterEach(() => {
  google.state.rateLimitNext = 0;
  google.state.rateLimitSite = null;
  google.state.grantScope = 'https://www.googleapis.com/auth/webmasters';
});

/** What the fake Google was asked, in order. */
const requests = () => google.state.requests as { api: string; siteUrl?: string; grant_type?: string }[];

/** The job side's settings and logger (the same deployment as the app). */
const jobEnv = (extra: Record<string, string> = {}) => ({
  sql: testSql(),
  config: testConfig({ ...env, ...extra }),
  log: (line: string) => printed.push(line),
});

/** A request as the workspace sends it; the answer is kept for the no-token check. */
async function api(method: string, path: string, token: string, body?: unknown) {
  const answer = await call(app, method, path, { token, ...(body === undefined ? {} : { body }) });
  answers.push(JSON.stringify(answer.body));
  return answer;
}

/** What the browser does on Google's consent page: reads the form and presses Allow (or Cancel). */
async function consent(authorizationUrl: string, decision: 'allow' | 'deny' = 'allow'): Promise<URL> {
  const page = await fetch(authorizationUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Inkpilot wants access to your Google Account');
  return answerConsent(google, html, decision);
}

/** Connect → Google's consent → back with the code: the callback's answer. */
async function connect(blog: Blog, token = blog.owner.token, decision: 'allow' | 'deny' = 'allow') {
  const started = await api('POST', `/api/projects/${blog.projectId}/search-console/connect`, token);
  expect(started.status).toBe(200);
  const back = await consent(started.body.authorization_url, decision);
  const params = Object.fromEntries(back.searchParams);
  return api('POST', `/api/projects/${blog.projectId}/search-console/callback`, token, {
    state: params.state,
    ...(params.code ? { code: params.code } : {}),
    ...(params.error ? { error: params.error } : {}),
  });
}

const blogUrl = (blog: Blog) => `http://${blog.host}/`;
const postUrl = (blog: Blog, slug: string) => `http://${blog.host}/${slug}`;

/** A connected project whose account has a property covering its blog (picked, sitemap submitted). */
async function withProperty(name: string) {
  const blog = await newBlog(app, name);
  google.state.sites.push({ siteUrl: blogUrl(blog), permissionLevel: 'siteOwner' });
  expect((await connect(blog)).status).toBe(200);
  const picked = await api('PUT', `/api/projects/${blog.projectId}/search-console/property`, blog.owner.token, {
    site_url: blogUrl(blog),
  });
  expect(picked.status).toBe(200);
  return blog;
}

describe('connecting Search Console', () => {
  it("an owner connects through Google's consent: state bound to them and the project, PKCE, offline access", async () => {
    const blog = await newBlog(app, 'Consent Bakery');

    const started = await api('POST', `/api/projects/${blog.projectId}/search-console/connect`, blog.owner.token);
    const url = new URL(started.body.authorization_url);
    const back = await consent(url.toString());
    const done = await api('POST', `/api/projects/${blog.projectId}/search-console/callback`, blog.owner.token, {
      state: back.searchParams.get('state'),
      code: back.searchParams.get('code'),
    });

    expect(`${url.origin}${url.pathname}`).toBe(`${google.origin}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: google.env().GOOGLE_OAUTH_CLIENT_ID,
      redirect_uri: 'http://localhost/projects/search-console',
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/webmasters',
      access_type: 'offline',
      prompt: 'consent',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('state')).toMatch(new RegExp(`^${blog.projectId}\\.[A-Za-z0-9_-]{43}$`));
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      configured: true,
      connected: true,
      status: 'connected',
      property: null,
      blog_url: blogUrl(blog),
      sitemap_url: `${blogUrl(blog)}sitemap.xml`,
      message: 'Search Console connected. Pick the property that covers your blog.',
    });
    expect(driftFrom('post', '/api/projects/{id}/search-console/callback', 200, done.body)).toBeUndefined();
    const [stored] = await testSql()`
      select refresh_token_sealed, access_token_sealed, scope from search_console_connections where project_id = ${blog.projectId}`;
    expect(stored!.refresh_token_sealed).toMatch(/^v1\./);
    expect(stored!.access_token_sealed).toMatch(/^v1\./);
  });

  it("refuses a state that is not this user's for this project, used, or expired; nothing is stored", async () => {
    const blog = await newBlog(app, 'State Bakery');
    const other = await newBlog(app, 'Other Bakery');
    const coOwner = await signInUser();
    await call(app, 'GET', '/api/users/me/', { token: coOwner.token });
    await testSql()`
      insert into project_members (project_id, user_id, role)
      select ${blog.projectId}, id, 'owner' from users where external_id = ${coOwner.uid}`;
    const callback = (projectId: string, token: string, body: object) =>
      api('POST', `/api/projects/${projectId}/search-console/callback`, token, body);
    const grant = async () => {
      const started = await api('POST', `/api/projects/${blog.projectId}/search-console/connect`, blog.owner.token);
      const back = await consent(started.body.authorization_url);
      return { state: back.searchParams.get('state')!, code: back.searchParams.get('code')! };
    };

    const first = await grant();
    const byAnotherOwner = await callback(blog.projectId, coOwner.token, first);
    const second = await grant();
    const onAnotherProject = await callback(other.projectId, other.owner.token, second);
    const third = await grant();
    await testSql()`update search_console_oauth_states set expires_at = now() - interval '1 second'`;
    const expired = await callback(blog.projectId, blog.owner.token, third);
    const forged = await callback(blog.projectId, blog.owner.token, { state: `${blog.projectId}.forged`, code: 'x' });

    for (const refused of [byAnotherOwner, onAnotherProject, expired, forged]) {
      expect(refused.status).toBe(422);
      expect(refused.body.detail).toEqual([
        {
          loc: ['body', 'state'],
          msg: 'This Google sign-in has expired or was started by someone else, so Search Console was not connected. Press Connect to try again.',
          type: 'value_error',
        },
      ]);
    }
    const fourth = await grant();
    const ok = await callback(blog.projectId, blog.owner.token, fourth);
    const replayed = await callback(blog.projectId, blog.owner.token, fourth);
    expect(ok.status).toBe(200);
    expect(replayed.status).toBe(422);
    const rows =
      await testSql()`select project_id from search_console_connections where project_id in ${testSql()([blog.projectId, other.projectId])}`;
    expect(rows.map((row) => row.project_id)).toEqual([blog.projectId]);
  });

  it("leaves the project unconnected when access is refused on Google's page or Search Console is left unticked", async () => {
    const blog = await newBlog(app, 'Refusing Bakery');

    const denied = await connect(blog, blog.owner.token, 'deny');
    google.state.grantScope = 'openid email';
    const unticked = await connect(blog);

    expect(denied.status).toBe(422);
    expect(denied.body.detail).toBe("Access was not allowed on Google's page, so Search Console is not connected.");
    expect(unticked.status).toBe(422);
    expect(unticked.body.detail).toContain("Search Console access was not ticked on Google's page.");
    const status = await api('GET', `/api/projects/${blog.projectId}/search-console`, blog.owner.token);
    expect(status.body.connected).toBe(false);
  });

  it("is connected only from the owner's own session: not with an API key, not by an admin impersonating them", async () => {
    const adminEmail = `sc-admin-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const withAdmins = testApp({ ...env, ADMIN_EMAILS: adminEmail }, runner);
    const blog = await newBlog(withAdmins, 'Own Session Bakery');
    const admin = await signInUser({ email: adminEmail });
    const me = await call(withAdmins, 'GET', '/api/users/me/', { token: blog.owner.token });
    await call(withAdmins, 'GET', '/api/users/me/', { token: admin.token });
    await testSql()`
      insert into subscriptions (account_id, plan_override) values (${me.body.id}, 'scale')
      on conflict (account_id) do update set plan_override = 'scale'`;
    const key = await call(withAdmins, 'POST', '/api/api-keys', { token: blog.owner.token, body: { name: 'sc' } });
    const started = await call(withAdmins, 'POST', `/api/admin/users/${me.body.id}/impersonate`, {
      token: admin.token,
    });
    const exchanged = await fetch(
      `http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: started.body.custom_token, returnSecureToken: true }),
      },
    );
    const impersonating = ((await exchanged.json()) as { idToken: string }).idToken;

    const byKey = await call(withAdmins, 'POST', `/api/projects/${blog.projectId}/search-console/connect`, {
      token: key.body.key,
    });
    const bySupport = await call(withAdmins, 'POST', `/api/projects/${blog.projectId}/search-console/connect`, {
      token: impersonating,
    });

    expect(byKey.status).toBe(403);
    expect(byKey.body.detail).toBe(
      'Search Console can only be connected from a signed-in session, not with an API key.',
    );
    expect(bySupport.status).toBe(403);
    expect(bySupport.body.detail).toBe(
      'Search Console cannot be connected while impersonating a user: its owner connects it.',
    );
  });

  it('lists the properties covering the blog first, refuses one that does not cover it, and submits the sitemap', async () => {
    const blog = await newBlog(app, 'Property Bakery');
    google.state.sites.push(
      { siteUrl: 'https://unrelated.example/', permissionLevel: 'siteOwner' },
      { siteUrl: `sc-domain:${blog.slug}.blogs.localhost`, permissionLevel: 'siteOwner' },
      { siteUrl: blogUrl(blog), permissionLevel: 'siteFullUser' },
    );
    await connect(blog);

    const listed = await api('GET', `/api/projects/${blog.projectId}/search-console/properties`, blog.owner.token);
    const wrong = await api('PUT', `/api/projects/${blog.projectId}/search-console/property`, blog.owner.token, {
      site_url: 'https://unrelated.example/',
    });
    const picked = await api('PUT', `/api/projects/${blog.projectId}/search-console/property`, blog.owner.token, {
      site_url: `sc-domain:${blog.slug}.blogs.localhost`,
    });

    const mine = listed.body.items.filter(
      (item: { site_url: string }) => item.site_url !== 'https://unrelated.example/',
    );
    expect(mine.slice(0, 2)).toEqual([
      {
        site_url: blogUrl(blog),
        kind: 'url-prefix',
        permission_level: 'siteFullUser',
        covers_blog: true,
        usable: true,
        note: null,
      },
      expect.objectContaining({ site_url: `sc-domain:${blog.slug}.blogs.localhost`, kind: 'domain', usable: true }),
    ]);
    expect(
      listed.body.items.find((item: { site_url: string }) => item.site_url === 'https://unrelated.example/'),
    ).toEqual(expect.objectContaining({ covers_blog: false, usable: false, note: `Does not cover ${blogUrl(blog)}` }));
    expect(driftFrom('get', '/api/projects/{id}/search-console/properties', 200, listed.body)).toBeUndefined();
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail[0]).toMatchObject({ loc: ['body', 'site_url'] });
    expect(picked.status).toBe(200);
    expect(picked.body).toMatchObject({
      property: `sc-domain:${blog.slug}.blogs.localhost`,
      property_covers_blog: true,
      sitemap_error: null,
      message: `Sitemap submitted: ${blogUrl(blog)}sitemap.xml`,
    });
    expect(picked.body.sitemap_submitted_at).toEqual(expect.any(String));
    expect(google.state.sitemaps).toContainEqual({
      siteUrl: `sc-domain:${blog.slug}.blogs.localhost`,
      feedpath: `${blogUrl(blog)}sitemap.xml`,
    });
  });
});

describe('tokens', () => {
  it('renews the access token when it is about to expire and when Google answers 401, and keeps the new one', async () => {
    const blog = await withProperty('Renewing Bakery');
    const refreshes = () => requests().filter((request) => request.grant_type === 'refresh_token').length;
    const storedAccess = async () =>
      (
        await testSql()`select access_token_sealed from search_console_connections where project_id = ${blog.projectId}`
      )[0]!.access_token_sealed as string;

    const before = refreshes();
    const sealedBefore = await storedAccess();
    await testSql()`update search_console_connections set access_token_expires_at = now() + interval '30 seconds' where project_id = ${blog.projectId}`;
    const byTime = await api('GET', `/api/projects/${blog.projectId}/search-console/properties`, blog.owner.token);
    const afterTime = refreshes();
    const sealedAfterTime = await storedAccess();
    google.expireAccessTokens(); // Google says the token expired although ours still looks valid for an hour
    const by401 = await api('GET', `/api/projects/${blog.projectId}/search-console/properties`, blog.owner.token);

    expect(byTime.status).toBe(200);
    expect(afterTime).toBe(before + 1);
    expect(sealedAfterTime).not.toBe(sealedBefore);
    expect(by401.status).toBe(200);
    expect(refreshes()).toBe(afterTime + 1);
    expect(await storedAccess()).not.toBe(sealedAfterTime);
  });

  it('invalid_grant turns the connection to "reconnect"; connecting again restores it with its property', async () => {
    const blog = await withProperty('Revoked Bakery');
    google.revokeAll(); // the owner removed Inkpilot from their Google account

    const refused = await api('GET', `/api/projects/${blog.projectId}/search-console/properties`, blog.owner.token);
    const shown = await api('GET', `/api/projects/${blog.projectId}/search-console`, blog.owner.token);
    await inspectDuePages(jobEnv()); // the jobs stop asking for this project, without failing
    const reconnected = await connect(blog);

    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(RECONNECT_REASON);
    expect(shown.body).toMatchObject({ connected: true, status: 'reconnect', status_reason: RECONNECT_REASON });
    expect(reconnected.status).toBe(200);
    expect(reconnected.body).toMatchObject({ status: 'connected', status_reason: null, property: blogUrl(blog) });
  });
  it('a token sealed under another key cannot be read: the connection asks an owner to reconnect', async () => {
    const blog = await withProperty('Rekeyed Bakery');
    const rekeyed = testApp({ ...env, SECRETS_ENCRYPTION_KEY: 'another-key-of-at-least-32-characters' }, runner);

    const refused = await call(rekeyed, 'GET', `/api/projects/${blog.projectId}/search-console/properties`, {
      token: blog.owner.token,
    });
    const shown = await api('GET', `/api/projects/${blog.projectId}/search-console`, blog.owner.token);

    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(UNREADABLE_REASON);
    expect(shown.body).toMatchObject({ status: 'reconnect', status_reason: UNREADABLE_REASON });
  });
});

describe('indexing status', () => {
  it("inspects each published post's page and shows its status and last crawl on the post list data", async () => {
    const blog = await withProperty('Indexed Bakery');
    const indexed = await addPost(blog, { title: 'Indexed one' });
    const crawled = await addPost(blog, { title: 'Crawled one' });
    const unknown = await addPost(blog, { title: 'Unknown one' });
    await addPost(blog, { title: 'A draft', status: 'draft' });
    google.state.pages.set(postUrl(blog, indexed.slug), { coverage: 'indexed', lastCrawl: '2026-01-05T10:00:00Z' });
    google.state.pages.set(postUrl(blog, crawled.slug), { coverage: 'crawled', lastCrawl: '2026-01-04T09:00:00Z' });

    await inspectDuePages(jobEnv());
    const posts = await api('GET', `/api/projects/${blog.projectId}/search-console/posts`, blog.owner.token);

    expect(posts.status).toBe(200);
    expect(driftFrom('get', '/api/projects/{id}/search-console/posts', 200, posts.body)).toBeUndefined();
    const byId = Object.fromEntries(posts.body.items.map((item: { post_id: string }) => [item.post_id, item]));
    expect(Object.keys(byId).sort()).toEqual([indexed.id, crawled.id, unknown.id].sort());
    expect(byId[indexed.id]).toMatchObject({
      index_status: 'indexed',
      coverage_state: 'Submitted and indexed',
      last_crawl_at: '2026-01-05T10:00:00.000Z',
      url: postUrl(blog, indexed.slug),
    });
    expect(byId[crawled.id]).toMatchObject({
      index_status: 'crawled_not_indexed',
      coverage_state: 'Crawled - currently not indexed',
    });
    expect(byId[unknown.id]).toMatchObject({ index_status: 'unknown', last_crawl_at: null });
  });

  it("keeps to the property's budget per minute, shared by every project reading the property", async () => {
    const blog = await withProperty('Budget Bakery');
    const twin = await newBlog(app, 'Budget Twin');
    await connect(twin);
    // The twin reads the same property (an owner of both blogs' domain property would): one budget for both.
    await testSql()`
      update search_console_connections set property = ${blogUrl(blog)}, property_permission = 'siteOwner'
      where project_id = ${twin.projectId}`;
    for (let i = 0; i < 3; i++) await addPost(blog, { title: `Budget ${i}` });
    for (let i = 0; i < 3; i++) await addPost(twin, { title: `Twin ${i}` });
    const config = { SEARCH_CONSOLE_INSPECTIONS_PER_MINUTE: '2', SEARCH_CONSOLE_INSPECTIONS_PER_DAY: '5' };
    const inspections = () =>
      requests().filter((request) => request.api === 'urlInspection' && request.siteUrl === blogUrl(blog)).length;
    const at = (minutes: number) => () => new Date(Date.UTC(2031, 0, 6, 12, minutes, 5));

    const calls: number[] = [];
    for (const minute of [0, 0, 1, 2, 3]) {
      await inspectDuePages(jobEnv(config), at(minute));
      calls.push(inspections());
    }

    // The twin's own pages are outside this property (Google refuses them), which counts against the budget too.
    expect(calls).toEqual([2, 2, 4, 5, 5]);
  });

  it('backs off after a 429 (RESOURCE_EXHAUSTED) and asks nothing until the wait is over', async () => {
    const blog = await withProperty('Throttled Bakery');
    for (let i = 0; i < 2; i++) await addPost(blog, { title: `Throttled ${i}` });
    const inspections = () =>
      requests().filter((request) => request.api === 'urlInspection' && request.siteUrl === blogUrl(blog)).length;
    google.state.rateLimitNext = 1;
    google.state.rateLimitSite = blogUrl(blog);
    const config = { SEARCH_CONSOLE_INSPECTIONS_PER_MINUTE: '1' };
    const start = new Date();

    await inspectDuePages(jobEnv(config), () => start);
    const [held] =
      await testSql()`select backoff_until, streak, reason from search_console_backoff where property = ${blogUrl(blog)}`;
    const afterLimit = inspections();
    await inspectDuePages(jobEnv(config), () => new Date(start.getTime() + 30_000));
    const whileHeld = inspections();
    await inspectDuePages(jobEnv(config), () => new Date(start.getTime() + 61_000));

    expect(afterLimit).toBe(1);
    expect(held!.streak).toBe(1);
    expect(held!.reason).toContain("Quota exceeded for quota metric 'URL Inspection requests'");
    expect((held!.backoff_until as Date).getTime() - start.getTime()).toBe(60_000); // a minute for the first 429
    expect(whileHeld).toBe(1);
    expect(inspections()).toBe(2);
    const cleared = await testSql()`select 1 from search_console_backoff where property = ${blogUrl(blog)}`;
    expect(cleared).toHaveLength(0);
    expect(printed.some((line) => line.includes(`${blogUrl(blog)} rate limited until`))).toBe(true);
  });

  it("waits for Google's next quota day when the daily quota is spent", async () => {
    const blog = await withProperty('Daily Bakery');
    await addPost(blog, { title: 'Daily one' });
    google.state.quota.perDay = 0;
    try {
      await inspectDuePages(jobEnv());
    } finally {
      google.state.quota.perDay = 2000;
    }
    const [held] = await testSql()`select backoff_until from search_console_backoff where property = ${blogUrl(blog)}`;

    const until = held!.backoff_until as Date;
    const pacific = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
    }).format(until);
    expect(pacific).toBe('00:00');
    expect(until.getTime() - Date.now()).toBeLessThanOrEqual(25 * 3_600_000);
  });
});

describe('search metrics and the learning loop', () => {
  /** Two posts sharing a query, one losing clicks week after week, and a query rising without a post about it. */
  async function bakery() {
    const blog = await withProperty(`Learning Bakery ${crypto.randomUUID().slice(0, 6)}`);
    const starter = await addPost(blog, { title: 'The Sourdough Starter Guide' });
    const rye = await addPost(blog, { title: 'Rye Bread Basics' });
    await testSql()`update blog_posts set target_keyword = 'sourdough starter' where id = ${starter.id}`;
    await testSql()`update blog_posts set target_keyword = 'rye bread' where id = ${rye.id}`;
    google.state.pages.set(postUrl(blog, starter.slug), {
      coverage: 'indexed',
      queries: [
        { query: 'sourdough starter', impressions: 100, ctr: 0.1, position: 4.2, trend: 'falling' },
        { query: 'rye bread', impressions: 20, ctr: 0.1, position: 18 },
      ],
    });
    google.state.pages.set(postUrl(blog, rye.slug), {
      coverage: 'indexed',
      queries: [
        { query: 'rye bread', impressions: 30, ctr: 0.2, position: 6.5 },
        { query: 'how to proof sourdough overnight', impressions: 10, ctr: 0.05, position: 11, trend: 'rising' },
      ],
    });
    await syncSearchMetrics(jobEnv(), { projectId: blog.projectId });
    return { blog, starter, rye };
  }

  it("stores clicks and impressions by day and query; a post's report charts them and lists its queries", async () => {
    const { blog, rye } = await bakery();

    const report = await api('GET', `/api/projects/${blog.projectId}/search-console/posts/${rye.id}`, blog.owner.token);

    expect(report.status).toBe(200);
    expect(driftFrom('get', '/api/projects/{id}/search-console/posts/{postId}', 200, report.body)).toBeUndefined();
    const lastDay = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect(report.body.metrics_through).toBe(lastDay);
    // The first sync reads 90 days; Google has none for the last 2, and the chart has every day in between.
    expect(report.body.days.length).toBeGreaterThanOrEqual(85);
    expect(report.body.days.at(-1)).toEqual({
      date: lastDay,
      clicks: expect.any(Number),
      impressions: expect.any(Number),
    });
    expect(report.body.days.at(-1).impressions).toBeGreaterThan(0);
    expect(report.body.queries.map((row: { query: string }) => row.query)).toEqual([
      'rye bread',
      'how to proof sourdough overnight',
    ]);
    expect(report.body.queries[0]).toMatchObject({ position: expect.any(Number), ctr: expect.any(Number) });
    expect(report.body.totals.clicks).toBeGreaterThan(0);
    // Page totals include the impressions of queries too rare for Google to list.
    const listed = report.body.queries.reduce((sum: number, row: { impressions: number }) => sum + row.impressions, 0);
    expect(report.body.totals.impressions).toBeGreaterThan(listed);
  });

  it('shows cannibalisation on both posts, and a refresh suggestion for the post whose clicks fell four weeks', async () => {
    const { blog, starter, rye } = await bakery();

    const starterReport = await api(
      'GET',
      `/api/projects/${blog.projectId}/search-console/posts/${starter.id}`,
      blog.owner.token,
    );
    const ryeReport = await api(
      'GET',
      `/api/projects/${blog.projectId}/search-console/posts/${rye.id}`,
      blog.owner.token,
    );
    const insights = await api('GET', `/api/projects/${blog.projectId}/search-console/insights`, blog.owner.token);

    expect(starterReport.body.cannibalisation).toEqual([
      expect.objectContaining({ query: 'rye bread', other_post_id: rye.id, other_title: 'Rye Bread Basics' }),
    ]);
    expect(ryeReport.body.cannibalisation).toEqual([
      expect.objectContaining({
        query: 'rye bread',
        other_post_id: starter.id,
        other_title: 'The Sourdough Starter Guide',
      }),
    ]);
    expect(starterReport.body.refresh).toMatchObject({ post_id: starter.id, title: 'The Sourdough Starter Guide' });
    const weekly = starterReport.body.refresh.weekly_clicks as number[];
    expect(weekly.every((clicks, index) => index === 0 || clicks < weekly[index - 1]!)).toBe(true);
    expect(starterReport.body.refresh.message).toMatch(/^Clicks fell four weeks in a row/);
    expect(ryeReport.body.refresh).toBeNull();
    expect(driftFrom('get', '/api/projects/{id}/search-console/insights', 200, insights.body)).toBeUndefined();
    expect(insights.body.refresh.map((item: { post_id: string }) => item.post_id)).toEqual([starter.id]);
    expect(insights.body.cannibalisation).toEqual([
      {
        query: 'rye bread',
        posts: [expect.objectContaining({ post_id: rye.id }), expect.objectContaining({ post_id: starter.id })],
      },
    ]);
    expect(insights.body.rising_queries).toEqual([
      expect.objectContaining({ query: 'how to proof sourdough overnight' }),
    ]);
  });

  it('plans the rising query no post is about as an entry labelled "From Search Console: rising query"', async () => {
    const { blog } = await bakery();
    const [prompt] = await testSql()`
      insert into prompts (project_id, brand_voice, keywords, base_knowledge)
      values (${blog.projectId}, 'warm', ${['bread baking', 'baking classes']}, 'A bakery school in Leeds.') returning id`;

    const started = await api('POST', `/api/blogs/posts/plan/${blog.projectId}/${prompt!.id}`, blog.owner.token);
    await runPlanTask({ sql: testSql(), config: testConfig(env) }, started.body.task_id);
    const from = new Date().toISOString().slice(0, 10);
    const to = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const month = await api('GET', `/api/calendar/project/${blog.projectId}?from=${from}&to=${to}`, blog.owner.token);

    const labelled = month.body.items.filter((entry: { source_label: string | null }) => entry.source_label);
    expect(labelled).toEqual([
      expect.objectContaining({
        target_keyword: 'how to proof sourdough overnight',
        title: 'How To Proof Sourdough Overnight',
        source_label: RISING_QUERY_LABEL,
        written_by: 'offline composer',
      }),
    ]);
    expect(month.body.items).toHaveLength(30);
    expect(
      month.body.items.filter((entry: { target_keyword: string }) =>
        /rye bread|sourdough starter/.test(entry.target_keyword),
      ),
    ).toEqual([]);
  });
});

describe('the blog and the connection', () => {
  it("puts the owner's google-site-verification tag in every blog page's head; refuses anything else", async () => {
    const blog = await newBlog(app, 'Verified Bakery');
    const post = await addPost(blog, { title: 'Tagged' });

    const saved = await api('PUT', `/api/projects/${blog.projectId}/search-console/verification`, blog.owner.token, {
      token: '<meta name="google-site-verification" content="Abc123_def-456ghi" />',
    });
    const hostile = await api('PUT', `/api/projects/${blog.projectId}/search-console/verification`, blog.owner.token, {
      token: '"><script>alert(1)</script>',
    });
    const home = await visit(app, blog.host, '/');
    const page = await visit(app, blog.host, `/${post.slug}`);

    expect(saved.status).toBe(200);
    expect(saved.body.verification_token).toBe('Abc123_def-456ghi');
    expect(hostile.status).toBe(422);
    for (const visited of [home, page]) {
      const head = visited.text.slice(0, visited.text.indexOf('</head>'));
      expect(head).toContain('<meta name="google-site-verification" content="Abc123_def-456ghi">');
    }
    await api('PUT', `/api/projects/${blog.projectId}/search-console/verification`, blog.owner.token, { token: '' });
    expect((await visit(app, blog.host, '/')).text).not.toContain('google-site-verification');
  });

  it("disconnecting revokes Google's grant and forgets the project's Search Console data", async () => {
    const blog = await withProperty('Leaving Bakery');
    await addPost(blog, { title: 'Soon forgotten' });
    await inspectDuePages(jobEnv());
    const revocations = requests().filter((request) => request.api === 'revoke').length;

    const gone = await api('DELETE', `/api/projects/${blog.projectId}/search-console`, blog.owner.token);

    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ connected: false, message: 'Search Console disconnected.' });
    expect(requests().filter((request) => request.api === 'revoke')).toHaveLength(revocations + 1);
    const left = await testSql()`
      select (select count(*) from search_console_inspections where project_id = ${blog.projectId})::int as inspections,
             (select count(*) from search_console_connections where project_id = ${blog.projectId})::int as connections`;
    expect(left[0]).toEqual({ inspections: 0, connections: 0 });
  });

  it('without Google settings the panel says what to set, and Connect is refused', async () => {
    const bare = testApp({ JOBS_QUEUE_PREFIX: testQueuePrefix() });
    const blog = await newBlog(bare, 'Unconfigured Bakery');

    const status = await call(bare, 'GET', `/api/projects/${blog.projectId}/search-console`, {
      token: blog.owner.token,
    });
    const started = await call(bare, 'POST', `/api/projects/${blog.projectId}/search-console/connect`, {
      token: blog.owner.token,
    });

    expect(status.body).toMatchObject({
      configured: false,
      missing_settings: ['GOOGLE_OAUTH_CLIENT_ID', 'GOOGLE_OAUTH_CLIENT_SECRET'],
      connected: false,
    });
    expect(started.status).toBe(409);
    expect(started.body.detail).toBe(
      'Search Console is not configured on this server: set GOOGLE_OAUTH_CLIENT_ID and GOOGLE_OAUTH_CLIENT_SECRET.',
    );
  });

  it('never answers, logs or stores a Google token in the clear', async () => {
    const secrets = [...google.state.refreshTokens.keys(), ...google.state.accessTokens.keys()];

    expect(secrets.length).toBeGreaterThan(5); // every test above connected at least once
    for (const secret of secrets) {
      expect(answers.filter((body) => body.includes(secret))).toEqual([]);
      expect(printed.filter((line) => line.includes(secret))).toEqual([]);
    }
    expect(await rowsMentioning(secrets)).toEqual({});
  });
});
