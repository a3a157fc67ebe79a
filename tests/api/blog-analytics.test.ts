// Issue 25: the hosted blog counts its page views on the server. 1,000 requests over real HTTP through the real server
// entry (api/server.ts: the node:http fast path for cached pages, Hono for the first render), from browsers and from
// bots by user agent and by behaviour; the server is then stopped (it writes what it holds as it stops) and the
// counts are read: exact for the browsers, nothing for the bots, and no address or user agent stored anywhere.
// TRUSTED_PROXIES names 127.0.0.1, so each request's X-Forwarded-For is its reader's address.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { freePortRange } from '../../scripts/ports.mjs';
import { addPost, httpRequest, newBlog, type Blog } from './blog-support.ts';
import { call, signInUser, testApp, testDatabaseUrl, testQueuePrefix, testSql } from './helpers.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'inkpilot-analytics-'));
const app = testApp();
let port = 0;
let server: ChildProcess;
let blog: Blog;
let posts: { id: string; slug: string }[] = [];

const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
];
const BOTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  'curl/8.5.0',
  'python-requests/2.32.3',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)',
  'Go-http-client/1.1',
];
const REFERERS = ['https://www.google.com/', 'https://news.ycombinator.com/item?id=1', '', 'https://t.co/abc'];
const COUNTRIES = ['DE', 'FR', 'US', ''];

interface Sent {
  path: string;
  method?: string;
  headers: Record<string, string>;
}

/** One request to the blog from 127.0.0.1 (a trusted proxy here), for the reader at `address`. */
const ask = (sent: Sent, address: string) =>
  httpRequest(`http://127.0.0.1:${port}`, blog.host, sent.path, {
    ...(sent.method ? { method: sent.method } : {}),
    headers: { 'x-forwarded-for': address, ...sent.headers },
  });

/** Runs the requests `width` at a time, in order of the list. */
async function inWaves(list: (() => Promise<unknown>)[], width: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < list.length) await list[next++]?.();
    }),
  );
}

