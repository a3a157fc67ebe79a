import { serve } from '@hono/node-server';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgetGallery } from '../../api/services/transcriptions/cache.ts';
import { insertTranscription } from '../../api/services/transcriptions/queries.ts';
import { startInstagramFixture } from '../fixtures/instagram/server.mjs';
import { CLIENT_CAP_MESSAGE, SITE_CAP_MESSAGE } from '../../api/lib/rate-limit.ts';
import { STT_FAILED } from '../../api/providers/stt/index.ts';
import { BUSY_MESSAGE } from '../../api/services/transcriptions/transcribe.ts';
import { STT_BAD_KEY_MESSAGE, STT_FIXTURE_KEY, startSttFixture } from '../fixtures/stt/server.mjs';
import { call, testApp, testSql } from './helpers.ts';

let instagram: Awaited<ReturnType<typeof startInstagramFixture>>;
let stt: Awaited<ReturnType<typeof startSttFixture>>;

beforeAll(async () => {
  instagram = await startInstagramFixture();
  stt = await startSttFixture();
});
afterAll(async () => {
  await instagram.stop();
  await stt.stop();
});

/** The app wired to the fixtures; limits are high unless a test is about them. */
function appWith(env: Record<string, string> = {}) {
  return testApp({
    INSTAGRAM_BASE_URL: instagram.origin,
    STT_BASE_URL: stt.baseUrl,
    STT_API_KEY: STT_FIXTURE_KEY,
    FETCH_ALLOW_LOOPBACK: 'true',
    TRANSCRIBE_RATE_PER_MINUTE: '100000',
    TRANSCRIBE_DAILY_CAP: '100000',
    TRANSCRIBE_CLIENT_DAILY_CAP: '100000',
    ...env,
  });
}

