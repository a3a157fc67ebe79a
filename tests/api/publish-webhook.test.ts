// Signed webhooks (issue 28): a receiver on loopback checks every delivery with the Standard Webhooks reference
// implementation (the `standardwebhooks` package), sees one message per change of a live post in order, sees the
// same message (same id, same body) again after it answered 500, and a delivery that never succeeds ends failed with
// the receiver's words until Retry delivers it.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { startWebhookReceiver } from '../fixtures/webhook-receiver/server.mjs';
import { call, signInUser, testSql } from './helpers.ts';
import { client, deliveriesUntil, newProject, publishingServer, settled } from './publishing-support.ts';

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

let runner: JobRunner;
let app: Awaited<ReturnType<typeof publishingServer>>['app'];
let receiver: Receiver;

beforeAll(async () => {
  ({ app, runner } = await publishingServer({ DELIVERY_MAX_ATTEMPTS: '3' }));
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await runner.stop();
  await receiver.stop();
});

/** A project with one webhook destination pointing at the receiver; its signing secret as shown once. */
async function webhookProject(path = '/hooks') {
  const { owner, projectId } = await newProject(app);
  const api = client(app, owner.token);
  const saved = await api.destination(projectId, {
    kind: 'webhook',
    name: 'Our backend',
    settings: { url: `${receiver.origin}${path}` },
  });
  return { owner, projectId, api, destination: saved, secret: saved.revealed_secrets.signing_secret as string };
}

const arrivedAt = (path: string) => receiver.received.filter((request) => request.path === path);

/** A deleted post's delivery log, oldest first (its post page is gone, so read from the table). */
async function logOf(postId: string) {
  return testSql()<{ event_kind: string; state: string; result: string | null }[]>`
    select event_kind, state, result from deliveries where post_id = ${postId} order by seq`;
}

