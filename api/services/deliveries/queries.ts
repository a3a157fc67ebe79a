import type { Delivery, DeliveryState, PostDestination } from '../../../src/lib/destinations/schema.ts';
import type { Post } from '../../../src/lib/posts/types.ts';
import { type SiteRow, siteColumns } from '../../blog/queries.ts';
import type { Db } from '../../db/sql.ts';
import type { DestinationRow } from '../destinations/queries.ts';
import type { Stored } from '../../lib/stored.ts';

/** The changes of a post a destination hears about (only those of a post that is or was live). */
export type DeliveryEventKind = 'published' | 'updated' | 'unpublished' | 'deleted' | 'opted_out' | 'opted_in';

/**
 * One delivery row per enabled destination of the project for an outbox event (idempotent per event and destination):
 * a destination the post is kept off gets none, unless the post is live there and must come down.
 */
export async function insertEventDeliveries(
  tx: Db,
  input: { queue: string; eventId: string; projectId: string; postId: string; slug: string; kind: DeliveryEventKind },
): Promise<number> {
  const rows = await tx`
    insert into deliveries (job_queue, project_id, post_id, post_slug, destination_id, target, event_id, event_kind)
    select ${input.queue}, d.project_id, ${input.postId}, ${input.slug}, d.id, d.id::text, ${input.eventId}, ${input.kind}
    from destinations d
    where d.project_id = ${input.projectId} and d.enabled
      and (not exists (select 1 from post_destination_opt_outs o where o.post_id = ${input.postId} and o.destination_id = d.id)
        or exists (select 1 from post_destinations pd where pd.post_id = ${input.postId} and pd.destination_id = d.id and pd.live))
    order by d.created_at, d.id
    on conflict (event_id, target) where event_id is not null do nothing
    returning id`;
  return rows.length;
}

/** The IndexNow submission of an event: which addresses changed (the post's, and its old one when it moved). */
export async function insertIndexNowDelivery(
  tx: Db,
  input: {
    queue: string;
    eventId: string;
    projectId: string;
    postId: string;
    slug: string;
    kind: DeliveryEventKind;
    paths: string[];
  },
): Promise<void> {
  await tx`
    insert into deliveries (job_queue, project_id, post_id, post_slug, target, event_id, event_kind, payload)
    values (${input.queue}, ${input.projectId}, ${input.postId}, ${input.slug}, 'indexnow', ${input.eventId}, ${input.kind},
      ${tx.json({ paths: input.paths })})
    on conflict (event_id, target) where event_id is not null do nothing`;
}

/** A delivery asked for directly (the editor's switch on a live post), in the caller's transaction. */
export async function insertDirectDelivery(
  tx: Db,
  input: {
    queue: string;
    projectId: string;
    postId: string;
    slug: string;
    destinationId: string;
    kind: DeliveryEventKind;
  },
): Promise<void> {
  await tx`
    insert into deliveries (job_queue, project_id, post_id, post_slug, destination_id, target, event_kind)
    values (${input.queue}, ${input.projectId}, ${input.postId}, ${input.slug}, ${input.destinationId},
      ${input.destinationId}, ${input.kind})`;
}

/** A delivery row as the job works it. */
export interface ClaimedDelivery {
  id: string;
  project_id: string;
  post_id: string;
  post_slug: string;
  destination_id: string | null;
  target: string;
  event_kind: DeliveryEventKind;
  action: 'publish' | 'update' | 'unpublish' | 'submit' | 'none' | null;
  attempts: number;
  payload: Record<string, unknown> | null;
  lease_token: string;
  created_at: Date;
}

/**
 * Claims up to `limit` due deliveries of the queue for `leaseMs`: pending ones whose time has come, and ones whose
 * worker stopped renewing its lease (it died). Per post and target only the oldest unfinished one, so a post's
 * changes reach each destination in order; rows another worker is claiming are skipped.
 */