const code = (prefix = 'Reel') => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 10)}`;
const tag = () => `t${randomUUID().replace(/-/g, '').slice(0, 12)}`;

/** A loopback port nothing listens on (fetch refuses "bad" ports such as 1, so one is borrowed and given back). */
async function closedPort(): Promise<number> {
  const server = serve({ fetch: () => new Response(), port: 0, hostname: '127.0.0.1' });
  await new Promise((done) => server.once('listening', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

async function storedCount(reelCode: string): Promise<number> {
  const [row] = await testSql()`select count(*)::int as n from transcriptions where reel_code = ${reelCode}`;
  return row!.n as number;
}

describe('POST /api/reels/transcribe', () => {
  it('transcribes a Reel, stores it, lists it under each hashtag and serves it by slug', async () => {
    const app = appWith();
    const reel = code();
    const [first, second] = [tag(), tag()];
    instagram.posts.set(reel, {
      title: 'Café Tour: Best Croissants!',
      caption: `Morning run #${first} and #${second.toUpperCase()}`,
    });

    const made = await call(app, 'POST', '/api/reels/transcribe', {
      body: { reel: `https://www.instagram.com/reel/${reel}/?igsh=abc` },
    });
    const byFirst = await call(app, 'GET', `/api/insta-transcriptions/tags/${first}`);
    const bySecond = await call(app, 'GET', `/api/insta-transcriptions/tags/${second}?page=1&limit=20`);
    const detail = await call(app, 'GET', `/api/insta-transcriptions/${made.body.slug}`);

    expect(made.status).toBe(200);
    expect(made.body.transcript).toMatch(/^Hello from the fixture reel\. This clip has \d+ bytes of video\/webm/);
    expect(made.body.slug).toMatch(/^cafe-tour-best-croissants-[a-z0-9]{5}$/);
    expect(made.body).toMatchObject({
      title: 'Café Tour: Best Croissants!',
      reel_url: `https://www.instagram.com/reel/${reel}/`,
      tags: [first, second],
    });
    expect(made.body.media_url).toBe(`${instagram.origin}/media/${reel}.webm`);
    expect(made.body.thumbnail_url).toBe(`${instagram.origin}/media/${reel}.svg`);
    expect(byFirst.body.data.transcriptions.map((item: { id: string }) => item.id)).toEqual([made.body.id]);
    expect(bySecond.body.data.pagination).toEqual({
      current_page: 1,
      total_pages: 1,
      total_count: 1,
      has_next: false,
      has_previous: false,
    });
    expect(detail.body.data).toMatchObject({
      id: made.body.id,
      transcription: made.body.transcript,
      tags: [first, second],
    });
  });

  it('stores only the sanitized Instagram embed markup and the official script', async () => {
    const app = appWith();

    const made = await call(app, 'POST', '/api/reels/transcribe', { body: { reel: `https://instagr.am/p/${code()}` } });

    expect(made.body.embed_code).toMatch(
      /^<blockquote class="instagram-media" data-instgrm-permalink="https:\/\/www\.instagram\.com\/p\//,
    );
    expect(made.body.embed_code.match(/<script/g)).toHaveLength(1);
    expect(made.body.embed_code).toContain('<script async src="https://www.instagram.com/embed.js"></script>');
  });

  it('serves the same Reel from the database the second time, without calling speech-to-text again', async () => {
    const app = appWith();
    const reel = code();
    const first = await call(app, 'POST', '/api/reels/transcribe', {
      body: { reel: `https://www.instagram.com/reel/${reel}/` },
    });
    const callsAfterFirst = stt.calls();

    const again = await call(app, 'POST', '/api/reels/transcribe', {
      body: { reel: `https://instagram.com/reels/${reel}` },
    });

    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(stt.calls()).toBe(callsAfterFirst);
    expect(await storedCount(reel)).toBe(1);
  });

  it('uses the Reel code in the slug when the post has no title', async () => {
    const app = appWith();
    const reel = code('Abc_');
    instagram.posts.set(reel, { title: '', caption: 'no tags here' });

    const made = await call(app, 'POST', '/api/reels/transcribe', {
      body: { reel: `https://www.instagram.com/tv/${reel}/` },
    });

    expect(made.body.slug).toBe(`${reel.toLowerCase().replace('_', '-')}-${made.body.id.replace(/-/g, '').slice(-5)}`);
  });

  it.each([
    ['another host', 'https://www.tiktok.com/@someone/video/123456'],
    ['a look-alike host', 'https://instagram.com.evil.example/reel/ABCDEF123/'],
    ['javascript:', 'javascript:alert(1)//instagram.com/reel/ABCDEF123/'],
    ['file:', 'file:///etc/passwd'],
    ['a private address', 'http://10.0.0.1/reel/ABCDEF123/'],
    ['a loopback address', 'http://127.0.0.1/reel/ABCDEF123/'],
    ['a profile page', 'https://www.instagram.com/someone/'],
    ['not a URL', 'hello'],
  ])('refuses %s with a clear 422 and stores nothing', async (_name, reel) => {
    const app = appWith();

    const answer = await call(app, 'POST', '/api/reels/transcribe', { body: { reel } });

    expect(answer.status).toBe(422);
    expect(answer.body.detail).toBe(
      'Enter a public Instagram Reel or post URL, like https://www.instagram.com/reel/ABC123xyz/.',
    );
  });

  it('refuses a post whose video lives on a private address, storing nothing', async () => {
    const app = appWith();
    const reel = code('private');

    const answer = await call(app, 'POST', '/api/reels/transcribe', {
      body: { reel: `https://www.instagram.com/reel/${reel}/` },
    });

    expect(answer.status).toBe(422);
    expect(answer.body.detail).toBe('The video address is not allowed.');
    expect(await storedCount(reel)).toBe(0);
  });

  it('refuses a video that redirects to a private address, storing nothing', async () => {
    const app = appWith();
    const reel = code('redirect');

    const answer = await call(app, 'POST', '/api/reels/transcribe', {
      body: { reel: `https://www.instagram.com/reel/${reel}/` },
    });

    expect(answer.status).toBe(422);
    expect(answer.body.detail).toBe('The video address is not allowed.');
    expect(await storedCount(reel)).toBe(0);
  });

  it('refuses a "video" that is a web page, storing nothing', async () => {
    const app = appWith();
    const reel = code('login');

    const answer = await call(app, 'POST', '/api/reels/transcribe', {
      body: { reel: `https://www.instagram.com/reel/${reel}/` },
    });

    expect(answer.status).toBe(502);
    expect(answer.body.detail).toBe('Instagram did not send a video for this post.');
    expect(await storedCount(reel)).toBe(0);
  });

  it('answers 404 for a post Instagram does not have', async () => {
    const app = appWith();

    const answer = await call(app, 'POST', '/api/reels/transcribe', {
      body: { reel: `https://www.instagram.com/reel/${code('missing')}/` },
    });

    expect(answer.status).toBe(404);
    expect(answer.body.detail).toBe('This Reel could not be found. Check that the post exists and is public.');
  });

  // Provider text can quote secrets; a visitor reads a plain sentence and the server log keeps the provider's words.
  it.each<[string, Record<string, string>, string, number, string, string]>([
    [
      'speech-to-text refuses the API key',
      { STT_API_KEY: 'sk-proj-wrong' },
      'Reel',
      502,
      STT_FAILED,
      STT_BAD_KEY_MESSAGE,
    ],
    [
      'speech-to-text fails on the audio',
      { STT_MODEL: 'broken' },
      'Reel',
      502,
      STT_FAILED,
      'The audio could not be decoded.',
    ],
    [
      'speech-to-text cannot be reached',
      { STT_BASE_URL: 'CLOSED_PORT' },
      'Reel',
      502,
      'The speech-to-text service could not be reached.',
      'ECONNREFUSED',
    ],
    ['Instagram fails on the post page', {}, 'broken', 502, 'Instagram answered 500 for this post.', ''],
    ['the video host cannot be reached', {}, 'gone', 502, 'Could not fetch the video from Instagram.', 'ECONNREFUSED'],
  ])(
    'when %s, answers a plain message, logs the provider text and stores nothing',
    async (_case, env, prefix, status, detail, logged) => {
      const app = appWith(
        env.STT_BASE_URL === 'CLOSED_PORT' ? { STT_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` } : env,
      );
      const reel = code(prefix);
      const log = vi.spyOn(console, 'error').mockImplementation(() => {});

      const answer = await call(app, 'POST', '/api/reels/transcribe', {
        body: { reel: `https://www.instagram.com/reel/${reel}/` },
      });
      const lines = log.mock.calls.map((args) =>
        args
          .map((arg) =>
            arg instanceof Error
              ? `${arg.message} ${String((arg.cause as Error | undefined)?.message ?? '')}`
              : String(arg),
          )
          .join(' '),
      );
      log.mockRestore();

      expect(answer.status).toBe(status);
      expect(answer.body.detail).toBe(detail);
      expect(JSON.stringify(answer.body)).not.toMatch(/sk-|api key|IGSECRET|ECONNREFUSED|127\.0\.0\.1/i);
      expect(lines.join('\n')).toContain(logged);
      expect(await storedCount(reel)).toBe(0);
    },
  );

  it('answers 422 "speech-to-text is not configured" when no provider is set, storing nothing', async () => {
    const app = testApp({
      INSTAGRAM_BASE_URL: instagram.origin,
      FETCH_ALLOW_LOOPBACK: 'true',
      TRANSCRIBE_RATE_PER_MINUTE: '100000',
    });
    const reel = code();

    const answer = await call(app, 'POST', '/api/reels/transcribe', {
      body: { reel: `https://www.instagram.com/reel/${reel}/` },
    });

    expect(answer.status).toBe(422);
    expect(answer.body.detail).toBe('speech-to-text is not configured');
    expect(await storedCount(reel)).toBe(0);
  });

  it('requires the reel field', async () => {
    const answer = await call(appWith(), 'POST', '/api/reels/transcribe', { body: {} });

    expect(answer.status).toBe(422);
    expect(answer.body.detail[0]).toMatchObject({ loc: ['body', 'reel'], msg: 'Reel URL is required.' });
  });
});

