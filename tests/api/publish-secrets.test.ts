// Destination credentials at rest and in flight (issue 28): the Application Password, a webhook's signing secret,
// Ghost's Admin API key, Webflow's site token and Shopify's access token are sealed in the database and never come back, neither in any answer of the API (list, change, test,
// publishing log, Retry, the account export, the OpenAPI document) nor in any line the server or its jobs log, also
// when every call to the remote fails or the first call to each fake fails. The one exception is by design: the webhook's secret in its creation answer.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startJobs, type JobRunner } from '../../api/jobs/boss.ts';
import { WORKERS } from '../../api/jobs/registry.ts';
import type { PostPublishing } from '../../src/lib/destinations/schema.ts';
import { startFakeGhost } from '../fixtures/fake-ghost/server.mjs';
import { startFakeShopify } from '../fixtures/fake-shopify/server.mjs';
import { startFakeWebflow } from '../fixtures/fake-webflow/server.mjs';
import { startWebhookReceiver } from '../fixtures/webhook-receiver/server.mjs';
import { call, testApp, testConfig, testDatabaseUrl, testQueuePrefix, testSql } from './helpers.ts';
import { deliveriesUntil, newProject } from './publishing-support.ts';

const APP_PASSWORD = 'abcd EFGH 1234 wxyz QRST 5678';
const logged: string[] = [];
const seen: string[] = [];
let runner: JobRunner;
let app: ReturnType<typeof testApp>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let wordpressDown: { close: () => void; origin: string };
let ghost: Awaited<ReturnType<typeof startFakeGhost>>;
let webflow: Awaited<ReturnType<typeof startFakeWebflow>>;
let shopify: Awaited<ReturnType<typeof startFakeShopify>>;

beforeAll(async () => {
  // Every line anything in this process writes, and every line the job runner logs.
  for (const method of ['log', 'info', 'warn', 'error'] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack}` : String(arg))).join(' '));
    });
  [ghost, webflow, shopify] = await Promise.all([startFakeGhost(), startFakeWebflow(), startFakeShopify()]);
  const env = {
    WEBFLOW_API_BASE_URL: webflow.apiBase,
    JOBS_QUEUE_PREFIX: `${testQueuePrefix()}secrets.`,
    FETCH_ALLOW_LOOPBACK: 'true',
    DELIVERY_RETRY_DELAY_MS: '50',
    DELIVERY_MAX_ATTEMPTS: '2',
  };
  runner = await startJobs({
    databaseUrl: testDatabaseUrl(),
    work: true,
    sql: testSql(),
    config: testConfig(env),
    log: (line) => logged.push(line),
    workers: WORKERS,
  });
  app = testApp(env, runner);
  receiver = await startWebhookReceiver();
  // A WordPress whose every answer is a failure that names what it was sent, as a careless server's might.
  const down = new Hono().all('*', (c) =>
    c.json({ code: 'db_down', message: `Error establishing a database connection (${c.req.url})` }, 500),
  );
  await new Promise<void>((resolve) => {
    const server = serve({ fetch: down.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      wordpressDown = { close: () => server.close(), origin: `http://127.0.0.1:${info.port}` };
      resolve();
    });
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await runner.stop();
  await receiver.stop();
  wordpressDown.close();
  await Promise.all([ghost.stop(), webflow.stop(), shopify.stop()]);
});

/** A call whose whole answer (status line aside: headers and body) is kept for the search below. */
async function seenCall(...args: Parameters<typeof call>) {
  const answer = await call(...args);
  seen.push(JSON.stringify(answer.body), JSON.stringify([...answer.headers.entries()]));
  return answer;
}