export async function claimDue(db: Db, queue: string, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  return db<ClaimedDelivery[]>`
    update deliveries d set state = 'delivering', attempts = d.attempts + 1, lease_token = gen_random_uuid(),
      lease_until = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
    where d.id in (
      select c.id from deliveries c
      where c.job_queue = ${queue} and c.next_attempt_at <= now()
        and (c.state = 'pending' or (c.state = 'delivering' and c.lease_until < now()))
        and not exists (
          select 1 from deliveries e
          where e.post_id = c.post_id and e.target = c.target and e.seq < c.seq and e.state in ('pending', 'delivering'))
      order by c.next_attempt_at, c.seq
      limit ${limit}
      for update skip locked)
    returning d.id, d.project_id, d.post_id, d.post_slug, d.destination_id, d.target, d.event_kind, d.action, d.attempts, d.payload,
      d.lease_token, d.created_at`;
}

/** Keeps the claims of deliveries still being worked (their worker is alive). */
export async function renewLeases(db: Db, tokens: string[], leaseMs: number): Promise<void> {
  if (!tokens.length) return;
  await db`
    update deliveries set lease_until = now() + ${leaseMs} * interval '1 millisecond'
    where lease_token in ${db(tokens)} and state = 'delivering'`;
}

/** Records what a webhook delivery will send, before its first send (every retry sends the same). */
export async function recordPlan(
  db: Db,
  claim: Pick<ClaimedDelivery, 'id' | 'lease_token'>,
  plan: { action: NonNullable<ClaimedDelivery['action']>; payload: Record<string, unknown> | null },
): Promise<void> {
  await db`
    update deliveries set action = ${plan.action}, payload = ${plan.payload === null ? null : db.json(plan.payload as never)}
    where id = ${claim.id} and lease_token = ${claim.lease_token}`;
}

export interface Outcome {
  state: Exclude<DeliveryState, 'delivering'>;
  action: NonNullable<ClaimedDelivery['action']>;
  lastError?: string | null;
  result?: string | null;
  remoteId?: string | null;
  remoteUrl?: string | null;
  /** For a delivery to try again. */
  nextAttemptInMs?: number;
}

/** What a successful attempt changes in the post's placement on the destination, recorded with its outcome. */
export type PlacementChange =
  | { key: PlacementKey; stored: { remoteId: string; url: string | null; modifiedAt: string | null } }
  | { key: PlacementKey; takenDown: true };

export interface PlacementKey {
  postId: string;
  destinationId: string;
  projectId: string;
}

/**
 * Where the post now is on the destination, after a publish or an update (stored: its check time is cleared, so the
 * post page's next look asks the remote again whatever the rate limit said before this push), or after it was taken
 * down. A statement to run inside another (finishDelivery's).
 */
function placementWrite(db: Db, change: PlacementChange) {
  const { key } = change;
  if ('takenDown' in change)
    return db`
      update post_destinations set live = false, updated_at = now()
      where post_id = ${key.postId} and destination_id = ${key.destinationId}`;
  const remote = change.stored;
  return db`
    insert into post_destinations (post_id, destination_id, project_id, remote_id, remote_url, live, pushed_modified_at,
      remote_modified_at, checked_at)
    values (${key.postId}, ${key.destinationId}, ${key.projectId}, ${remote.remoteId}, ${remote.url}, true,
      ${remote.modifiedAt}, ${remote.modifiedAt}, null)
    on conflict (post_id, destination_id) do update set remote_id = excluded.remote_id,
      remote_url = coalesce(excluded.remote_url, post_destinations.remote_url), live = excluded.live,
      pushed_modified_at = excluded.pushed_modified_at, remote_modified_at = excluded.remote_modified_at,
      creating_since = null, checked_at = null, updated_at = now()`;
}

/**
 * Records an attempt's outcome, if this worker still holds the claim; false when another took it over. With the
 * placement the attempt made (the remote's id, or the post taken down), in the same statement: the placement is
 * written whoever holds the claim now (the remote has the post, or no longer has it, either way), and an attempt
 * that dies before this statement leaves both as they were, its create mark standing (markCreating).
 */
