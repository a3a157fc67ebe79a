// The session's cached reads (api/session-reads.ts): GET /api/users/me and GET /api/projects answered before the app
// when the token, its user and the project list are in this process's caches. Through a real Node server built as
// api/server.ts builds it: the answers are the routes' own, and whatever the caches cannot vouch for (a signed-out
// session, an API key, X-Project-ID, a query string, a blog host) goes the full way.
import { serve, type ServerType } from '@hono/node-server';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createTokenVerifier } from '../../api/auth/firebase.ts';
import { createApp } from '../../api/app.ts';
import type { AppDeps } from '../../api/lib/hono.ts';
import { SessionReads, withFastPaths } from '../../api/session-reads.ts';
import { signInUser, testCaches, testConfig, testFeed, testSql, type TestUser } from './helpers.ts';

let server: ServerType;
let base: string;
let reads: SessionReads;
let user: TestUser;

beforeAll(async () => {
  const config = testConfig();
  const deps: AppDeps = {
    sql: testSql(),
    config,
    verifier: createTokenVerifier(config, inject('authEmulatorHost')),
    caches: testCaches(),
  };
  await testFeed().ready;
  reads = new SessionReads(deps);
  server = serve({
    fetch: createApp(deps).fetch,
    port: 0,
    hostname: '127.0.0.1',
    createServer: withFastPaths(deps, reads),
  });
  await new Promise((done) => server.once('listening', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  user = await signInUser({ name: 'Grace Hopper' });
});
afterAll(() => new Promise((done) => server.close(done)));

async function get(path: string, headers: Record<string, string> = {}, token = user.token) {
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    nosniff: response.headers.get('x-content-type-options'),
    length: response.headers.get('content-length'),
    body: await response.json().catch(() => undefined),
  };
}

/** The status of a read sent to a blog's host (fetch cannot set Host, node:http can). */
function onBlogHost(path: string): Promise<number | undefined> {
  return new Promise((done, fail) => {
    const request = httpRequest(`${base}${path}`, {
      headers: { host: 'someone.blogs.example.com', authorization: `Bearer ${user.token}` },
    });
    request.once('response', (response) => {
      response.resume();
      done(response.statusCode);
    });
    request.once('error', fail);
    request.end();
  });
}

/** How many answers the fast path gave while `run` ran. */
async function servedDuring(run: () => Promise<unknown>): Promise<number> {
  const before = reads.served;
  await run();
  return reads.served - before;
}

describe('the session’s cached reads', () => {
  it('answer exactly as the routes do, from the second request on, with or without the trailing slash', async () => {
    const created = await fetch(`${base}/api/projects/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Cached Co' }),
    });
    expect(created.status).toBe(201);
    for (const path of ['/api/users/me', '/api/projects']) {
      // A query string sends the same read the full way: the route's own answer.
      let full: Awaited<ReturnType<typeof get>> | undefined;
      expect(await servedDuring(async () => (full = await get(`${path}/?through=app`)))).toBe(0);
      let fast: Awaited<ReturnType<typeof get>> | undefined;
      await expect.poll(async () => servedDuring(async () => (fast = await get(path)))).toBe(1);
      expect(fast).toEqual(full);
      expect(fast?.status).toBe(200);
      expect(fast?.type).toBe('application/json');
      expect(fast?.nosniff).toBe('nosniff');
      await expect.poll(async () => servedDuring(() => get(`${path}/`))).toBe(1);
    }
    const projects = await get('/api/projects/');
    expect(projects.body.map((project: { name: string }) => project.name)).toContain('Cached Co');
    const me = await get('/api/users/me/');
    expect(me.body).toMatchObject({ email: user.email, first_name: 'Grace' });
  });

  it('leave to the routes what the caches cannot vouch for, and the routes decide', async () => {
    await get('/api/projects/'); // warm
    await expect.poll(async () => servedDuring(() => get('/api/projects/'))).toBe(1);
    const foreign = '00000000-0000-4000-8000-000000000000';
    expect(
      await servedDuring(async () => {
        // The routes check the header against the caller's memberships (this one is the caller's by no means).
        await get('/api/users/me', { 'x-project-id': foreign });
        await get('/api/projects/', { 'x-project-id': foreign });
        expect((await get('/api/projects/?page=1')).status).toBe(200);
        expect((await get('/api/users/me', {}, 'ink_not-a-real-key')).status).toBe(401);
        expect((await get('/api/users/me', {}, 'not-a-token')).status).toBe(401);
        expect(await onBlogHost('/api/users/me')).toBe(404);
      }),
    ).toBe(0);
  });

  it('stop at once for a session that was signed out', async () => {
    const leaving = await signInUser({ name: 'Leaving User' });
    await get('/api/users/me', {}, leaving.token);
    await expect.poll(async () => servedDuring(() => get('/api/users/me', {}, leaving.token))).toBe(1);

    await new Promise((done) => setTimeout(done, 1100)); // auth_time has one-second resolution (change-feed.test.ts)
    const logout = await fetch(`${base}/api/users/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${leaving.token}` },
    });
    expect(logout.status).toBeLessThan(300);

    let after: Awaited<ReturnType<typeof get>> | undefined;
    expect(await servedDuring(async () => (after = await get('/api/users/me', {}, leaving.token)))).toBe(0);
    expect(after?.status).toBe(401);
  });
});
