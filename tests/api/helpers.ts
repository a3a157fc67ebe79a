import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { createApp } from '../../api/app.ts';
import { createTokenVerifier } from '../../api/auth/firebase.ts';
import { loadConfig, type Config } from '../../api/config.ts';
import { openChangeFeed, type ChangeFeed } from '../../api/db/change-feed.ts';
import { createSql, type Sql } from '../../api/db/sql.ts';
import { startJobs, type JobQueue, type JobRunner } from '../../api/jobs/boss.ts';
import { WORKERS } from '../../api/jobs/registry.ts';
import type { AppDeps } from '../../api/lib/hono.ts';
import { createCaches, type Caches } from '../../api/services/caches.ts';

/**
 * This worker's database: the API tests run on two workers, each on its own copy of the migrated database
 * (tests/api/global-setup.ts), so files running at the same time never share rows, job queues or notifications.
 * Pass it to anything a test starts (servers, workers, pools of its own).
 */
export function testDatabaseUrl(): string {
  const urls = inject('workerDatabaseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const url = urls[worker - 1];
  if (!url) throw new Error(`no test database for worker ${worker} (the global setup made ${urls.length})`);
  return url;
}

let shared: { sql: Sql; feed: ChangeFeed } | undefined;

function backing() {
  shared ??= { sql: createSql(testDatabaseUrl(), 4), feed: openChangeFeed(testDatabaseUrl()) };
  return shared;
}

/** This test file's database pool, on its worker's database. */
export function testSql(): Sql {
  return backing().sql;
}

/** The change feed of this test file worker: await its `ready` before a test that depends on caching. */
export function testFeed(): ChangeFeed {
  return backing().feed;
}

/** Read caches as an API process has them; each test app gets its own, like a separate process. */
export function testCaches(): Caches {
  return createCaches(testFeed());
}

/** The real app wired to the test database and the Auth emulator; pass env to change configuration. */
export function testApp(env: Record<string, string> = {}, jobs?: JobQueue, extra: Partial<AppDeps> = {}) {
  const config = testConfig(env);
  const verifier = createTokenVerifier(config, inject('authEmulatorHost'));
  return createApp({ sql: testSql(), config, verifier, caches: testCaches(), ...(jobs ? { jobs } : {}), ...extra });
}

/** The configuration a test app or job runner gets: the test database plus the given settings. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', DATABASE_URL: testDatabaseUrl(), ...env });
}

/** A pg-boss runner with the app's queues on the test database, working them unless told not to; stop it after. */
export function testJobs(env: Record<string, string> = {}, options: { work?: boolean } = {}): Promise<JobRunner> {
  const config = testConfig({ JOBS_QUEUE_PREFIX: testQueuePrefix(), ...env });
  return startJobs({
    databaseUrl: testDatabaseUrl(),
    work: options.work ?? true,
    sql: testSql(),
    config,
    workers: WORKERS,
  });
}

const queuePrefix = `t${randomUUID().slice(0, 8)}.`;

/** This test file's job queue prefix: test files run side by side on one database, each working only its own jobs. */
export function testQueuePrefix(): string {
  return queuePrefix;
}

export interface TestUser {
  uid: string;
  email: string;
  token: string;
}

/**
 * Signs a Google user in through the emulator's IdP endpoint and returns a real ID token: a new Google account
 * unless `sub` names one signed in before.
 */
export async function signInUser(
  profile: { email?: string; name?: string; picture?: string; sub?: string } = {},
): Promise<TestUser> {
  const email = profile.email ?? `user-${randomUUID().slice(0, 8)}@example.com`;
  const claims = {
    sub: profile.sub ?? randomUUID(),
    email,
    email_verified: true,
    name: profile.name ?? 'Test User',
    picture: profile.picture,
  };
  const response = await fetch(
    `http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        requestUri: 'http://localhost',
        returnSecureToken: true,
        postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
      }),
    },
  );
  const body = (await response.json()) as { idToken?: string; localId?: string; error?: unknown };
  if (!body.idToken || !body.localId) throw new Error(`emulator sign-in failed: ${JSON.stringify(body)}`);
  return { uid: body.localId, email, token: body.idToken };
}

/** A JSON request against the app, the way the browser client sends it. */
export async function call(
  app: ReturnType<typeof testApp>,
  method: string,
  path: string,
  options: { token?: string; projectId?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.projectId) headers['x-project-id'] = options.projectId;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await app.request(path, {
    method,
    headers,
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body),
  });
  const text = await response.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: response.status, body: json, headers: response.headers };
}

/** Asks until `check` passes; the change feed tells another process at commit (milliseconds). */
export async function eventually(check: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 3000;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((done) => setTimeout(done, 25));
    }
  }
}

/**
 * Resolves once `feed` has heard every change committed so far: notifications arrive in commit order, so hearing a
 * marker sent now means everything before it was heard.
 */
export async function heardEverything(feed: ChangeFeed): Promise<void> {
  const marker = `marker-${Math.random().toString(36).slice(2)}`;
  const heard = new Promise<void>((resolve) =>
    feed.subscribe((change) => change.kind === 'user' && change.key === marker && resolve()),
  );
  await testSql()`select pg_notify('inkpilot_changes', ${`user:${marker}`})`;
  await heard;
}

/**
 * Another server process as far as caching goes: its own app, change feed and caches on the test database. Await
 * `feed.ready` before use and `feed.stop()` after; `settled()` resolves once it has heard every change committed so far.
 */
export function secondInstance(name: string) {
  const feed = openChangeFeed(testDatabaseUrl(), () => {}, name);
  const caches = createCaches(feed);
  const config = testConfig();
  const app = createApp({
    sql: testSql(),
    config,
    verifier: createTokenVerifier(config, inject('authEmulatorHost')),
    caches,
  });
  return { app, feed, caches, config, settled: () => heardEverything(feed) };
}
