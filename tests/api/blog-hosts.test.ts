// Host routing over real HTTP through the real server entry (api/server.ts, with its node:http fast path before
// Hono), serving a site build whose catch-all answers every path (tests/fixtures/app-site): a 404 here can only come
// from host routing. TRUSTED_PROXIES names 127.0.0.2, so a request from 127.0.0.1 is a peer outside it and one from
// 127.0.0.2 is the trusted proxy.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { freePortRange } from '../../scripts/ports.mjs';
import { addPost, httpRequest, newBlog, type Blog } from './blog-support.ts';
import { call, testApp, testDatabaseUrl, testQueuePrefix } from './helpers.ts';

const APP_PAGE = 'The app’s catch-all page';
const LANDING = 'The app’s landing page';
const dataDir = mkdtempSync(join(tmpdir(), 'inkpilot-hosts-'));
let port = 0;
let server: ChildProcess;
let blog: Blog;
let pending: string;
const app = testApp();

/** One request as a browser or proxy sends it: any Host, from 127.0.0.1 unless `from` says otherwise. */
async function ask(
  host: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; from?: string } = {},
) {
  const answer = await httpRequest(`http://127.0.0.1:${port}`, host, path, options);
  return { status: answer.status, type: answer.headers['content-type'] as string | undefined, text: answer.text };
}

beforeAll(async () => {
  port = await freePortRange(1);
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
      SITE_URL: 'https://app.inkpilot.example',
      APP_HOSTS: 'internal-lb.example.net',
      TRUSTED_PROXIES: '127.0.0.2',
    },
  });
  blog = await newBlog(app, 'Hosted Loaves');
  await addPost(blog, { title: 'Crust and crumb' });
  pending = `pending-${Math.random().toString(36).slice(2, 8)}.acme-test.com`;
  const claimed = await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain`, {
    token: blog.owner.token,
    body: { domain: pending },
  });
  expect(claimed.body.status).toBe('pending');
  // Ready when /api/health answers (the server runs migrations and starts its change feed first).
  for (let attempt = 0; ; attempt++) {
    if (server.exitCode !== null) throw new Error(`api/server.ts exited with ${server.exitCode}`);
    if ((await ask('127.0.0.1', '/api/health').catch(() => ({ status: 0 }))).status === 200) break;
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

/** The blog router's answer for a host that serves no blog: exactly this, whichever path answered it. */
function expectPlainNotFound(answer: { status: number; type: string | undefined; text: string }, label: string) {
  expect(answer.status, label).toBe(404);
  expect(answer.type, label).toBe('text/plain; charset=utf-8');
  expect(answer.text, label).toBe('Not found');
}

describe('host routing through the server entry', () => {
  it("serves the app on its own hosts: SITE_URL's, APP_HOSTS, localhost and IP literals", async () => {
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `[::1]:${port}`,
      'app.inkpilot.example',
      'APP.Inkpilot.Example.',
      'internal-lb.example.net',
    ]) {
      const landing = await ask(host, '/');
      const deeper = await ask(host, '/pricing');
      expect(landing.status, host).toBe(200);
      expect(landing.text, host).toContain(LANDING);
      expect(deeper.text, host).toContain(APP_PAGE);
    }
  });

  it('serves a project blog on its subdomain', async () => {
    const home = await ask(blog.host, '/');

    expect(home.status).toBe(200);
    expect(home.text).toContain('Hosted Loaves');
    expect(home.text).toContain('Crust and crumb');
  });

  it('answers a plain 404, never the app or a default blog, for every other host, on the first request and the next', async () => {
    const hosts = [
      'unknown.example.net',
      `unknown.example.net:${port}`,
      'no-such-blog-xyz.blogs.localhost:4321',
      'blogs.localhost',
      pending,
      'other.localhost',
      'inkpilot.example', // SITE_URL's parent is not an app host
    ];
    for (const host of hosts) {
      // The second request of a host this process has already judged is answered before Hono (api/server.ts).
      for (const attempt of ['first', 'again']) {
        for (const path of ['/', '/pricing', '/api/health'])
          expectPlainNotFound(await ask(host, path), `${host} ${path} (${attempt})`);
      }
      expectPlainNotFound(
        await ask(host, '/api/projects/', { method: 'POST', headers: { 'content-type': 'application/json' } }),
        `${host} POST`,
      );
    }
  });

  it('ignores X-Forwarded-Host from a peer outside TRUSTED_PROXIES', async () => {
    const onApp = await ask(`127.0.0.1:${port}`, '/', { headers: { 'x-forwarded-host': blog.host } });
    const onUnknown = await ask('unknown.example.net', '/', { headers: { 'x-forwarded-host': blog.host } });
    const onBlog = await ask(blog.host, '/', { headers: { 'x-forwarded-host': 'unknown.example.net' } });

    expect(onApp.text).toContain(LANDING);
    expect(onApp.text).not.toContain('Hosted Loaves');
    expectPlainNotFound(onUnknown, 'unknown Host, forwarded blog host');
    expect(onBlog.text).toContain('Crust and crumb');
  });

  it('believes X-Forwarded-Host from a trusted proxy, and of a list the value that proxy appended (the last)', async () => {
    const trusted = { from: '127.0.0.2' };
    const forwarded = await ask(`127.0.0.1:${port}`, '/', { ...trusted, headers: { 'x-forwarded-host': blog.host } });
    const lastIsBlog = await ask(`127.0.0.1:${port}`, '/', {
      ...trusted,
      headers: { 'x-forwarded-host': `unknown.example.net, ${blog.host}` },
    });
    const lastIsUnknown = await ask(`127.0.0.1:${port}`, '/', {
      ...trusted,
      headers: { 'x-forwarded-host': `${blog.host}, unknown.example.net` },
    });
    const forwardedApp = await ask(blog.host, '/', {
      ...trusted,
      headers: { 'x-forwarded-host': 'app.inkpilot.example' },
    });

    expect(forwarded.text).toContain('Crust and crumb');
    expect(lastIsBlog.text).toContain('Crust and crumb');
    expectPlainNotFound(lastIsUnknown, 'a list ending in an unknown host');
    expect(forwardedApp.text).toContain(LANDING);
  });
});