export async function finishDelivery(
  db: Db,
  claim: Pick<ClaimedDelivery, 'id' | 'lease_token'>,
  outcome: Outcome,
  placement?: PlacementChange,
): Promise<boolean> {
  const finish = db`
    update deliveries set state = ${outcome.state}, action = ${outcome.action},
      last_error = ${outcome.lastError ?? null}, result = ${outcome.result ?? null},
      remote_id = coalesce(${outcome.remoteId ?? null}, remote_id), remote_url = coalesce(${outcome.remoteUrl ?? null}, remote_url),
      next_attempt_at = now() + ${outcome.nextAttemptInMs ?? 0} * interval '1 millisecond',
      lease_until = null, lease_token = null, updated_at = now(),
      delivered_at = case when ${outcome.state} = 'delivered' then now() else delivered_at end
    where id = ${claim.id} and lease_token = ${claim.lease_token}
    returning id`;
  const rows = placement ? await db`with placed as (${placementWrite(db, placement)}) ${finish}` : await finish;
  return rows.length > 0;
}

/** When the next delivery of the queue comes due (a retry's time, or a dead worker's lease end); null when none. */
export async function nextDueAt(db: Db, queue: string): Promise<Date | null> {
  const [row]: [{ at: Date | null }?] = await db`
    select min(case when state = 'pending' then next_attempt_at else lease_until end) as at
    from deliveries where job_queue = ${queue} and state in ('pending', 'delivering')`;
  return row?.at ?? null;
}

/** Whether the queue has deliveries still to make, now or later (the start-up sweep: a drain wakes the next). */
export async function anyOpen(db: Db, queue: string): Promise<boolean> {
  const [row] =
    await db`select 1 from deliveries where job_queue = ${queue} and state in ('pending', 'delivering') limit 1`;
  return Boolean(row);
}

/** Where a post is on a destination (post_destinations). */
export interface Placement {
  remote_id: string | null;
  remote_url: string | null;
  live: boolean;
  pushed_modified_at: Date | null;
  remote_modified_at: Date | null;
  creating_since: Date | null;
  checked_at: Date | null;
}

/** A post as a delivery sends it (api/services/deliveries/outgoing.ts). */
export type DeliveredPost = Pick<
  Post,
  | 'id'
  | 'project_id'
  | 'title'
  | 'slug'
  | 'status'
  | 'html'
  | 'markdown'
  | 'excerpt'
  | 'meta_title'
  | 'meta_description'
  | 'tags'
  | 'target_keyword'
  | 'keywords'
  | 'lang'
  | 'published_at'
  | 'updated_at'
  | 'cover_image_url'
  | 'cover_image_alt'
>;

/** The destination as a delivery uses it. */
export type DeliveryDestination = Omit<DestinationRow, 'created_at' | 'updated_at'>;

/** Everything one attempt of a delivery to a destination works from, as it is when the attempt starts. */
export interface DeliveryInputs {
  /** Undefined when the destination was removed. */
  destination: DeliveryDestination | undefined;
  /** Undefined when the project was deleted. */
  site: SiteRow | undefined;
  /** Undefined when the post was deleted. */
  post: DeliveredPost | undefined;
  /** The post's placement on the destination before this attempt, or undefined when it was never sent there. */
  placement: Placement | undefined;
  /** The writer keeps the post off the destination. */
  optedOut: boolean;
  /** This read left the create mark (markCreating) for this attempt: the post may be created on the destination. */
  markedCreating: boolean;
}

/**
 * Reads what one attempt of a delivery works from (the destination, the blog, the post, its placement there and its
 * opt-out) in one statement, and leaves the create mark when this attempt may create the post on a destination that
 * keeps a copy (`markKinds`): the post is live, not kept off it, and the destination has no remote id for it, which
 * is exactly when the delivery job creates (perform.ts's `decide`). The placement returned is as it was before that
 * mark (an earlier attempt's mark is what makes this one look the post up before creating).
 */