describe('transcriber abuse limits', () => {
  /** A real HTTP server so the client address is the TCP peer (127.0.0.1). */
  async function served(env: Record<string, string>) {
    const app = appWith(env);
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((done) => server.once('listening', done));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const post = (reel: string, forwardedFor: string) =>
      fetch(`${origin}/api/reels/transcribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ reel }),
      });
    return { post, stop: () => new Promise((done) => server.close(done)) };
  }
  const clientIp = () =>
    `203.0.113.${Math.floor(Math.random() * 250) + 1}, 198.51.100.${Math.floor(Math.random() * 250) + 1}`;

  it('answers 429 with Retry-After once a client passes the per-minute limit', async () => {
    const server = await served({ TRANSCRIBE_RATE_PER_MINUTE: '2', TRUSTED_PROXIES: '127.0.0.1' });
    const ip = clientIp();
    const reel = `https://www.instagram.com/reel/${code()}/`;

    const answers = [await server.post(reel, ip), await server.post(reel, ip), await server.post(reel, ip)];
    await server.stop();

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
    expect(Number(answers[2]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await answers[2]!.json()).detail).toBe(
      'Too many transcription requests. Please wait a minute and try again.',
    );
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const server = await served({ TRANSCRIBE_RATE_PER_MINUTE: '100000', TRUSTED_PROXIES: '10.9.9.9' });
    const forwarded = randomIpv4();
    const peerHitsBefore = await hitsFor('127.0.0.1');

    await server.post(`https://www.instagram.com/reel/${code()}/`, forwarded);
    await server.stop();

    // Counted under the TCP peer (127.0.0.1), not the address the request claims; read from the table, so a minute
    // boundary between two requests cannot make it pass or fail.
    expect(await hitsFor(forwarded)).toBe(0);
    expect(await hitsFor('127.0.0.1')).toBe(peerHitsBefore + 1);
  });

  it('stops new transcriptions once the daily cap is reached', async () => {
    const server = await served({ TRANSCRIBE_DAILY_CAP: '1', TRUSTED_PROXIES: '127.0.0.1' });
    await server.post(`https://www.instagram.com/reel/${code()}/`, clientIp());

    const answer = await server.post(`https://www.instagram.com/reel/${code()}/`, clientIp());
    await server.stop();

    expect(answer.status).toBe(429);
    expect((await answer.json()).detail).toBe(
      "The free transcriber has reached today's limit. Please try again tomorrow.",
    );
  });

  async function siteUsageToday(): Promise<number> {
    const [row] =
      await testSql()`select coalesce((select transcriptions from transcribe_daily_usage where day = (now() at time zone 'utc')::date), 0) as n`;
    return row!.n as number;
  }
  const byte = (from: number, to: number) => from + Math.floor(Math.random() * (to - from + 1));
  // Outside every range a test trusts (10/8, 127/8), and from 2^30 values so two tests never share a client.
  const randomIpv4 = () => `${byte(11, 99)}.${byte(0, 255)}.${byte(0, 255)}.${byte(1, 254)}`;
  const randomV6Prefix = () =>
    `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;

  it('charges the site-wide allowance only for work that ran: Reels that do not exist or fail leave it untouched', async () => {
    const before = await siteUsageToday();
    const server = await served({ TRANSCRIBE_DAILY_CAP: String(before + 1), TRUSTED_PROXIES: '127.0.0.1' });
    const failures = [];
    for (const prefix of ['missing', 'missing', 'missing', 'novideo', 'private', 'broken', 'login']) {
      failures.push((await server.post(`https://www.instagram.com/reel/${code(prefix)}/`, randomIpv4())).status);
    }
    const usageAfterFailures = await siteUsageToday();

    const real = await server.post(`https://www.instagram.com/reel/${code()}/`, randomIpv4());
    const pastCap = await server.post(`https://www.instagram.com/reel/${code()}/`, randomIpv4());
    await server.stop();

    expect(failures).toEqual([404, 404, 404, 422, 422, 502, 502]);
    expect(usageAfterFailures).toBe(before);
    expect(real.status).toBe(200);
    expect(pastCap.status).toBe(429);
    expect((await pastCap.json()).detail).toBe(SITE_CAP_MESSAGE);
  });

  it('stops one client at its own daily cap while others, and stored Reels, still work', async () => {
    const server = await served({ TRANSCRIBE_CLIENT_DAILY_CAP: '2', TRUSTED_PROXIES: '127.0.0.1' });
    const greedy = randomIpv4();
    const first = `https://www.instagram.com/reel/${code()}/`;

    const answers = [
      await server.post(first, greedy),
      await server.post(`https://www.instagram.com/reel/${code()}/`, greedy),
    ];
    const third = await server.post(`https://www.instagram.com/reel/${code()}/`, greedy);
    const stored = await server.post(first, greedy);
    const other = await server.post(`https://www.instagram.com/reel/${code()}/`, randomIpv4());
    await server.stop();

    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await third.json()).detail).toBe(CLIENT_CAP_MESSAGE);
    expect(stored.status).toBe(200);
    expect(other.status).toBe(200);
  });

  it('gives a client its allowance back when its request fails before speech-to-text', async () => {
    const server = await served({ TRANSCRIBE_CLIENT_DAILY_CAP: '1', TRUSTED_PROXIES: '127.0.0.1' });
    const client = randomIpv4();

    const missing = [
      await server.post(`https://www.instagram.com/reel/${code('missing')}/`, client),
      await server.post(`https://www.instagram.com/reel/${code('missing')}/`, client),
    ];
    const real = await server.post(`https://www.instagram.com/reel/${code()}/`, client);
    await server.stop();

    expect(missing.map((answer) => answer.status)).toEqual([404, 404]);
    expect(real.status).toBe(200);
  });

  /** Requests counted under a client key by the per-minute limit, across windows (so no test depends on the clock). */
  async function hitsFor(client: string): Promise<number> {
    const [row] =
      await testSql()`select coalesce(sum(hits), 0)::int as n from transcribe_rate_windows where client = ${client}`;
    return row!.n as number;
  }

  it('keys IPv6 clients by /64: 50 addresses of one network count as one client', async () => {
    const server = await served({ TRANSCRIBE_RATE_PER_MINUTE: '100000', TRUSTED_PROXIES: '127.0.0.1' });
    const network = randomV6Prefix();
    const reel = `https://www.instagram.com/reel/${code()}/`;
    const addresses = Array.from(
      { length: 50 },
      (_, index) => `${network}:${(index + 1).toString(16)}::${(index + 1).toString(16)}`,
    );

    for (const address of addresses) await server.post(reel, address);
    await server.stop();

    expect(await hitsFor(`${network}::/64`)).toBe(50);
    expect(await hitsFor(addresses[0]!)).toBe(0);
  });

  it.each([['127.0.0.0/8'], ['127.0.0.1/32, 10.0.0.0/8'], ['::ffff:127.0.0.0/104']])(
    'believes X-Forwarded-For from a peer inside TRUSTED_PROXIES=%s',
    async (trusted) => {
      const server = await served({ TRANSCRIBE_RATE_PER_MINUTE: '1', TRUSTED_PROXIES: trusted });
      const reel = `https://www.instagram.com/reel/${code()}/`;

      const answers = [
        await server.post(reel, randomIpv4()),
        await server.post(reel, randomIpv4()),
        await server.post(reel, `${randomV6Prefix()}::1`),
      ];
      await server.stop();

      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    },
  );

  // A client writes what it likes into X-Forwarded-For; text that is not an address must not become its own key,
  // nor may the walk step past it to an address the client wrote: the proxy that passed it on stands in.
  it.each([
    ['unknown'],
    ['_hidden'],
    ['evil.example'],
    ['127.1'],
    ['0x7f000001'],
    ['<script>'],
    ['1.2.3.4:notaport'],
    ['[::1'],
  ])('never keys a client by the forwarded text %j', async (junk) => {
    const server = await served({ TRANSCRIBE_RATE_PER_MINUTE: '100000', TRUSTED_PROXIES: '127.0.0.1' });
    const written = randomIpv4();
    const hop = `${junk}-${code()}`;
    const proxyHitsBefore = await hitsFor('127.0.0.1');

    await server.post(`https://www.instagram.com/reel/${code()}/`, `${written}, ${hop}`);
    await server.stop();

    expect(await hitsFor(hop)).toBe(0);
    expect(await hitsFor(written)).toBe(0);
    expect(await hitsFor('127.0.0.1')).toBe(proxyHitsBefore + 1);
  });
});

