// Issue 25: the blog's page-view counter in memory, on a clock the test moves and a store that records what it is
// given: views held HOLD_MS then added up per day, page, referrer host and country; a burst reader's held views taken
// back; readers once a day; a failed write kept for the next; a new day with a new salt; stop writes everything.
import { describe, expect, it } from 'vitest';
import { BURST_PAGES, HOLD_MS, PageViewCounter, type ViewStore } from '../../api/blog/analytics/counter.ts';
import type { ReaderSeen, ViewCount } from '../../api/blog/analytics/queries.ts';
import type { VisitRequest } from '../../api/blog/analytics/visit.ts';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const BLOG = 'bakery.blogs.localhost:4321';
const PROJECT = '00000000-0000-4000-8000-000000000001';
const POST = '00000000-0000-4000-8000-0000000000aa';

function setup(options: { failWrites?: number } = {}) {
  let now = Date.UTC(2030, 4, 1, 12, 0, 0);
  const saved: { views: ViewCount[]; readers: ReaderSeen[] }[] = [];
  const salts = new Map<string, string>();
  const forgotten: string[] = [];
  let failures = options.failWrites ?? 0;
  const store: ViewStore = {
    save: async (views, readers) => {
      if (failures > 0) {
        failures--;
        throw new Error('connection refused');
      }
      saved.push({ views, readers });
    },
    salts: async (made) => {
      for (const { day, salt } of made) if (!salts.has(day)) salts.set(day, salt);
      return new Map(made.map(({ day }) => [day, salts.get(day) ?? '']));
    },
    forgetBefore: async (today) => {
      forgotten.push(today);
    },
  };
  const counter = new PageViewCounter({ store, countryHeaders: ['cf-ipcountry'], now: () => now });
  return {
    counter,
    saved,
    salts,
    forgotten,
    advance: (ms: number) => {
      now += ms;
    },
    views: () => saved.flatMap((batch) => batch.views),
    readers: () => saved.flatMap((batch) => batch.readers),
  };
}

function visit(headers: Record<string, string> = {}, client = '203.0.113.7', method = 'GET'): VisitRequest {
  const all: Record<string, string> = { 'user-agent': CHROME, 'accept-language': 'fr-FR', ...headers };
  return { method, client, header: (name) => all[name] };
}

const post = { projectId: PROJECT, postId: POST, domain: null };
const home = { projectId: PROJECT, postId: null, domain: null };

