// A project's publishing destinations (issue 28): the kinds offered with their forms, changing a destination (a secret
// left empty stays, a new one replaces it), one canonical destination at most, removal, and a post kept off one
// destination (before it goes live, and while it is live: taken down there and put back at once).
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { startWebhookReceiver } from '../fixtures/webhook-receiver/server.mjs';
import { call, signInUser, testSql } from './helpers.ts';
import { client, deliveriesUntil, newProject, publishingServer, settled } from './publishing-support.ts';

let runner: JobRunner;
let app: Awaited<ReturnType<typeof publishingServer>>['app'];
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  ({ app, runner } = await publishingServer());
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await runner.stop();
  await receiver.stop();
});

const typesAt = (path: string, secret: string) =>
  receiver.received
    .filter((request) => request.path === path)
    .map((request) => (new Webhook(secret).verify(request.body, request.headers) as { type: string }).type);

describe('destinations of a project', () => {
  it('offers each kind the server publishes to with its form, secrets marked', async () => {
    const { owner } = await newProject(app);

    const kinds = await call(app, 'GET', '/api/destinations/kinds', { token: owner.token });

    const byKind = Object.fromEntries(kinds.body.map((kind: { kind: string }) => [kind.kind, kind]));
    expect(byKind.wordpress.label).toBe('WordPress');
    expect(byKind.wordpress.fields.map((field: { name: string }) => field.name)).toEqual([
      'site_url',
      'username',
      'application_password',
      'category',
    ]);
    expect(byKind.wordpress.fields[2]).toMatchObject({
      title: 'Application Password',
      type: 'password',
      secret: true,
      generated: false,
      required: true,
    });
    expect(byKind.wordpress.fields[0]).toMatchObject({ type: 'url', required: true, secret: false });
    expect(byKind.wordpress.fields[3]).toMatchObject({ required: false });
    expect(byKind.webhook.fields).toEqual([
      expect.objectContaining({ name: 'url', type: 'url', required: true }),
      expect.objectContaining({ name: 'signing_secret', secret: true, generated: true }),
    ]);
  });

  it('changes a destination: a secret left empty keeps its value, a new one replaces it, the kind stays', async () => {
    const { owner, projectId } = await newProject(app);
    const api = client(app, owner.token);
    const saved = await api.destination(projectId, {
      kind: 'wordpress',
      name: 'Blog',
      settings: { site_url: 'https://example.com', username: 'ed', application_password: 'old pass word' },
    });
    const sealed = async () =>
      (await testSql()`select secrets from destinations where id = ${saved.id}`)[0]!.secrets.application_password;
    const before = await sealed();

    const renamed = await api.ok('PATCH', `/api/projects/${projectId}/destinations/${saved.id}`, {
      name: 'Company blog',
      settings: { site_url: 'https://www.example.com', application_password: '' },
    });
    const kept = await sealed();
    await api.ok('PATCH', `/api/projects/${projectId}/destinations/${saved.id}`, {
      settings: { application_password: 'new pass word' },
    });
    const replaced = await sealed();
    const refused = await api.request('PATCH', `/api/projects/${projectId}/destinations/${saved.id}`, {
      settings: { site_url: 'not a url' },
    });

    expect(renamed).toMatchObject({
      name: 'Company blog',
      kind: 'wordpress',
      settings: { site_url: 'https://www.example.com', username: 'ed' },
      secrets_set: ['application_password'],
    });
    expect(kept).toBe(before);
    expect(replaced).not.toBe(before);
    expect(refused.status).toBe(422);
    expect(refused.body.detail[0]).toMatchObject({
      loc: ['body', 'settings', 'site_url'],
      msg: 'Enter the address of your WordPress site, like https://example.com.',
    });
  });

  it('lets one destination at most be where posts are canonical', async () => {
    const { owner, projectId } = await newProject(app);
    const api = client(app, owner.token);
    const settings = { url: `${receiver.origin}/canonical` };
    const first = await api.destination(projectId, {
      kind: 'webhook',
      name: 'First',
      settings,
      canonical: 'destination',
    });
    const second = await api.destination(projectId, { kind: 'webhook', name: 'Second', settings });

    const clash = await api.request('PATCH', `/api/projects/${projectId}/destinations/${second.id}`, {
      canonical: 'destination',
    });
    const another = await api.request('POST', `/api/projects/${projectId}/destinations`, {
      kind: 'webhook',
      name: 'Third',
      settings,
      canonical: 'destination',
    });
    await api.ok('PATCH', `/api/projects/${projectId}/destinations/${first.id}`, { canonical: 'blog' });
    const moved = await api.ok('PATCH', `/api/projects/${projectId}/destinations/${second.id}`, {
      canonical: 'destination',
    });

    const message =
      'Only one destination can be where posts are canonical, and First already is. Set it back to the hosted blog first.';
    expect(clash).toMatchObject({ status: 409, body: { detail: message } });
    expect(another).toMatchObject({ status: 409, body: { detail: message } });
    expect(moved.canonical).toBe('destination');
  });

  it('removes a destination with its log; someone else’s destination is 404', async () => {
    const { owner, projectId } = await newProject(app);
    const other = await newProject(app);
    const api = client(app, owner.token);
    const saved = await api.destination(projectId, {
      kind: 'webhook',
      name: 'Gone soon',
      settings: { url: `${receiver.origin}/x` },
    });

    const foreign = await call(app, 'DELETE', `/api/projects/${other.projectId}/destinations/${saved.id}`, {
      token: other.owner.token,
    });
    const stranger = await call(app, 'GET', `/api/projects/${projectId}/destinations`, {
      token: (await signInUser()).token,
    });
    const removed = await api.ok('DELETE', `/api/projects/${projectId}/destinations/${saved.id}`);
    const again = await api.request('DELETE', `/api/projects/${projectId}/destinations/${saved.id}`);

    expect(foreign).toMatchObject({ status: 404, body: { detail: 'Destination not found.' } });
    expect(stranger.status).toBe(404);
    expect(removed).toEqual({ message: 'Gone soon removed. Posts already published there stay on that site.' });
    expect(again.status).toBe(404);
    expect(await api.ok('GET', `/api/projects/${projectId}/destinations`)).toEqual([]);
  });

  it('keeps a post off one destination, and takes a live post down there and back at once', async () => {
    const { owner, projectId } = await newProject(app);
    const api = client(app, owner.token);
    const [pathA, pathB] = [`/a/${crypto.randomUUID()}`, `/b/${crypto.randomUUID()}`];
    const a = await api.destination(projectId, {
      kind: 'webhook',
      name: 'A',
      settings: { url: `${receiver.origin}${pathA}` },
    });
    const b = await api.destination(projectId, {
      kind: 'webhook',
      name: 'B',
      settings: { url: `${receiver.origin}${pathB}` },
    });
    const [secretA, secretB] = [a.revealed_secrets.signing_secret, b.revealed_secrets.signing_secret];
    let post = await api.draft(projectId, { title: 'Only on A' });
    const toggle = (publish: boolean) =>
      api.ok('PUT', `/api/blogs/posts/post/${post.id}/destinations/${b.id}`, { publish });

    const offB = await toggle(false);
    post = await api.publish(post);
    const published = await deliveriesUntil(() => api.publishing(post.id), settled(1));
    await toggle(true);
    await deliveriesUntil(() => api.publishing(post.id), settled(2));
    await toggle(false);
    const off = await deliveriesUntil(() => api.publishing(post.id), settled(3));
    const repeated = await toggle(false);

    expect(
      offB.destinations.map((entry: { name: string; opted_out: boolean }) => [entry.name, entry.opted_out]),
    ).toEqual([
      ['A', false],
      ['B', true],
    ]);
    expect(published.deliveries.map((entry) => entry.target_name)).toEqual(['A']);
    expect(typesAt(pathA, secretA)).toEqual(['post.published']);
    expect(typesAt(pathB, secretB)).toEqual(['post.published', 'post.unpublished']);
    expect(off.deliveries.map((entry) => [entry.target_name, entry.event_kind, entry.state])).toEqual([
      ['B', 'opted_out', 'delivered'],
      ['B', 'opted_in', 'delivered'],
      ['A', 'published', 'delivered'],
    ]);
    expect(off.destinations.map((entry) => [entry.name, entry.live, entry.opted_out])).toEqual([
      ['A', true, false],
      ['B', false, true],
    ]);
    // Switching off what is already off changes nothing and sends nothing.
    expect(repeated.deliveries).toHaveLength(3);
  });
});
