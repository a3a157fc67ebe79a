import { type BlogSite, siteOf } from '../../blog/sites.ts';
import type { Config } from '../../config.ts';
import { announceChange } from '../../db/change-feed.ts';
import type { Sql } from '../../db/sql.ts';
import { adapterOf, DESTINATION_ADAPTERS } from '../../destinations/index.ts';
import {
  type DeliveryContext,
  type DestinationAdapter,
  DestinationError,
  type DestinationIo,
  type OutgoingPost,
  type RemotePost,
} from '../../destinations/types.ts';
import { openSecrets } from '../destinations/settings.ts';
import type { SecretBox } from '../secret-box.ts';
import { submitIndexNow } from './indexnow-submit.ts';
import { outgoingPost } from './outgoing.ts';
import {
  type ClaimedDelivery,
  type DeliveredPost,
  type DeliveryDestination,
  finishDelivery,
  markCreating,
  type Outcome,
  type Placement,
  type PlacementChange,
  readDeliveryInputs,
  recordPlan,
} from './queries.ts';

/** What the delivery job works with. */
export interface DeliveryEnv {
  sql: Sql;
  config: Config;
  io: DestinationIo;
  box: SecretBox;
  log: (line: string) => void;
}

type Action = NonNullable<ClaimedDelivery['action']>;

/** What one delivery does: the call, the change as the destination hears it, and the post it carries. */
interface Plan {
  action: Action;
  event: DeliveryContext['event'];
  post: OutgoingPost | null;
  ref: Pick<OutgoingPost, 'id' | 'slug'>;
  /** Why nothing is sent (action none). */
  reason?: string;
}

/** Longest pause between two attempts. */
const MAX_DELAY_MS = 6 * 3600_000;