describe('the page-view counter', () => {
  it('holds each view, then adds views up per day, page, referrer host and country in one write', async () => {
    const { counter, views, advance } = setup();
    await counter.start();
    counter.record(visit({ referer: 'https://www.google.com/search?q=bread', 'cf-ipcountry': 'de' }), post, BLOG);
    counter.record(visit({ referer: 'https://google.com/', 'cf-ipcountry': 'DE' }, '198.51.100.1'), post, BLOG);
    counter.record(visit({ referer: `http://${BLOG}/` }, '198.51.100.2'), home, BLOG);

    await counter.tick();
    expect(views()).toEqual([]); // still held
    advance(HOLD_MS);
    await counter.tick();

    expect(views()).toEqual([
      { project_id: PROJECT, day: '2030-05-01', post_id: POST, referrer_host: 'google.com', country: 'DE', views: 2 },
      { project_id: PROJECT, day: '2030-05-01', post_id: null, referrer_host: '', country: '', views: 1 },
    ]);
    expect(counter.tally.counted).toBe(3);
  });

  it('counts a reader once a day for the blog and once for each post, by a salted hash of address and agent', async () => {
    const { counter, readers, advance } = setup();
    await counter.start();
    for (let index = 0; index < 3; index++) {
      counter.record(visit(), post, BLOG);
      counter.record(visit(), home, BLOG);
      advance(HOLD_MS);
      await counter.tick();
    }
    counter.record(visit({}, '198.51.100.9'), post, BLOG);
    advance(HOLD_MS);
    await counter.tick();

    const seen = readers();
    expect(seen.map((row) => row.post_id)).toEqual([null, POST, null, POST]);
    expect(new Set(seen.map((row) => row.reader)).size).toBe(2);
    expect(seen.every((row) => /^[\w-]{22}$/.test(row.reader) && !row.reader.includes('203'))).toBe(true);
  });

  it(`takes back a reader's held views once it asks for more than ${BURST_PAGES} pages in a second, for the rest of the day`, async () => {
    const { counter, views, advance } = setup();
    await counter.start();
    counter.record(visit({}, '198.51.100.1'), home, BLOG); // a person, meanwhile
    for (let index = 0; index <= BURST_PAGES; index++) {
      counter.record(visit(), post, BLOG);
      advance(100);
    }
    advance(60_000);
    counter.record(visit(), post, BLOG); // a minute later: still that program
    advance(HOLD_MS);
    await counter.tick();

    expect(views()).toEqual([expect.objectContaining({ post_id: null, views: 1 })]);
    expect(counter.tally).toMatchObject({ counted: 1, burst: BURST_PAGES + 2 });
  });

  it('leaves out bots by agent, requests without a language, HEAD and prefetches', async () => {
    const { counter, views } = setup();
    await counter.start();
    counter.record(
      visit({ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }),
      post,
      BLOG,
    );
    counter.record(visit({ 'accept-language': '' }), post, BLOG);
    counter.record(visit({ 'user-agent': '' }), post, BLOG);
    counter.record(visit({}, '203.0.113.7', 'HEAD'), post, BLOG);
    counter.record(visit({ 'sec-purpose': 'prefetch;prerender' }), post, BLOG);

    await counter.stop();

    expect(views()).toEqual([]);
    expect(counter.tally).toMatchObject({
      counted: 0,
      bot_agent: 1,
      no_language: 1,
      no_agent: 1,
      head: 1,
      prefetch: 1,
    });
  });

  it('keeps what a failed write held and writes it with the next', async () => {
    const { counter, views, advance } = setup({ failWrites: 1 });
    await counter.start();
    counter.record(visit(), post, BLOG);
    advance(HOLD_MS);
    await counter.tick();
    expect(views()).toEqual([]);

    counter.record(visit({}, '198.51.100.3'), post, BLOG);
    advance(HOLD_MS);
    await counter.tick();

    expect(views()).toEqual([expect.objectContaining({ post_id: POST, views: 2 })]);
  });

  it('starts each day with a new salt made the day before, and forgets the days that are over', async () => {
    const { counter, readers, salts, forgotten, advance } = setup();
    await counter.start();
    expect([...salts.keys()]).toEqual(['2030-05-01', '2030-05-02']);
    counter.record(visit(), post, BLOG);
    advance(12 * 3_600_000); // midnight passes
    counter.record(visit(), post, BLOG);
    advance(HOLD_MS);
    await counter.tick();

    const [yesterday, today] = readers().filter((row) => row.post_id === POST);
    expect([yesterday?.day, today?.day]).toEqual(['2030-05-01', '2030-05-02']);
    expect(yesterday?.reader).not.toBe(today?.reader); // the same reader cannot be followed from one day to the next
    expect(forgotten).toEqual(['2030-05-01', '2030-05-02']);
    expect(salts.has('2030-05-03')).toBe(true);
  });

  it('writes one row for a page cached twice (a rebuilt cache entry) and one reader for a sender seen again', async () => {
    const { counter, views, readers } = setup();
    await counter.start();
    counter.record(visit(), post, BLOG);
    counter.record(visit(), { ...post }, BLOG); // the same post, from a page cached again since
    counter.record(visit({ referer: 'https://news.ycombinator.com/item?id=1' }), { ...post }, BLOG);

    await counter.stop();

    expect(views()).toEqual([
      { project_id: PROJECT, day: '2030-05-01', post_id: POST, referrer_host: '', country: '', views: 2 },
      expect.objectContaining({ post_id: POST, referrer_host: 'news.ycombinator.com', views: 1 }),
    ]);
    expect(readers().map((row) => row.post_id)).toEqual([null, POST]);
  });

  it('writes every held view when it stops', async () => {
    const { counter, views } = setup();
    await counter.start();
    counter.record(visit(), post, BLOG);

    await counter.stop();

    expect(views()).toEqual([expect.objectContaining({ post_id: POST, views: 1 })]);
  });
});
