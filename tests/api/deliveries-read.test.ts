// What one delivery attempt reads before its remote call (issue 28, bench:publish): the destination, the blog, the
// post, its placement and its opt-out in one statement, which also leaves the create mark exactly when the attempt
// may create the post on a destination that keeps a copy (the post is live, kept on it, and has no remote id there),
// so a worker killed after sending the create makes the next attempt look the post up instead of creating it again
// (tests/api/publish-crash.test.ts shows that end to end). A webhook (a message per change) and an update leave none.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { readDeliveryInputs } from '../../api/services/deliveries/queries.ts';
import { testApp, testSql } from './helpers.ts';
import { client, newProject } from './publishing-support.ts';

const COPY_KINDS = ['wordpress', 'ghost', 'webflow', 'shopify'];
let app: ReturnType<typeof testApp>;

beforeAll(() => {
  app = testApp();
});

async function addDestination(projectId: string, kind: string, enabled = true): Promise<string> {
  const id = randomUUID();
  await testSql()`
    insert into destinations (id, project_id, kind, name, settings, secrets, canonical, enabled)
    values (${id}, ${projectId}, ${kind}, ${`My ${kind}`}, ${testSql().json({ api_url: 'https://ghost.example' })},
      ${testSql().json({})}, 'blog', ${enabled})`;
  return id;
}

const marksOf = async (postId: string, destinationId: string) =>
  testSql()<{ creating_since: Date | null; remote_id: string | null }[]>`
    select creating_since, remote_id from post_destinations where post_id = ${postId} and destination_id = ${destinationId}`;

describe('what a delivery attempt reads', () => {
  it('reads the destination, blog, post and placement in one go, and marks a create before it may be sent', async () => {
    const { owner, projectId } = await newProject(app, 'Read once');
    const api = client(app, owner.token);
    const ghost = await addDestination(projectId, 'ghost');
    const post = await api.publish(await api.draft(projectId, { title: 'Read me once', tags: ['news'] }));
    const read = () =>
      readDeliveryInputs(testSql(), { postId: post.id, destinationId: ghost, projectId, markKinds: COPY_KINDS });

    const first = await read();
    expect(first.destination).toMatchObject({ id: ghost, kind: 'ghost', name: 'My ghost', enabled: true });
    expect(first.destination?.settings).toEqual({ api_url: 'https://ghost.example' });
    expect(first.site).toMatchObject({ id: projectId });
    expect(first.post).toMatchObject({ id: post.id, slug: post.slug, status: 'published', tags: ['news'] });
    expect(first.post?.published_at).toBe(post.published_at);
    expect(first.post?.updated_at).toBe(post.updated_at);
    expect(first.optedOut).toBe(false);
    // The placement as it was before this read: never sent there; the read left the mark for its create.
    expect(first.placement).toBeUndefined();
    expect(first.markedCreating).toBe(true);
    expect((await marksOf(post.id, ghost))[0]?.creating_since).toBeInstanceOf(Date);

    // The next attempt (the first died after sending its create) sees the earlier mark, and marks again.
    const second = await read();
    expect(second.placement?.creating_since).toBeInstanceOf(Date);
    expect(second.placement?.remote_id).toBeNull();
    expect(second.markedCreating).toBe(true);

    // Once the remote id is stored, an attempt updates: no mark.
    await testSql()`update post_destinations set remote_id = 'remote-1', creating_since = null, live = true
      where post_id = ${post.id} and destination_id = ${ghost}`;
    const third = await read();
    expect(third.placement).toMatchObject({ remote_id: 'remote-1', live: true, creating_since: null });
    expect(third.markedCreating).toBe(false);
    expect(await marksOf(post.id, ghost)).toEqual([{ creating_since: null, remote_id: 'remote-1' }]);
  });

  it('leaves no mark where no create can follow: a webhook, a draft, a post kept off, a switched-off destination', async () => {
    const { owner, projectId } = await newProject(app, 'No create');
    const api = client(app, owner.token);
    const [webhook, ghost, off] = [
      await addDestination(projectId, 'webhook'),
      await addDestination(projectId, 'ghost'),
      await addDestination(projectId, 'shopify', false),
    ];
    const live = await api.publish(await api.draft(projectId, { title: 'Live one' }));
    const draft = await api.draft(projectId, { title: 'Still a draft' });
    const kept = await api.publish(await api.draft(projectId, { title: 'Kept off Ghost' }));
    await testSql()`insert into post_destination_opt_outs (post_id, destination_id) values (${kept.id}, ${ghost})`;
    const read = (postId: string, destinationId: string) =>
      readDeliveryInputs(testSql(), { postId, destinationId, projectId, markKinds: COPY_KINDS });

    const cases = [
      { post: live.id, destination: webhook },
      { post: draft.id, destination: ghost },
      { post: kept.id, destination: ghost },
      { post: live.id, destination: off },
    ];
    for (const { post, destination } of cases) {
      const inputs = await read(post, destination);
      expect(inputs.markedCreating, `${post} → ${destination}`).toBe(false);
      expect(await marksOf(post, destination)).toEqual([]);
    }
    expect((await read(kept.id, ghost)).optedOut).toBe(true);
    expect((await read(draft.id, ghost)).post?.status).toBe('draft');
  });

  it('reads a removed destination, a deleted post and a deleted project as missing', async () => {
    const { owner, projectId } = await newProject(app, 'Gone');
    const api = client(app, owner.token);
    const ghost = await addDestination(projectId, 'ghost');
    const post = await api.draft(projectId, { title: 'Soon gone' });
    await api.remove(post);
    const inputs = await readDeliveryInputs(testSql(), {
      postId: post.id,
      destinationId: randomUUID(),
      projectId: randomUUID(),
      markKinds: COPY_KINDS,
    });
    expect(inputs).toEqual({
      destination: undefined,
      site: undefined,
      post: undefined,
      placement: undefined,
      optedOut: false,
      markedCreating: false,
    });
    expect(
      (await readDeliveryInputs(testSql(), { postId: post.id, destinationId: ghost, projectId, markKinds: COPY_KINDS }))
        .post,
    ).toBeUndefined();
  });
});
