import type { PostPublishing } from '../../../src/lib/destinations/schema.ts';
import type { Post } from '../../../src/lib/posts/types.ts';
import { selectSiteByProject } from '../../blog/queries.ts';
import { siteOf } from '../../blog/sites.ts';
import { adapterOf } from '../../destinations/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { authorize } from '../authorize.ts';
import { destinationIo } from '../destinations/io.ts';
import { selectDestination } from '../destinations/queries.ts';
import { openSecrets } from '../destinations/settings.ts';
import { selectPost } from '../posts/queries/read.ts';
import { secretBox } from '../secret-box.ts';
import { indexNowSetting, submitsFor } from './indexnow.ts';
import {
  deliveryOfPost,
  insertDirectDelivery,
  recordRemoteCheck,
  requeueDelivery,
  selectPostPlacements,
  selectPostPublishing,
  setOptOut,
} from './queries.ts';
import { deliveriesQueue, wakeDeliveries } from './wake.ts';

const POST_NOT_FOUND = 'Post not found.';
/** Entries of the delivery log a post page shows. */
const LOG_SIZE = 50;
/** How often the post page may ask a destination whether the post changed there. */
export const REMOTE_CHECK_INTERVAL_MS = 60_000;

async function loadPost(ctx: ServiceContext, id: string, action: 'read' | 'write'): Promise<Post> {
  const post = await selectPost(ctx.sql, id);
  if (!post) throw new NotFoundError(POST_NOT_FOUND);
  await authorize(ctx, post.project_id, action, POST_NOT_FOUND);
  return post;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Someone changed the post on the remote since our last push: its modified time moved (remotes count seconds). */
const movedOn = (remote: Date | null, pushed: Date | null) =>
  Boolean(remote && pushed && remote.getTime() - pushed.getTime() >= 1000);

async function publishingOf(ctx: ServiceContext, post: Post): Promise<PostPublishing> {
  const { placements, log } = await selectPostPublishing(ctx.sql, post.project_id, post.id, LOG_SIZE);
  const row = await selectSiteByProject(ctx.sql, post.project_id);
  const setting = indexNowSetting(ctx.config);
  const enabled = Boolean(row && submitsFor(ctx.config, siteOf(row, ctx.config).origin));
  return {
    destinations: placements.map(({ pushed_modified_at, remote_id: _remote, ...placement }) => ({
      ...placement,
      kind_label: adapterOf(placement.kind)?.label ?? placement.kind,
      changed_on_remote: placement.live && movedOn(placement.remote_modified_at, pushed_modified_at),
      remote_modified_at: iso(placement.remote_modified_at),
      checked_at: iso(placement.checked_at),
    })),
    deliveries: log.map((entry) => ({
      ...entry,
      next_attempt_at: iso(entry.next_attempt_at),
      created_at: entry.created_at.toISOString(),
      updated_at: entry.updated_at.toISOString(),
      delivered_at: iso(entry.delivered_at),
    })),
    indexnow: {
      enabled,
      reason: enabled || !setting.endpoint ? setting.reason : 'IndexNow is off for this blog: its host is not public.',
    },
  };
}

/** Where a post is published, its delivery log and IndexNow's state (any member of its project). */
export async function getPostPublishing({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { postId: string };
}): Promise<PostPublishing> {
  return publishingOf(ctx, await loadPost(ctx, input.postId, 'read'));
}

/**
 * Asks each destination where the post is live when it last changed it (at most once a minute per destination), so
 * the post page can say "changed on the remote since our last push"; a remote that does not answer keeps what was
 * known. Any member may ask: it reads, and changes nothing on the remote.
 */
export async function checkRemoteChanges({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { postId: string };
}): Promise<PostPublishing> {
  const post = await loadPost(ctx, input.postId, 'read');
  const placements = await selectPostPlacements(ctx.sql, post.project_id, post.id);
  const due = placements.filter(
    (placement) =>
      placement.live &&
      placement.enabled &&
      (!placement.checked_at || Date.now() - placement.checked_at.getTime() >= REMOTE_CHECK_INTERVAL_MS),
  );
  if (due.length) {
    const box = await secretBox(ctx);
    await Promise.all(
      due.map(async (placement) => {
        const row = await selectDestination(ctx.sql, post.project_id, placement.destination_id);
        const adapter = row && adapterOf(row.kind);
        const remoteId = placement.remote_id;
        if (!row || !adapter?.modifiedAt || !remoteId) return;
        const settings = adapter.settings.safeParse({ ...row.settings, ...openSecrets(box, row) });
        if (!settings.success) return;
        try {
          const modified = await adapter.modifiedAt({
            settings: settings.data,
            remote_id: remoteId,
            io: destinationIo(ctx.config),
          });
          await recordRemoteCheck(ctx.sql, post.id, row.id, modified);
        } catch {
          // The remote did not answer: what was known stands, and the next look asks again.
        }
      }),
    );
  }
  return publishingOf(ctx, post);
}

/** Tries a failed (or waiting) delivery again now, with its attempts counted afresh (owners and editors). */
export async function retryDelivery({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { postId: string; deliveryId: string };
}): Promise<PostPublishing> {
  const post = await loadPost(ctx, input.postId, 'write');
  const delivery = await deliveryOfPost(ctx.sql, post.id, input.deliveryId);
  if (!delivery) throw new NotFoundError('Delivery not found.');
  if (!(await requeueDelivery(ctx.sql, post.id, input.deliveryId)))
    throw new ConflictError(`This delivery is ${delivery.state}: there is nothing to retry.`);
  await wakeDeliveries(ctx.jobs);
  return publishingOf(ctx, post);
}

/**
 * Sends the post to one destination or keeps it off it (owners and editors). For a live post the change is made at
 * once: published there, or taken down from there.
 */
export async function setPostDestination({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { postId: string; destinationId: string; publish: boolean };
}): Promise<PostPublishing> {
  const post = await loadPost(ctx, input.postId, 'write');
  const destination = await selectDestination(ctx.sql, post.project_id, input.destinationId);
  if (!destination) throw new NotFoundError('Destination not found.');
  const queued = await ctx.sql.begin(async (tx) => {
    const changed = await setOptOut(tx, post.id, destination.id, !input.publish);
    if (!changed || post.status !== 'published' || !destination.enabled) return false;
    await insertDirectDelivery(tx, {
      queue: deliveriesQueue(ctx.config),
      projectId: post.project_id,
      postId: post.id,
      slug: post.slug,
      destinationId: destination.id,
      kind: input.publish ? 'opted_in' : 'opted_out',
    });
    return true;
  });
  if (queued) await wakeDeliveries(ctx.jobs);
  return publishingOf(ctx, post);
}