/** The pause before attempt `attempts + 1`: doubling from DELIVERY_RETRY_DELAY_MS, never shorter than Retry-After. */
export function retryDelayMs(config: Config, attempts: number, afterMs?: number): number {
  const backoff = Math.min(MAX_DELAY_MS, config.DELIVERY_RETRY_DELAY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.min(MAX_DELAY_MS, Math.max(backoff, afterMs ?? 0));
}

/** The outcome of an attempt that threw: tried again later when that may help and attempts are left, else failed. */
export function failureOutcome(config: Config, claim: ClaimedDelivery, error: unknown, action: Action): Outcome {
  const message = error instanceof Error ? error.message : String(error);
  const retry = error instanceof DestinationError ? error.retry : true; // our own trouble (the database): try again
  if (retry && claim.attempts < config.DELIVERY_MAX_ATTEMPTS) {
    const afterMs = error instanceof DestinationError ? error.afterMs : undefined;
    return {
      state: 'pending',
      action,
      lastError: message,
      nextAttemptInMs: retryDelayMs(config, claim.attempts, afterMs),
    };
  }
  const tries = claim.attempts === 1 ? '' : ` (gave up after ${claim.attempts} attempts)`;
  return { state: 'failed', action, lastError: `${message}${tries}` };
}

/** The kinds of destination that keep a copy of the post (a CMS): a create there is marked before it is sent. */
const COPY_KINDS = Object.entries(DESTINATION_ADAPTERS)
  .filter(([, adapter]) => !adapter.messages)
  .map(([kind]) => kind);

/** What an attempt came to, and what it changed in the post's placement on the destination (recorded together). */
interface Attempt {
  outcome: Outcome;
  placement?: PlacementChange;
  /** The blog's pages name this destination's copy as canonical: they change with it. */
  announce?: boolean;
}

/**
 * Makes one claimed delivery and records its outcome (unless another worker took the claim over meanwhile). About
 * three statements a delivery besides its claim: the read of what it works from (which leaves the create mark when
 * it may create), a webhook's plan, and the outcome with the placement it made.
 */
export async function performDelivery(env: DeliveryEnv, claim: ClaimedDelivery): Promise<void> {
  let action: Action = claim.action ?? 'none';
  let attempt: Attempt;
  try {
    attempt =
      claim.target === 'indexnow'
        ? { outcome: await submitIndexNow(env, claim) }
        : await deliver(env, claim, (planned) => {
            action = planned;
          });
  } catch (error) {
    attempt = { outcome: failureOutcome(env.config, claim, error, claim.target === 'indexnow' ? 'submit' : action) };
  }
  const { outcome } = attempt;
  if (!(await finishDelivery(env.sql, claim, outcome, attempt.placement)))
    env.log(`delivery ${claim.id}: another worker took it over; this attempt's outcome is not recorded`);
  else if (outcome.state === 'failed')
    env.log(`delivery ${claim.id} (post ${claim.post_id} to ${claim.target}) failed: ${outcome.lastError ?? ''}`);
  if (attempt.placement && attempt.announce)
    await announceChange(env.sql, { kind: 'blog', key: claim.project_id }).catch((error) =>
      env.log(`delivery ${claim.id}: the blog's change was not announced: ${error.message}`),
    );
}

function settingsOf(env: DeliveryEnv, adapter: DestinationAdapter, row: DeliveryDestination): Record<string, unknown> {
  const parsed = adapter.settings.safeParse({ ...row.settings, ...openSecrets(env.box, row) });
  if (parsed.success) return parsed.data as Record<string, unknown>;
  throw new DestinationError(
    `The settings of ${row.name} are incomplete or can no longer be read (${parsed.error.issues[0]?.message ?? 'invalid'}): enter them again under Projects → Publishing.`,
    { retry: false },
  );
}

const skipped = (result: string | null): Attempt => ({ outcome: { state: 'skipped', action: 'none', result } });

async function deliver(env: DeliveryEnv, claim: ClaimedDelivery, planned: (action: Action) => void): Promise<Attempt> {
  if (!claim.destination_id) return skipped('The destination was removed.');
  const inputs = await readDeliveryInputs(env.sql, {
    postId: claim.post_id,
    destinationId: claim.destination_id,
    projectId: claim.project_id,
    markKinds: COPY_KINDS,
  });
  const row = inputs.destination;
  if (!row) return skipped('The destination was removed.');
  const adapter = adapterOf(row.kind);
  if (!adapter)
    throw new DestinationError(`Publishing to ${row.kind} is not available on this server.`, { retry: false });
  if (!row.enabled) return skipped(`${row.name} is switched off.`);
  const settings = settingsOf(env, adapter, row);
  if (!inputs.site) return skipped('The project was deleted.');
  const site = siteOf(inputs.site, env.config);
  const { placement } = inputs;
  const plan =
    adapter.messages && claim.action
      ? replayed(claim)
      : await decide(env, claim, { row, site, placement, post: inputs.post, optedOut: inputs.optedOut }, adapter);
  planned(plan.action);
  if (adapter.messages && !claim.action)
    await recordPlan(env.sql, claim, { action: plan.action, payload: snapshot(plan) });
  if (plan.action === 'none') return skipped(plan.reason ?? null);
  const key = { postId: claim.post_id, destinationId: row.id, projectId: claim.project_id };
  const context: DeliveryContext = { id: claim.id, event: plan.event, at: claim.created_at.toISOString() };
  const io = env.io;
  let remote: RemotePost | null = null;
  let change: PlacementChange | undefined;
  if (plan.action === 'unpublish') {
    await adapter.unpublish({
      settings,
      remote_id: placement?.remote_id ?? plan.ref.id,
      io,
      post: plan.ref,
      delivery: context,
    });
    change = { key, takenDown: true };
  } else if (plan.post) {
    const post = plan.post;
    let remoteId = plan.action === 'update' ? (placement?.remote_id ?? null) : null;
    if (!remoteId && !adapter.messages && placement?.creating_since && adapter.find) {
      // An earlier create may have reached the remote without its answer reaching us: look before creating again.
      remoteId = (await adapter.find({ settings, post, io }))?.remote_id ?? null;
    }
    if (remoteId) remote = await adapter.update({ settings, post, remote_id: remoteId, io, delivery: context });
    else {
      // A create is marked before it is sent, so an attempt that dies before hearing the answer is never repeated
      // blindly. The read above left the mark when the post was live, kept on and without a remote id here, which is
      // when a create comes; should the two ever disagree, the mark is left now.
      if (!adapter.messages && !inputs.markedCreating) await markCreating(env.sql, key);
      remote = await adapter.publish({ settings, post, io, delivery: context });
    }
    change = { key, stored: { remoteId: remote.remote_id, url: remote.url, modifiedAt: remote.modified_at } };
  }
  return {
    outcome: {
      state: 'delivered',
      action: plan.action,
      result: remote?.note ?? null,
      remoteId: remote?.remote_id ?? null,
      remoteUrl: remote?.url ?? null,
    },
    placement: change,
    announce: row.canonical === 'destination',
  };
}

/** The change a delivery of this kind tells a destination that hears each change as a message (a webhook). */
const EVENTS: Record<ClaimedDelivery['event_kind'], DeliveryContext['event']> = {
  published: 'published',
  updated: 'updated',
  unpublished: 'unpublished',
  deleted: 'deleted',
  opted_in: 'published',
  opted_out: 'unpublished',
};

/**
 * What this attempt does, from the post as it is now. A destination that keeps a copy (a CMS) is brought to the
 * post's state: a live post not kept off it is created there or updated (published again if it had been taken down);
 * otherwise a copy live there is taken down. A destination that hears each change as a message (a webhook) gets this
 * change, with the post as it is now; a post deleted since has nothing left to send but its deletion.
 */
async function decide(
  env: DeliveryEnv,
  claim: ClaimedDelivery,
  inputs: {
    row: DeliveryDestination;
    site: BlogSite;
    placement: Placement | undefined;
    post: DeliveredPost | undefined;
    optedOut: boolean;
  },
  adapter: DestinationAdapter,
): Promise<Plan> {
  const { row, site, placement, post, optedOut } = inputs;
  const messages = adapter.messages === true;
  const ref = { id: claim.post_id, slug: post?.slug ?? claim.post_slug };
  const outgoing = () => outgoingPost(env.sql, env.io, post as DeliveredPost, site, row.canonical === 'blog');
  if (messages) {
    const event = EVENTS[claim.event_kind];
    if (event === 'unpublished' || event === 'deleted') return { action: 'unpublish', event, post: null, ref };
    if (!post)
      return { action: 'none', event, post: null, ref, reason: 'The post was deleted before this change was sent.' };
    if (optedOut)
      return { action: 'none', event, post: null, ref, reason: `Kept off ${row.name} by this post's setting.` };
    return { action: event === 'published' ? 'publish' : 'update', event, post: await outgoing(), ref };
  }
  if (post?.status === 'published' && !optedOut) {
    const event = placement?.live ? 'updated' : 'published';
    return { action: placement?.remote_id ? 'update' : 'publish', event, post: await outgoing(), ref };
  }
  if (placement?.remote_id && placement.live)
    return { action: 'unpublish', event: post ? 'unpublished' : 'deleted', post: null, ref };
  const reason = optedOut
    ? `Kept off ${row.name} by this post's setting.`
    : post
      ? `The post is not live, and it is not on ${row.name}: nothing to take down.`
      : `The post was deleted, and it was not on ${row.name}: nothing to take down.`;
  return { action: 'none', event: 'updated', post: null, ref, reason };
}

/** What a webhook delivery sends, kept so every retry sends the same (the cover's bytes are not part of it). */
function snapshot(plan: Plan): Record<string, unknown> {
  const { cover, ...post } = plan.post ?? ({} as OutgoingPost);
  return {
    event: plan.event,
    ref: plan.ref,
    post: plan.post
      ? { ...post, cover: cover ? { url: cover.url, alt: cover.alt, content_type: cover.content_type } : null }
      : null,
  };
}

function replayed(claim: ClaimedDelivery): Plan {
  const saved = (claim.payload ?? {}) as {
    event?: DeliveryContext['event'];
    ref?: Plan['ref'];
    post?: (Omit<OutgoingPost, 'cover'> & { cover: Omit<NonNullable<OutgoingPost['cover']>, 'bytes'> | null }) | null;
  };
  const post: OutgoingPost | null = saved.post
    ? {
        ...saved.post,
        cover: saved.post.cover
          ? {
              ...saved.post.cover,
              bytes: () => Promise.reject(new Error('a replayed message carries no cover bytes')),
            }
          : null,
      }
    : null;
  return {
    action: claim.action ?? 'none',
    event: saved.event ?? 'updated',
    post,
    ref: saved.ref ?? { id: claim.post_id, slug: claim.post_slug },
  };
}
