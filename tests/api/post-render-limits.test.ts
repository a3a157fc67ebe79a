// Issue 22: one markdown render froze the server ("_a" × 100,000 took ~27 s on the event loop; quotes or lists
// nested thousands deep overflowed the stack: 500). Markdown is now measured before parsing (length, nesting,
// emphasis per paragraph) and rendered in worker threads within RENDER_TIME_LIMIT_MS; what is refused answers 422 on
// `markdown` saying what to change, stores nothing, and the event loop answers other requests all along.
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { configurePostRendering, RENDER_THREADS } from '../../api/services/posts/render.ts';
import { call, signInUser, testApp, type TestUser } from './helpers.ts';

const fill = (unit: string, length = 199_000) => unit.repeat(Math.floor(length / unit.length));

/** The inputs of the security review, each with the limit that refuses it. */
const PATHOLOGICAL: [string, string, string][] = [
  ['"_a" × 100,000', '_a'.repeat(100_000), 'too_much_emphasis'],
  ['"*a" × 100,000', '*a'.repeat(100_000), 'too_much_emphasis'],
  ['"_a" on 66,000 lines of one paragraph', fill('_a\n'), 'too_much_emphasis'],
  ['5,000 levels of >', `${'>'.repeat(5000)} a`, 'too_deep'],
  ['20,000 levels of >', `${'> '.repeat(20_000)}a`, 'too_deep'],
  ['5,000 nested lists', `${'- '.repeat(5000)}a`, 'too_deep'],
  ['20,000 nested ordered lists', `${'1. '.repeat(20_000)}a`, 'too_deep'],
  [
    'lists nested 400 deep by indentation',
    Array.from({ length: 400 }, (_, i) => `${' '.repeat(2 * i)}- a`).join('\n'),
    'too_deep',
  ],
];

/** Within every limit, yet slow: many short lines each 32 lists deep (seconds of parsing). */
const SLOW = fill(`${'- '.repeat(32)}a\n`);

let owner: TestUser;
const app = testApp();
let projectId: string;