describe('transcriber concurrency', () => {
  it('runs TRANSCRIBE_CONCURRENCY transcriptions at once and answers the next 503 busy with Retry-After', async () => {
    const app = appWith({ TRANSCRIBE_CONCURRENCY: '2', STT_MODEL: 'hold' });
    const storedReel = `https://www.instagram.com/reel/${code()}/`;
    await call(appWith(), 'POST', '/api/reels/transcribe', { body: { reel: storedReel } });
    const post = (reel: string) =>
      app.request('/api/reels/transcribe', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reel }),
      });

    const running = [
      post(`https://www.instagram.com/reel/${code()}/`),
      post(`https://www.instagram.com/reel/${code()}/`),
    ];
    await stt.waitForHeld(2);
    const busy = await post(`https://www.instagram.com/reel/${code()}/`);
    const storedWhileBusy = await post(storedReel);
    stt.releaseHeld();
    const finished = await Promise.all(running);
    const afterwards = post(`https://www.instagram.com/reel/${code()}/`);
    await stt.waitForHeld(1);
    stt.releaseHeld();

    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('60');
    expect((await busy.json()).detail).toBe(BUSY_MESSAGE);
    expect(storedWhileBusy.status).toBe(200);
    expect(finished.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await afterwards).status).toBe(200);
  });
});