export async function readDeliveryInputs(
  db: Db,
  input: { postId: string; destinationId: string; projectId: string; markKinds: string[] },
): Promise<DeliveryInputs> {
  const { postId, destinationId, projectId } = input;
  const kinds = input.markKinds.length ? input.markKinds : [''];
  const [row] = await db`
    with marked as (
      insert into post_destinations (post_id, destination_id, project_id, creating_since)
      select b.id, d.id, d.project_id, now()
      from blog_posts b join destinations d on d.id = ${destinationId} and d.enabled and d.kind in ${db(kinds)}
      where b.id = ${postId} and b.status = 'published'
        and not exists (select 1 from post_destination_opt_outs o where o.post_id = b.id and o.destination_id = d.id)
      on conflict (post_id, destination_id) do update set creating_since = now(), updated_at = now()
        where post_destinations.remote_id is null
      returning 1)
    select
      (select to_jsonb(d) from (
        select id, project_id, kind, name, settings, secrets, canonical, enabled from destinations where id = ${destinationId}) d
      ) as destination,
      (select to_jsonb(s) from (select ${siteColumns(db)} from projects where id = ${projectId}) s) as site,
      exists (select 1 from post_destination_opt_outs o where o.post_id = ${postId} and o.destination_id = ${destinationId})
        as opted_out,
      exists (select 1 from marked) as marked_creating,
      b.id, b.project_id, b.title, b.slug, b.status, b.html, b.markdown, b.excerpt, b.meta_title, b.meta_description,
      b.tags, b.target_keyword, b.keywords, b.lang, b.published_at, b.updated_at, b.cover_image_url, b.cover_image_alt,
      pd.post_id is not null as placed, pd.remote_id, pd.remote_url, pd.live, pd.pushed_modified_at, pd.remote_modified_at,
      pd.creating_since, pd.checked_at
    from (select 1) one
    left join blog_posts b on b.id = ${postId}
    left join post_destinations pd on pd.post_id = ${postId} and pd.destination_id = ${destinationId}`;
  const {
    destination,
    site,
    opted_out,
    marked_creating,
    placed,
    remote_id,
    remote_url,
    live,
    pushed_modified_at,
    remote_modified_at,
    creating_since,
    checked_at,
    ...post
  } = row as Record<string, unknown>;
  return {
    destination: (destination ?? undefined) as DeliveryDestination | undefined,
    site: (site ?? undefined) as SiteRow | undefined,
    post: post.id
      ? ({
          ...post,
          published_at: (post.published_at as Date | null)?.toISOString() ?? null,
          updated_at: (post.updated_at as Date).toISOString(),
        } as DeliveredPost)
      : undefined,
    placement: placed
      ? ({
          remote_id,
          remote_url,
          live,
          pushed_modified_at,
          remote_modified_at,
          creating_since,
          checked_at,
        } as Placement)
      : undefined,
    optedOut: Boolean(opted_out),
    markedCreating: Boolean(marked_creating),
  };
}

/**
 * Marks a create as sent (before sending it): a later attempt that finds the mark looks the post up first. The
 * attempt's read leaves it (readDeliveryInputs); this is for an attempt that creates without it.
 */
export async function markCreating(db: Db, key: PlacementKey): Promise<void> {
  await db`
    insert into post_destinations (post_id, destination_id, project_id, creating_since)
    values (${key.postId}, ${key.destinationId}, ${key.projectId}, now())
    on conflict (post_id, destination_id) do update set creating_since = now(), updated_at = now()`;
}

/** Records the remote's modified time just read (the post page's check). */
export async function recordRemoteCheck(
  db: Db,
  postId: string,
  destinationId: string,
  modifiedAt: string | null,
): Promise<void> {
  await db`
    update post_destinations set checked_at = now(), remote_modified_at = coalesce(${modifiedAt}, remote_modified_at),
      live = case when ${modifiedAt === null} then false else live end
    where post_id = ${postId} and destination_id = ${destinationId}`;
}

type DeliveryRow = Stored<Delivery, 'next_attempt_at' | 'created_at' | 'updated_at' | 'delivered_at'>;

/** A post's delivery log, newest first (at most `limit` rows). */
export async function selectPostDeliveries(db: Db, postId: string, limit: number): Promise<DeliveryRow[]> {
  return db<DeliveryRow[]>`
    select l.id, l.destination_id, coalesce(d.name, 'IndexNow') as target_name,
      coalesce(d.kind, 'indexnow') as target_kind, l.event_kind, l.action, l.state, l.attempts,
      case when l.state = 'pending' then l.next_attempt_at end as next_attempt_at, l.last_error, l.result,
      l.remote_url, l.created_at, l.updated_at, l.delivered_at
    from deliveries l left join destinations d on d.id = l.destination_id
    where l.post_id = ${postId}
    order by l.seq desc
    limit ${limit}`;
}