describe('destination secrets', () => {
  it('never appear in an answer or a log line, and are sealed at rest', async () => {
    const { owner, projectId } = await newProject(app);
    const token = owner.token;
    const wordpress = await seenCall(app, 'POST', `/api/projects/${projectId}/destinations`, {
      token,
      body: {
        kind: 'wordpress',
        name: 'Down site',
        settings: { site_url: wordpressDown.origin, username: 'editor', application_password: APP_PASSWORD },
      },
    });
    const hook = await call(app, 'POST', `/api/projects/${projectId}/destinations`, {
      token,
      body: { kind: 'webhook', name: 'Hook', settings: { url: `${receiver.origin}/secret` } },
    });
    const signing = hook.body.revealed_secrets.signing_secret as string;
    const others = [
      { kind: 'ghost', name: 'Ghost', settings: { api_url: ghost.origin, admin_api_key: ghost.adminKey } },
      {
        kind: 'webflow',
        name: 'Webflow',
        settings: {
          api_token: webflow.state.token,
          site_id: webflow.state.siteId,
          collection_id: webflow.state.collectionId,
        },
      },
      {
        kind: 'shopify',
        name: 'Shopify',
        settings: {
          store_domain: shopify.origin,
          access_token: shopify.state.token,
          blog_id: shopify.state.blogs[0]!.id,
        },
      },
    ];
    for (const body of others) {
      const saved = await seenCall(app, 'POST', `/api/projects/${projectId}/destinations`, { token, body });
      expect(saved.status).toBe(201);
      const test = await seenCall(app, 'POST', `/api/projects/${projectId}/destinations/test`, {
        token,
        body: { kind: body.kind, settings: {}, destination_id: saved.body.id },
      });
      expect(test.body.ok).toBe(true); // the saved secret reached the remote
    }
    // Each remote's first delivery call fails (a retry follows): the error path runs and logs too.
    ghost.fail(503);
    webflow.fail(500);
    shopify.fail(502);
    await seenCall(app, 'POST', `/api/projects/${projectId}/destinations/test`, {
      token,
      body: { kind: 'wordpress', settings: {}, destination_id: wordpress.body.id },
    });
    await seenCall(app, 'POST', `/api/projects/${projectId}/destinations/test`, {
      token,
      body: { kind: 'webhook', settings: {}, destination_id: hook.body.id },
    });
    await seenCall(app, 'PATCH', `/api/projects/${projectId}/destinations/${wordpress.body.id}`, {
      token,
      body: { name: 'Still down', settings: { application_password: '' } },
    });
    await seenCall(app, 'GET', `/api/projects/${projectId}/destinations`, { token });
    const made = await seenCall(app, 'POST', `/api/blogs/posts/project/${projectId}`, {
      token,
      body: { title: 'Leak?' },
    });
    await seenCall(app, 'POST', `/api/blogs/posts/post/${made.body.id}/publish`, { token, body: {} });
    const read = async (): Promise<PostPublishing> =>
      (await seenCall(app, 'GET', `/api/blogs/posts/post/${made.body.id}/publishing`, { token })).body;
    const log = await deliveriesUntil(
      read,
      (publishing) =>
        publishing.deliveries.length === 5 &&
        publishing.deliveries.every((entry) => entry.state !== 'pending' && entry.state !== 'delivering'),
    );
    const failed = log.deliveries.find((entry) => entry.target_name === 'Still down');
    await seenCall(app, 'POST', `/api/blogs/posts/post/${made.body.id}/deliveries/${failed!.id}/retry`, { token });
    await deliveriesUntil(read, (publishing) =>
      publishing.deliveries.every((entry) => entry.state === 'failed' || entry.state === 'delivered'),
    );
    await seenCall(app, 'POST', `/api/blogs/posts/post/${made.body.id}/publishing/check`, { token });
    const exported = await app.request('/api/users/me/export', { headers: { authorization: `Bearer ${token}` } });
    seen.push(await exported.text());
    await seenCall(app, 'GET', '/api/openapi.json');
    const [stored] =
      await testSql()`select settings::text, secrets::text from destinations where id = ${wordpress.body.id}`;
    const [storedHook] = await testSql()`select secrets::text from destinations where id = ${hook.body.id}`;
    const errors =
      await testSql()`select coalesce(last_error, '') || coalesce(result, '') as text from deliveries where project_id = ${projectId}`;

    expect(failed!.last_error).toContain('Error establishing a database connection');
    expect(
      Object.fromEntries(log.deliveries.map((entry) => [entry.target_name, [entry.state, entry.attempts]])),
    ).toMatchObject({ Ghost: ['delivered', 2], Webflow: ['delivered', 2], Shopify: ['delivered', 2] });
    expect(wordpress.body.secrets_set).toEqual(['application_password']);
    const secrets = [
      APP_PASSWORD,
      APP_PASSWORD.replace(/\s+/g, ''),
      Buffer.from(`editor:${APP_PASSWORD.replace(/\s+/g, '')}`).toString('base64'),
      signing,
      signing.slice(6),
      ghost.adminKey,
      ghost.adminKey.split(':')[1]!,
      webflow.state.token,
      shopify.state.token,
    ];
    const everything = [...seen, ...logged, ...errors.map((row) => row.text as string)].join('\n');
    for (const secret of secrets) expect(everything.includes(secret), `found ${secret.slice(0, 8)}…`).toBe(false);
    // The job runner did log the failures, so the search above looked at real lines.
    expect(logged.some((line) => line.includes('Error establishing a database connection'))).toBe(true);
    for (const secret of secrets) {
      expect(stored!.settings.includes(secret)).toBe(false);
      expect(stored!.secrets.includes(secret)).toBe(false);
      expect(storedHook!.secrets.includes(secret)).toBe(false);
    }
    expect(JSON.parse(stored!.secrets).application_password).toMatch(/^v1\./);
    const rows =
      await testSql()`select kind, settings::text || secrets::text as text, secrets from destinations where project_id = ${projectId}`;
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      for (const secret of secrets)
        expect(row.text.includes(secret), `${row.kind} keeps ${secret.slice(0, 8)}…`).toBe(false);
      for (const sealed of Object.values(row.secrets as Record<string, string>)) expect(sealed).toMatch(/^v1\./);
    }
  });
});