describe('the public gallery', () => {
  async function seedTag(name: string, count: number): Promise<void> {
    for (let index = 0; index < count; index++) {
      const id = randomUUID();
      await testSql().begin((tx) =>
        insertTranscription(tx, {
          id,
          slug: `seed-${index}-${id.slice(-5)}`,
          title: `Seed ${index}`,
          reel_url: `https://www.instagram.com/reel/seed${id}/`,
          reel_code: `seed${id}`,
          transcription: `Transcript ${index}`,
          tags: [name],
          embed_code: '',
          media_url: null,
          thumbnail_url: 'https://example.com/t.jpg',
        }),
      );
    }
    forgetGallery(); // what transcribeReel does after a write, so the 5-second gallery cache shows the seed
  }

  it.each([
    [0, 1, { current_page: 1, total_pages: 0, total_count: 0, has_next: false, has_previous: false }, 0],
    [1, 1, { current_page: 1, total_pages: 1, total_count: 1, has_next: false, has_previous: false }, 1],
    [20, 1, { current_page: 1, total_pages: 1, total_count: 20, has_next: false, has_previous: false }, 20],
    [21, 1, { current_page: 1, total_pages: 2, total_count: 21, has_next: true, has_previous: false }, 20],
    [21, 2, { current_page: 2, total_pages: 2, total_count: 21, has_next: false, has_previous: true }, 1],
    [41, 2, { current_page: 2, total_pages: 3, total_count: 41, has_next: true, has_previous: true }, 20],
    [41, 3, { current_page: 3, total_pages: 3, total_count: 41, has_next: false, has_previous: true }, 1],
  ])('with %i items, page %i reads %o', async (items, page, pagination, shown) => {
    const name = tag();
    await seedTag(name, items);

    const answer = await call(appWith(), 'GET', `/api/insta-transcriptions/tags/${name}?page=${page}&limit=20`);

    expect(answer.body.data.pagination).toEqual(pagination);
    expect(answer.body.data.transcriptions).toHaveLength(shown);
  });

  it.each([
    ['page', 'abc'],
    ['page', '0'],
    ['limit', '51'],
  ])('refuses %s=%s with a message naming the field', async (field, value) => {
    const answer = await call(appWith(), 'GET', `/api/insta-transcriptions/tags/${tag()}?${field}=${value}`);

    expect(answer.status).toBe(422);
    expect(answer.body.detail[0]).toMatchObject({
      loc: ['query', field],
      msg: expect.stringMatching(new RegExp(`^${field} must be a whole number from 1 to \\d+\\.$`)),
    });
  });

  it('lists tags with counts and dates, and the four insights', async () => {
    const name = tag();
    await seedTag(name, 3);

    const answer = await call(appWith(), 'GET', '/api/insta-transcriptions/tags');

    const row = answer.body.tags.find((item: { tag: string }) => item.tag === name);
    expect(row).toMatchObject({ tag: name, count: 3 });
    expect(Date.parse(row.first_used)).toBeLessThanOrEqual(Date.parse(row.last_used));
    expect(answer.body.insights.total_unique_tags).toBe(answer.body.tags.length);
    expect(answer.body.insights.total_tag_usage).toBe(
      answer.body.tags.reduce((sum: number, item: { count: number }) => sum + item.count, 0),
    );
    expect(answer.body.insights.most_popular_tag).toEqual({
      tag: answer.body.tags[0].tag,
      count: answer.body.tags[0].count,
    });
  });

  it('answers 404 "Transcription not found" for an unknown slug', async () => {
    const answer = await call(appWith(), 'GET', '/api/insta-transcriptions/no-such-thing-abcde');

    expect(answer.status).toBe(404);
    expect(answer.body.detail).toBe('Transcription not found');
  });
});