type PlacementRow = Stored<PostDestination, 'remote_modified_at' | 'checked_at'> & {
  pushed_modified_at: Date | null;
  remote_id: string | null;
};

/** Every destination of the project with the post's placement there, its opt-out and its latest delivery. */
export async function selectPostPlacements(db: Db, projectId: string, postId: string): Promise<PlacementRow[]> {
  return db<PlacementRow[]>`
    select d.id as destination_id, d.name, d.kind, d.kind as kind_label, d.enabled, d.canonical,
      exists (select 1 from post_destination_opt_outs o where o.post_id = ${postId} and o.destination_id = d.id) as opted_out,
      coalesce(p.live, false) as live, p.remote_url, latest.state, latest.last_error,
      false as changed_on_remote, p.remote_modified_at, p.pushed_modified_at, p.checked_at, p.remote_id
    from destinations d
    left join post_destinations p on p.destination_id = d.id and p.post_id = ${postId}
    left join lateral (
      select l.state, l.last_error from deliveries l
      where l.post_id = ${postId} and l.destination_id = d.id order by l.seq desc limit 1) latest on true
    where d.project_id = ${projectId}
    order by d.created_at, d.id`;
}

/**
 * Where the post is live and its delivery log, read from one snapshot: a delivery's outcome and the placement it made
 * are written in one statement, and two plain reads could fall on either side of it (the log saying delivered beside
 * a destination where the post is not live yet). Inside a caller's transaction, that transaction's reads.
 */
export async function selectPostPublishing(
  db: Db,
  projectId: string,
  postId: string,
  limit: number,
): Promise<{ placements: PlacementRow[]; log: DeliveryRow[] }> {
  const read = async (tx: Db) => ({
    placements: await selectPostPlacements(tx, projectId, postId),
    log: await selectPostDeliveries(tx, postId, limit),
  });
  return 'begin' in db ? db.begin('isolation level repeatable read read only', read) : read(db);
}

/** A delivery of the post that may be tried again (failed, or waiting for its next attempt), or undefined. */
export async function requeueDelivery(db: Db, postId: string, deliveryId: string): Promise<boolean> {
  const rows = await db`
    update deliveries set state = 'pending', attempts = 0, next_attempt_at = now(), updated_at = now()
    where id = ${deliveryId} and post_id = ${postId} and state in ('failed', 'pending')
    returning id`;
  return rows.length > 0;
}

/** Whether the delivery belongs to the post. */
export async function deliveryOfPost(
  db: Db,
  postId: string,
  deliveryId: string,
): Promise<{ state: DeliveryState } | undefined> {
  const [row]: [{ state: DeliveryState }?] = await db`
    select state from deliveries where id = ${deliveryId} and post_id = ${postId}`;
  return row;
}

/** Keeps the post off the destination (or lets it go there again); true when that changed something. */
export async function setOptOut(db: Db, postId: string, destinationId: string, optedOut: boolean): Promise<boolean> {
  const rows = optedOut
    ? await db`
        insert into post_destination_opt_outs (post_id, destination_id) values (${postId}, ${destinationId})
        on conflict do nothing returning post_id`
    : await db`
        delete from post_destination_opt_outs where post_id = ${postId} and destination_id = ${destinationId}
        returning post_id`;
  return rows.length > 0;
}

/** The live post's address on the project's canonical destination, or null (the hosted blog is canonical). */
export async function canonicalRemoteUrl(db: Db, postId: string): Promise<string | null> {
  const [row]: [{ remote_url: string }?] = await db`
    select p.remote_url from post_destinations p join destinations d on d.id = p.destination_id
    where p.post_id = ${postId} and d.canonical = 'destination' and d.enabled and p.live and p.remote_url is not null`;
  return row?.remote_url ?? null;
}
