// Deliveries and time (issue 28): an endpoint that takes the request and never answers is given up on at
// DELIVERY_TIMEOUT_MS, the attempt recorded as one to try again with a reason a person understands, and the next
// attempt delivers the same message; a post scheduled for later reaches the project's destinations when it goes live,
// published by the schedule job with nobody pressing anything.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import type { PostPublishing } from '../../src/lib/destinations/schema.ts';
import { startWebhookReceiver } from '../fixtures/webhook-receiver/server.mjs';
import { client, deliveriesUntil, newProject, publishingServer, settled } from './publishing-support.ts';

let runner: JobRunner;
let app: Awaited<ReturnType<typeof publishingServer>>['app'];
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  // A short time limit, and a first pause long enough to see the attempt waiting for its retry.
  ({ app, runner } = await publishingServer({ DELIVERY_TIMEOUT_MS: '300', DELIVERY_RETRY_DELAY_MS: '1500' }));
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await runner.stop();
  await receiver.stop();
});

/** A project with a webhook at its own path on the receiver; its signing secret. */
async function webhookProject() {
  const { owner, projectId } = await newProject(app);
  const api = client(app, owner.token);
  const path = `/hooks/${crypto.randomUUID()}`;
  const saved = await api.destination(projectId, {
    kind: 'webhook',
    name: 'Slow backend',
    settings: { url: `${receiver.origin}${path}` },
  });
  const arrived = () => receiver.received.filter((request) => request.path === path);
  return { api, projectId, arrived, secret: saved.revealed_secrets.signing_secret as string };
}

describe('delivery timing', () => {
  it('an endpoint that never answers: the attempt times out as a retry with its reason, and the next one delivers', async () => {
    const { api, projectId, arrived, secret } = await webhookProject();
    receiver.setPlan({ hangs: 1 });
    const post = await api.publish(await api.draft(projectId, { title: 'Waited for' }));

    const waiting = await deliveriesUntil(
      () => api.publishing(post.id),
      (log: PostPublishing) => log.deliveries[0]?.state === 'pending' && log.deliveries[0].attempts === 1,
    );
    const delivered = await deliveriesUntil(() => api.publishing(post.id), settled(1));
    receiver.setPlan({});

    expect(waiting.deliveries[0]).toMatchObject({
      state: 'pending',
      last_error: `The webhook endpoint at ${new URL(receiver.origin).host} did not answer in time.`,
    });
    expect(Date.parse(waiting.deliveries[0]!.next_attempt_at!)).toBeGreaterThan(
      Date.parse(waiting.deliveries[0]!.updated_at),
    );
    expect(waiting.destinations[0]).toMatchObject({ live: false, state: 'pending' });
    expect(delivered.deliveries[0]).toMatchObject({ state: 'delivered', attempts: 2, last_error: null });
    expect(delivered.destinations[0]).toMatchObject({ live: true, state: 'delivered' });
    // The same message both times (same id and body), the second one answered.
    const [hung, answered] = arrived();
    expect(arrived().map((request) => request.status)).toEqual([0, 200]);
    expect(answered!.headers['webhook-id']).toBe(hung!.headers['webhook-id']);
    expect(answered!.body).toBe(hung!.body);
    expect(new Webhook(secret).verify(answered!.body, answered!.headers)).toMatchObject({ type: 'post.published' });
  });

  it('a scheduled post reaches the destinations when it goes live, sent by the schedule job', async () => {
    const { api, projectId, arrived, secret } = await webhookProject();
    const draft = await api.draft(projectId, { title: 'Goes out at nine' });
    const at = new Date(Date.now() + 3_000).toISOString();

    const scheduled = await api.ok('POST', `/api/blogs/posts/post/${draft.id}/schedule`, {
      at,
      version: draft.version,
    });
    const before = await api.publishing(draft.id);
    const log = await deliveriesUntil(() => api.publishing(draft.id), settled(1));

    expect(scheduled).toMatchObject({ status: 'scheduled', published_at: at });
    expect(before.deliveries).toEqual([]); // scheduling alone sends nothing
    expect(log.deliveries[0]).toMatchObject({ event_kind: 'published', action: 'publish', state: 'delivered' });
    expect(log.destinations[0]).toMatchObject({ live: true });
    expect(arrived()).toHaveLength(1);
    const message = new Webhook(secret).verify(arrived()[0]!.body, arrived()[0]!.headers) as {
      type: string;
      data: { id: string; title: string; published_at: string };
    };
    expect(message).toMatchObject({ type: 'post.published', data: { id: draft.id, title: 'Goes out at nine' } });
    expect(Date.parse(message.data.published_at)).toBe(Date.parse(at));
  });
});
