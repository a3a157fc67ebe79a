// Publishing after a crash (issue 28): the process running the outbox's consumer and the delivery job is killed
// (SIGKILL: no clean-up of any kind) in the worst place, after WordPress created a post but before its answer reached
// us; a new process takes over. Every destination ends with every post exactly once: WordPress has one post per slug
// (the pending-create mark made the new process look the post up instead of creating it again), and the webhook
// receiver has one message id per change (a message sent again keeps its id, so a receiver drops the repeat).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver } from '../fixtures/webhook-receiver/server.mjs';
import { startWordPress, type WordPress } from '../fixtures/wordpress/start.ts';
import { testApp, testDatabaseUrl, testJobs, testQueuePrefix, testSql } from './helpers.ts';
import { client, newProject } from './publishing-support.ts';

const children: ChildProcess[] = [];
let wp: WordPress;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let proxy: Server;

beforeAll(async () => {
  wp = await startWordPress();
  receiver = await startWebhookReceiver();
}, 180_000);
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  proxy?.closeAllConnections();
  proxy?.close();
  await receiver?.stop();
  await wp?.stop();
});

/** The publishing worker as a process of its own on the test database. */
function startWorker(queuePrefix: string): ChildProcess {
  const { FIREBASE_AUTH_EMULATOR_HOST: _emulator, ...rest } = process.env;
  const child = spawn(process.execPath, ['tests/fixtures/delivery-worker.ts'], {
    stdio: 'ignore',
    env: {
      ...rest,
      NODE_ENV: 'test',
      DATABASE_URL: testDatabaseUrl(),
      JOBS_SUPERVISE_SECONDS: '1',
      JOBS_QUEUE_PREFIX: queuePrefix,
      FETCH_ALLOW_LOOPBACK: 'true',
      DELIVERY_TIMEOUT_MS: '3000',
      DELIVERY_RETRY_DELAY_MS: '200',
    },
  });
  children.push(child);
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGKILL');
  await exited;
}

/**
 * WordPress behind a proxy that, on the `holdAt`-th post creation, lets WordPress make the post and then keeps its
 * answer from the caller for good: the caller dies before it hears the new post's id.
 */
function holdingProxy(target: string, holdAt: number): Promise<{ origin: string; held: Promise<void> }> {
  let creations = 0;
  let heldIt!: () => void;
  const held = new Promise<void>((resolve) => (heldIt = resolve));
  proxy = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', 'http://proxy');
    const creation = incoming.method === 'POST' && url.searchParams.get('rest_route') === '/wp/v2/posts';
    const hold = creation && ++creations === holdAt;
    const upstream = request(
      `${target}${incoming.url}`,
      { method: incoming.method, headers: { ...incoming.headers, host: new URL(target).host } },
      (answer) => {
        if (hold) {
          answer.resume();
          answer.on('end', heldIt); // WordPress made the post; its answer goes nowhere
          return;
        }
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () => {
      const address = proxy.address();
      resolve({ origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, held });
    }),
  );
}

describe('publishing after a crash', () => {
  it('a worker killed between WordPress’s create and its answer leaves every post on every destination once', {
    timeout: 240_000,
  }, async () => {
    const queuePrefix = `${testQueuePrefix()}publish-crash.`;
    const queueOnly = await testJobs({ JOBS_QUEUE_PREFIX: queuePrefix }, { work: false });
    const app = testApp({ JOBS_QUEUE_PREFIX: queuePrefix, FETCH_ALLOW_LOOPBACK: 'true' }, queueOnly);
    const { owner, projectId } = await newProject(app, 'Crash publishing');
    const api = client(app, owner.token);
    const { origin, held } = await holdingProxy(wp.url, 3);
    await api.destination(projectId, {
      kind: 'wordpress',
      name: 'Site',
      settings: { site_url: origin, username: wp.user, application_password: wp.appPassword },
    });
    const hook = await api.destination(projectId, {
      kind: 'webhook',
      name: 'Hook',
      settings: { url: `${receiver.origin}/crash` },
    });
    // Six posts published before any worker runs: their events (and so their deliveries) wait.
    const posts = [];
    for (let index = 1; index <= 6; index++)
      posts.push(await api.publish(await api.draft(projectId, { title: `Crash post ${index}` })));

    const first = startWorker(queuePrefix);
    await held;
    await kill(first);
    const [inFlight] = await testSql()<{ n: number }[]>`
      select count(*)::int as n from post_destinations
      where project_id = ${projectId} and creating_since is not null and remote_id is null`;
    const second = startWorker(queuePrefix);
    await expect
      .poll(
        async () =>
          (
            await testSql()<{ n: number }[]>`
              select count(*)::int as n from deliveries where project_id = ${projectId} and state = 'delivered'`
          )[0]!.n,
        { timeout: 180_000, interval: 250 },
      )
      .toBe(12);
    await kill(second);
    await queueOnly.stop();

    // The process died with a create sent and its answer lost.
    expect(inFlight!.n).toBeGreaterThanOrEqual(1);
    const onSite = (
      (await wp.rest('/wp/v2/posts', {}, 'per_page=100&status=publish,draft&context=edit')).body as {
        slug: string;
        status: string;
        title: { raw: string };
      }[]
    ).filter((item) => item.title.raw.startsWith('Crash post'));
    // A second create would have made a second post (WordPress gives it the slug "…-2").
    expect(onSite).toHaveLength(6);
    for (const post of posts)
      expect(
        onSite.filter((item) => item.slug === post.slug).map((item) => item.status),
        post.slug,
      ).toEqual(['publish']);
    const verifier = new Webhook(hook.revealed_secrets.signing_secret);
    const messages = receiver.received
      .filter((entry) => entry.path === '/crash')
      .map((entry) => ({ id: entry.headers['webhook-id'], body: verifier.verify(entry.body, entry.headers) as any }));
    const byId = new Map(messages.map((message) => [message.id, message.body]));
    expect([...byId.values()].map((body) => body.data.id).sort()).toEqual(posts.map((post) => post.id).sort());
    expect([...byId.values()].every((body) => body.type === 'post.published')).toBe(true);
  });
});