beforeAll(async () => {
  owner = await signInUser();
  projectId = (await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Render' } })).body.id;
});

describe('markdown the server refuses to render', () => {
  it.each(PATHOLOGICAL)('preview refuses %s with 422 on markdown, before parsing', async (_name, markdown, type) => {
    const answer = await call(app, 'POST', `/api/blogs/posts/project/${projectId}/preview`, {
      token: owner.token,
      body: { markdown },
    });

    expect(answer.status).toBe(422);
    expect(answer.body.detail).toEqual([{ loc: ['body', 'markdown'], msg: expect.any(String), type }]);
  });

  it('create and PATCH refuse it too, storing nothing, and the messages say what to change', async () => {
    const [emphasis, deep] = [PATHOLOGICAL[0]![1], PATHOLOGICAL[3]![1]];
    const post = await call(app, 'POST', `/api/blogs/posts/project/${projectId}`, {
      token: owner.token,
      body: { title: 'Kept', markdown: 'Some **bold** words.' },
    });

    const created = await call(app, 'POST', `/api/blogs/posts/project/${projectId}`, {
      token: owner.token,
      body: { title: 'Hostile', markdown: emphasis },
    });
    const patched = await call(app, 'PATCH', `/api/blogs/posts/post/${post.body.id}`, {
      token: owner.token,
      body: { version: 1, markdown: deep },
    });
    const read = await call(app, 'GET', `/api/blogs/posts/post/${post.body.id}`, { token: owner.token });
    const list = await call(app, 'GET', `/api/blogs/posts/project/${projectId}?q=Hostile`, { token: owner.token });

    expect(created.status).toBe(422);
    expect(created.body.detail[0].msg).toBe(
      'The paragraph from line 1 has more than 2,000 * and _ marks, more than can be rendered. Split it into shorter paragraphs, or put code and runs of symbols in a code block (between ``` lines).',
    );
    expect(patched.status).toBe(422);
    expect(patched.body.detail[0].msg).toBe(
      'Line 1 nests quotes or lists more than 32 levels deep, more than can be shown. Remove some of the > or list markers (or indentation) at its start.',
    );
    expect(read.body).toMatchObject({ version: 1, markdown: 'Some **bold** words.' });
    expect(read.body.html).toBe('<p>Some <strong>bold</strong> words.</p>\n');
    expect(list.body.total).toBe(0);
  });

  it('stops a render that runs past RENDER_TIME_LIMIT_MS and refuses it with 422', async () => {
    const limited = testApp({ RENDER_TIME_LIMIT_MS: '100' });

    const answer = await call(limited, 'POST', `/api/blogs/posts/project/${projectId}/preview`, {
      token: owner.token,
      body: { markdown: SLOW },
    });
    const after = await call(limited, 'POST', `/api/blogs/posts/project/${projectId}/preview`, {
      token: owner.token,
      body: { markdown: '# Still working' },
    });

    expect(answer.status).toBe(422);
    expect(answer.body.detail).toEqual([
      {
        loc: ['body', 'markdown'],
        msg: 'This markdown took longer than 0.1 seconds to render, so it was refused. Shorten it or split it into several posts; very long lists, tables and quotes are the usual cause.',
        type: 'render_timeout',
      },
    ]);
    expect(after.body).toEqual({ html: '<h1 id="still-working">Still working</h1>\n' });
  });
});

describe('renders waiting for a thread', () => {
  it('answer 503 with Retry-After when every thread stays taken longer than a render may wait', async () => {
    const slow = testApp({ RENDER_TIME_LIMIT_MS: '700' });
    configurePostRendering({ RENDER_TIME_LIMIT_MS: 700, queueWaitMs: 200 });
    try {
      const preview = () =>
        slow.request(`/api/blogs/posts/project/${projectId}/preview`, {
          method: 'POST',
          headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ markdown: SLOW }),
        });

      const answers = await Promise.all(Array.from({ length: RENDER_THREADS + 1 }, preview));

      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([...Array(RENDER_THREADS).fill(422), 503]);
      const busy = answers.find((answer) => answer.status === 503)!;
      expect(busy.headers.get('retry-after')).toBe('5');
      expect(await busy.json()).toMatchObject({
        detail: 'The server is rendering many posts right now. Try again in a few seconds.',
      });
    } finally {
      configurePostRendering({ RENDER_TIME_LIMIT_MS: 2000 });
    }
  });
});

describe('the event loop while the worst case renders', () => {
  it('answers /api/health at once (median under 100 ms) while four slow renders run and are cut at the budget', async () => {
    // A real socket, so each health check waits exactly as long as the server's event loop makes it wait.
    const server = serve({ fetch: testApp({ RENDER_TIME_LIMIT_MS: '700' }).fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((done) => server.once('listening', done));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const preview = () =>
      fetch(`${origin}/api/blogs/posts/project/${projectId}/preview`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ markdown: SLOW }),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    await fetch(`${origin}/api/health`); // the connection and the route are warm before timing

    let rendering = true;
    const renders = Promise.all([preview(), preview(), preview(), preview()]).finally(() => (rendering = false));
    const waits: number[] = [];
    while (rendering) {
      const started = performance.now();
      const health = await fetch(`${origin}/api/health`);
      await health.arrayBuffer();
      waits.push(performance.now() - started);
      expect(health.status).toBe(200);
    }
    const answers = await renders;
    server.close();

    waits.sort((a, b) => a - b);
    expect(answers.map((answer) => [answer.status, answer.body.detail[0].type])).toEqual(
      Array(4).fill([422, 'render_timeout']),
    );
    // Two rounds of renders ran for at least 2 × 700 ms. A loop blocked by them answers a handful of checks, each
    // after a whole render (seconds); a free one answers hundreds, at once. The bound on the slowest is generous: on
    // a loaded 2-core machine other processes may hold this one off the CPU for a moment, renders or not.
    expect(waits.length).toBeGreaterThanOrEqual(10);
    expect(waits[Math.floor(waits.length / 2)]).toBeLessThan(100);
    expect(waits.at(-1)).toBeLessThan(2500);
  });
});