beforeAll(async () => {
  port = await freePortRange(1);
  blog = await newBlog(app, 'Counted Crumbs');
  posts = [
    await addPost(blog, { title: 'Sourdough starter' }),
    await addPost(blog, { title: 'Rye bread' }),
    await addPost(blog, { title: 'Baguettes' }),
  ];
  // A salt of a day that is over: the server forgets it as it starts.
  await testSql()`insert into blog_reader_salts (day, salt) values (current_date - 3, 'old salt') on conflict do nothing`;
  const { FIREBASE_AUTH_EMULATOR_HOST: _emulator, DATABASE_URL: _database, ...rest } = process.env;
  server = spawn(process.execPath, ['api/server.ts'], {
    stdio: 'ignore',
    env: {
      ...rest,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: testDatabaseUrl(),
      FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
      RUN_WORKERS: 'false',
      JOBS_QUEUE_PREFIX: testQueuePrefix(),
      DIST_DIR: 'tests/fixtures/app-site',
      TRUSTED_PROXIES: '127.0.0.1',
    },
  });
  for (let attempt = 0; ; attempt++) {
    if (server.exitCode !== null) throw new Error(`api/server.ts exited with ${server.exitCode}`);
    const health = await httpRequest(`http://127.0.0.1:${port}`, '127.0.0.1', '/api/health').catch(() => null);
    if (health?.status === 200) break;
    if (attempt > 400) throw new Error('api/server.ts did not become ready');
    await new Promise((done) => setTimeout(done, 200));
  }
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server.once('exit', done));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('blog page views, counted on the server', () => {
  it('counts 1,000 requests of browsers and bots: every browser view exactly, nothing of the bots', async () => {
    const pages = ['/', ...posts.map((post) => `/${post.slug}`)];
    const browser = (reader: number, visit: number): Sent => ({
      path: pages[(reader + visit) % pages.length] ?? '/',
      headers: {
        'user-agent': BROWSERS[reader % BROWSERS.length] ?? '',
        'accept-language': 'en-GB,en;q=0.9',
        accept: 'text/html,application/xhtml+xml',
        ...(REFERERS[reader % REFERERS.length] ? { referer: REFERERS[reader % REFERERS.length] ?? '' } : {}),
        ...(COUNTRIES[reader % COUNTRIES.length] ? { 'cf-ipcountry': COUNTRIES[reader % COUNTRIES.length] ?? '' } : {}),
      },
    });
    // 200 readers read 3 pages each, one page of every reader before the next of any: a person's pace.
    const readers = Array.from({ length: 200 }, (_, reader) => `198.51.100.${reader}`);
    const browsing = [0, 1, 2].flatMap((visit) =>
      readers.map((address, reader) => () => ask(browser(reader, visit), address)),
    );
    const expected = new Map<string, number>();
    for (const visit of [0, 1, 2])
      readers.forEach((_, reader) => {
        const sent = browser(reader, visit);
        const slug = sent.path.slice(1);
        const key = `${posts.find((post) => post.slug === slug)?.id ?? 'list'}|${(sent.headers.referer ?? '').replace(/^https:\/\/(www\.)?([^/]+).*$/, '$2')}|${sent.headers['cf-ipcountry'] ?? ''}`;
        expected.set(key, (expected.get(key) ?? 0) + 1);
      });
    // 200 bots by their user agent (they send Accept-Language, so only the agent tells them), from 20 addresses.
    const bots = Array.from(
      { length: 200 },
      (_, index) => () =>
        ask(
          {
            path: pages[index % pages.length] ?? '/',
            headers: { 'user-agent': BOTS[index % BOTS.length] ?? '', 'accept-language': 'en' },
          },
          `192.0.2.${index % 20}`,
        ),
    );
    // 50 without Accept-Language, 50 HEAD, 50 prefetches: browser agents, addresses of their own.
    const agent = BROWSERS[0] ?? '';
    const withoutLanguage = Array.from(
      { length: 50 },
      (_, index) => () => ask({ path: '/', headers: { 'user-agent': agent } }, `192.0.2.${100 + index}`),
    );
    const heads = Array.from(
      { length: 50 },
      (_, index) => () =>
        ask(
          { path: `/${posts[0]?.slug}`, method: 'HEAD', headers: { 'user-agent': agent, 'accept-language': 'en' } },
          `192.0.2.${150 + index}`,
        ),
    );
    const PREFETCH: Record<string, string>[] = [
      { 'sec-purpose': 'prefetch' },
      { 'sec-purpose': 'prefetch;prerender' },
      { purpose: 'prefetch' },
      { 'x-moz': 'prefetch' },
      { 'x-purpose': 'preview' },
    ];
    const prefetches = Array.from(
      { length: 50 },
      (_, index) => () =>
        ask(
          {
            path: `/${posts[1]?.slug}`,
            headers: { 'user-agent': agent, 'accept-language': 'en', ...PREFETCH[index % PREFETCH.length] },
          },
          `192.0.2.${200 + index}`,
        ),
    );
    // One program with a browser's headers asking for 50 pages at once.
    const burst = Array.from(
      { length: 50 },
      (_, index) => () =>
        ask(
          { path: pages[index % pages.length] ?? '/', headers: { 'user-agent': agent, 'accept-language': 'en' } },
          '192.0.2.250',
        ),
    );

    const answers: number[] = [];
    const record = (list: (() => Promise<{ status: number }>)[]) =>
      list.map((send) => async () => answers.push((await send()).status));
    await inWaves(record([...bots, ...withoutLanguage, ...heads, ...prefetches]), 10);
    await inWaves(record(browsing), 10);
    await Promise.all(record(burst).map((send) => send()));
    expect(answers).toHaveLength(1000);
    expect(answers.every((status) => status === 200)).toBe(true);
    const exited = new Promise((done) => server.once('exit', done));
    server.kill('SIGTERM'); // a stopping server writes every view it holds
    await exited;

    const rows = await testSql()<{ post_id: string | null; referrer_host: string; country: string; views: number }[]>`
      select post_id, referrer_host, country, sum(views)::int as views from blog_views
      where project_id = ${blog.projectId} group by post_id, referrer_host, country`;
    const counted = new Map(
      rows.map((row) => [`${row.post_id ?? 'list'}|${row.referrer_host}|${row.country}`, row.views]),
    );
    expect(Object.fromEntries(counted)).toEqual(Object.fromEntries(expected));
    expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(600);
    const visitors = await testSql()<{ post_id: string | null; visitors: number }[]>`
      select post_id, sum(visitors)::int as visitors from blog_visitors where project_id = ${blog.projectId}
      group by post_id order by post_id nulls first`;
    // Each of the 200 readers once for the blog, and once for each post they read.
    const readersOf = (slug: string) =>
      readers.filter((_, reader) => [0, 1, 2].some((visit) => browser(reader, visit).path === `/${slug}`)).length;
    expect(visitors).toEqual(
      [
        { post_id: null, visitors: 200 },
        ...posts.map((post) => ({ post_id: post.id, visitors: readersOf(post.slug) })),
      ].sort((a, b) => (a.post_id ?? '').localeCompare(b.post_id ?? '')),
    );
  });

  it('stores no address, no user agent and no full referrer, and no salt of a day that is over', async () => {
    const stored = JSON.stringify([
      ...(await testSql()`select * from blog_views where project_id = ${blog.projectId}`),
      ...(await testSql()`select * from blog_visitors where project_id = ${blog.projectId}`),
      ...(await testSql()`select * from blog_readers where project_id = ${blog.projectId}`),
    ]);

    expect(stored).not.toMatch(/198\.51\.100|192\.0\.2/);
    expect(stored).not.toMatch(/Mozilla|Chrome|Firefox/);
    expect(stored).not.toContain('item?id=1');
    expect(stored).toContain('news.ycombinator.com');
    const readers = await testSql()<
      { reader: string }[]
    >`select reader from blog_readers where project_id = ${blog.projectId}`;
    expect(readers.every((row) => /^[\w-]{22}$/.test(row.reader))).toBe(true);
    expect(await testSql()`select day from blog_reader_salts where day < current_date`).toEqual([]);
  });

  it('shows the counts to the project’s members, per blog and per post, and to nobody else', async () => {
    const [rye] = posts.slice(1);
    const stranger = await signInUser();

    const whole = await call(app, 'GET', `/api/analytics/project/${blog.projectId}?days=7`, {
      token: blog.owner.token,
    });
    const post = await call(app, 'GET', `/api/analytics/post/${rye?.id}?days=30`, { token: blog.owner.token });
    const foreign = await call(app, 'GET', `/api/analytics/project/${blog.projectId}`, { token: stranger.token });
    const foreignPost = await call(app, 'GET', `/api/analytics/post/${rye?.id}`, { token: stranger.token });
    const badRange = await call(app, 'GET', `/api/analytics/project/${blog.projectId}?days=14`, {
      token: blog.owner.token,
    });

    expect(whole.status).toBe(200);
    expect(whole.body.days).toHaveLength(7);
    expect(whole.body.totals).toEqual({ views: 600, visitors: 200 });
    expect(whole.body.days.at(-1)).toEqual({ date: whole.body.to, views: 600, visitors: 200 });
    expect(whole.body.top_posts.map((row: { title: string }) => row.title).sort()).toEqual([
      'Baguettes',
      'Rye bread',
      'Sourdough starter',
    ]);
    expect(
      whole.body.top_posts.reduce((sum: number, row: { views: number }) => sum + row.views, 0) +
        whole.body.list_page_views,
    ).toBe(600);
    expect(whole.body.referrers).toEqual([
      { host: '', views: 150 },
      { host: 'google.com', views: 150 },
      { host: 'news.ycombinator.com', views: 150 },
      { host: 't.co', views: 150 },
    ]);
    expect(whole.body.countries).toEqual([
      { country: '', views: 150 },
      { country: 'DE', views: 150 },
      { country: 'FR', views: 150 },
      { country: 'US', views: 150 },
    ]);
    expect(post.status).toBe(200);
    expect(post.body.days).toHaveLength(30);
    expect(post.body.totals.views).toBe(150);
    expect(foreign.status).toBe(404);
    expect(foreignPost.status).toBe(404);
    expect(badRange.status).toBe(422);
    expect(badRange.body.detail[0]).toMatchObject({ loc: ['query', 'days'], msg: 'Days must be one of 7, 30, 90.' });
  });
});