describe('webhook destinations', () => {
  it('shows the whsec_ signing secret once, at creation, and never in the list', async () => {
    const { api, projectId, destination, secret } = await webhookProject();

    const listed = await api.ok('GET', `/api/projects/${projectId}/destinations`);

    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(destination.secrets_set).toEqual(['signing_secret']);
    expect(destination.settings).toEqual({ url: `${receiver.origin}/hooks` });
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(secret.slice(6));
    expect(listed[0].secrets_set).toEqual(['signing_secret']);
  });

  it('delivers each change of a live post as a signed message the reference implementation verifies, in order', async () => {
    const path = `/hooks/${crypto.randomUUID()}`;
    const { api, projectId, secret } = await webhookProject(path);
    let post = await api.draft(projectId, { title: 'Sourdough at home', tags: ['bread'], excerpt: 'Start here.' });
    /** Makes a change and waits for its message (a person's changes come seconds apart, not microseconds). */
    const step = async <T>(change: Promise<T>, count: number): Promise<T> => {
      const changed = await change;
      await expect.poll(() => arrivedAt(path).length, { timeout: 20_000 }).toBe(count);
      return changed;
    };

    post = await step(api.publish(post), 1);
    post = await step(api.edit(post, { title: 'Sourdough at home, step by step' }), 2);
    post = await step(api.unpublish(post), 3);
    post = await step(api.publish(post), 4);
    await step(api.remove(post), 5);

    const verifier = new Webhook(secret);
    const messages = arrivedAt(path).map((request) => verifier.verify(request.body, request.headers) as any);
    expect(messages.map((message) => message.type)).toEqual([
      'post.published',
      'post.updated',
      'post.unpublished',
      'post.published',
      'post.deleted',
    ]);
    expect(messages[0].data).toMatchObject({
      id: post.id,
      title: 'Sourdough at home',
      slug: post.slug,
      tags: ['bread'],
      excerpt: 'Start here.',
    });
    expect(messages[0].data.url).toMatch(new RegExp(`\\.blogs\\.localhost:\\d+/${post.slug}$`));
    expect(messages[1].data.title).toBe('Sourdough at home, step by step');
    expect(messages[2].data).toEqual({ id: post.id, slug: post.slug });
    expect(messages[4].data).toEqual({ id: post.id, slug: post.slug });
    expect(new Set(arrivedAt(path).map((request) => request.headers['webhook-id'])).size).toBe(5);
    // A wrong secret does not verify: the signature is over this secret.
    const [first] = arrivedAt(path);
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(first!.body, first!.headers),
    ).toThrow();
  });

  it('still tells of changes a deleted post cannot show any more: its taking down and its deletion', async () => {
    const path = `/hooks/${crypto.randomUUID()}`;
    const { api, projectId, secret } = await webhookProject(path);
    const post = await api.publish(await api.draft(projectId, { title: 'Here and gone' }));

    await api.remove(await api.publish(await api.unpublish(post)));
    const publishing = await deliveriesUntil(
      () => logOf(post.id),
      (log) => log.length === 4 && log.every((entry) => ['delivered', 'skipped', 'failed'].includes(entry.state)),
    );

    const types = arrivedAt(path).map(
      (request) => (new Webhook(secret).verify(request.body, request.headers) as any).type,
    );
    expect(types).toEqual(['post.unpublished', 'post.deleted']);
    expect(publishing.map((entry) => [entry.event_kind, entry.state, entry.result])).toEqual([
      ['published', 'skipped', 'The post was deleted before this change was sent.'],
      ['unpublished', 'delivered', null],
      ['published', 'skipped', 'The post was deleted before this change was sent.'],
      ['deleted', 'delivered', null],
    ]);
  });

  it('sends the same message again after a 500, with the same id and body, until the receiver takes it', async () => {
    const path = `/hooks/${crypto.randomUUID()}`;
    const { api, projectId, secret } = await webhookProject(path);
    receiver.setPlan({ statuses: [500, 503], fallback: 200 });
    const post = await api.draft(projectId, { title: 'Retry me' });

    await api.publish(post);
    const publishing = await deliveriesUntil(() => api.publishing(post.id), settled(1));

    const attempts = arrivedAt(path);
    expect(attempts.map((request) => request.status)).toEqual([500, 503, 200]);
    expect(new Set(attempts.map((request) => request.headers['webhook-id'])).size).toBe(1);
    expect(new Set(attempts.map((request) => request.body)).size).toBe(1);
    for (const attempt of attempts)
      expect(() => new Webhook(secret).verify(attempt.body, attempt.headers)).not.toThrow();
    expect(publishing.deliveries[0]).toMatchObject({ state: 'delivered', attempts: 3, target_name: 'Our backend' });
    expect(publishing.destinations[0]).toMatchObject({ live: true, state: 'delivered' });
    receiver.setPlan({});
  });

  it('waits at least what a 429 asks in Retry-After before trying again', async () => {
    const path = `/hooks/${crypto.randomUUID()}`;
    const { api, projectId } = await webhookProject(path);
    receiver.setPlan({ statuses: [429], fallback: 200, retryAfter: '2' });
    const post = await api.draft(projectId, { title: 'Slow down' });

    await api.publish(post);
    await deliveriesUntil(() => api.publishing(post.id), settled(1));

    const [limited, accepted] = arrivedAt(path);
    expect(limited!.status).toBe(429);
    expect(accepted!.at - limited!.at).toBeGreaterThanOrEqual(2000);
    receiver.setPlan({});
  });

  it('ends a delivery that never succeeds failed, with the receiver’s words, and Retry delivers it', async () => {
    const path = `/hooks/${crypto.randomUUID()}`;
    const { api, projectId } = await webhookProject(path);
    receiver.setPlan({ fallback: 500 });
    const post = await api.draft(projectId, { title: 'Never lands' });

    await api.publish(post);
    const failed = await deliveriesUntil(() => api.publishing(post.id), settled(1));
    receiver.setPlan({ fallback: 200 });
    const [delivery] = failed.deliveries;
    const retried = await api.ok('POST', `/api/blogs/posts/post/${post.id}/deliveries/${delivery!.id}/retry`);
    const delivered = await deliveriesUntil(
      () => api.publishing(post.id),
      (publishing) => publishing.deliveries[0]?.state === 'delivered',
    );

    expect(delivery).toMatchObject({ state: 'failed', attempts: 3, event_kind: 'published' });
    expect(delivery!.last_error).toContain('receiver says no (500)');
    expect(delivery!.last_error).toContain('gave up after 3 attempts');
    expect(arrivedAt(path).map((request) => request.status)).toEqual([500, 500, 500, 200]);
    expect(retried.deliveries[0].state).toMatch(/pending|delivering|delivered/);
    expect(delivered.deliveries).toHaveLength(1);
    expect(delivered.deliveries[0]).toMatchObject({
      id: delivery!.id,
      state: 'delivered',
      attempts: 1,
      last_error: null,
    });
  });

  it('refuses a receiver’s 4xx at once (no retry), in its words', async () => {
    const path = `/hooks/${crypto.randomUUID()}`;
    const { api, projectId } = await webhookProject(path);
    receiver.setPlan({ fallback: 400, body: 'unknown event type' });
    const post = await api.draft(projectId, { title: 'Refused' });

    await api.publish(post);
    const publishing = await deliveriesUntil(() => api.publishing(post.id), settled(1));

    expect(publishing.deliveries[0]).toMatchObject({ state: 'failed', attempts: 1 });
    expect(publishing.deliveries[0]!.last_error).toBe('The webhook endpoint answered 400: unknown event type');
    receiver.setPlan({});
  });

  it('tests a connection before saving with a signed webhook.test event, and shows a refusal in the endpoint’s words', async () => {
    const { owner, projectId } = await newProject(app);
    const path = `/hooks/${crypto.randomUUID()}`;

    const ok = await call(app, 'POST', `/api/projects/${projectId}/destinations/test`, {
      token: owner.token,
      body: { kind: 'webhook', settings: { url: `${receiver.origin}${path}` } },
    });
    receiver.setPlan({ fallback: 401, body: 'bad signature' });
    const refused = await call(app, 'POST', `/api/projects/${projectId}/destinations/test`, {
      token: owner.token,
      body: { kind: 'webhook', settings: { url: `${receiver.origin}${path}` } },
    });
    receiver.setPlan({});
    const unreachable = await call(app, 'POST', `/api/projects/${projectId}/destinations/test`, {
      token: owner.token,
      body: { kind: 'webhook', settings: { url: 'http://127.0.0.1:9/hooks' } },
    });

    expect(ok.body).toEqual({
      ok: true,
      message: `${new URL(receiver.origin).host} accepted a signed test event (webhook.test).`,
    });
    expect(JSON.parse(arrivedAt(path)[0]!.body).type).toBe('webhook.test');
    expect(refused.body).toEqual({
      ok: false,
      message: 'The webhook endpoint answered 401: bad signature',
      remote_message: 'bad signature',
    });
    expect(unreachable.body).toMatchObject({ ok: false, message: 'Could not connect to 127.0.0.1:9 (ECONNREFUSED).' });
    expect(await call(app, 'GET', `/api/projects/${projectId}/destinations`, { token: owner.token })).toMatchObject({
      body: [],
    });
  });

  it('refuses a bad setting with 422 naming it, an unknown kind, and someone else’s project with 404', async () => {
    const { owner, projectId } = await newProject(app);
    const stranger = await signInUser();

    const badUrl = await call(app, 'POST', `/api/projects/${projectId}/destinations`, {
      token: owner.token,
      body: { kind: 'webhook', name: 'Hook', settings: { url: 'ftp://example.com/x' } },
    });
    const unknown = await call(app, 'POST', `/api/projects/${projectId}/destinations`, {
      token: owner.token,
      body: { kind: 'myspace', name: 'Hook', settings: {} },
    });
    const foreign = await call(app, 'POST', `/api/projects/${projectId}/destinations`, {
      token: stranger.token,
      body: { kind: 'webhook', name: 'Hook', settings: { url: `${receiver.origin}/x` } },
    });

    expect(badUrl.status).toBe(422);
    expect(badUrl.body.detail[0].loc).toEqual(['body', 'settings', 'url']);
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0]).toMatchObject({
      loc: ['body', 'kind'],
      msg: 'Publishing to myspace is not available on this server.',
    });
    expect(foreign.status).toBe(404);
  });
});
