import type { Delivery, DeliveryState, PostDestination } from '../../../src/lib/destinations/schema.ts';
import type { Db } from '../../db/sql.ts';
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

/** Records an attempt's outcome, if this worker still holds the claim; false when another took it over. */
export async function finishDelivery(
  db: Db,
  claim: Pick<ClaimedDelivery, 'id' | 'lease_token'>,
  outcome: Outcome,
): Promise<boolean> {
  const rows = await db`
    update deliveries set state = ${outcome.state}, action = ${outcome.action},
      last_error = ${outcome.lastError ?? null}, result = ${outcome.result ?? null},
      remote_id = coalesce(${outcome.remoteId ?? null}, remote_id), remote_url = coalesce(${outcome.remoteUrl ?? null}, remote_url),
      next_attempt_at = now() + ${outcome.nextAttemptInMs ?? 0} * interval '1 millisecond',
      lease_until = null, lease_token = null, updated_at = now(),
      delivered_at = case when ${outcome.state} = 'delivered' then now() else delivered_at end
    where id = ${claim.id} and lease_token = ${claim.lease_token}
    returning id`;
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

/** The post's placement on the destination, or undefined when it was never sent there. */
export async function selectPlacement(db: Db, postId: string, destinationId: string): Promise<Placement | undefined> {
  const [row]: [Placement?] = await db`
    select remote_id, remote_url, live, pushed_modified_at, remote_modified_at, creating_since, checked_at
    from post_destinations where post_id = ${postId} and destination_id = ${destinationId}`;
  return row;
}

/** Marks a create as sent (before sending it): a later attempt that finds the mark looks the post up first. */
export async function markCreating(
  db: Db,
  key: { postId: string; destinationId: string; projectId: string },
): Promise<void> {
  await db`
    insert into post_destinations (post_id, destination_id, project_id, creating_since)
    values (${key.postId}, ${key.destinationId}, ${key.projectId}, now())
    on conflict (post_id, destination_id) do update set creating_since = now(), updated_at = now()`;
}

/**
 * Stores where the post now is on the destination after a publish or an update. Its check time is cleared: the post
 * page's next look asks the remote again whatever the rate limit said before this push.
 */
export async function storePlacement(
  db: Db,
  key: { postId: string; destinationId: string; projectId: string },
  remote: { remoteId: string; url: string | null; modifiedAt: string | null; live: boolean },
): Promise<void> {
  await db`
    insert into post_destinations (post_id, destination_id, project_id, remote_id, remote_url, live, pushed_modified_at,
      remote_modified_at, checked_at)
    values (${key.postId}, ${key.destinationId}, ${key.projectId}, ${remote.remoteId}, ${remote.url}, ${remote.live},
      ${remote.modifiedAt}, ${remote.modifiedAt}, null)
    on conflict (post_id, destination_id) do update set remote_id = excluded.remote_id,
      remote_url = coalesce(excluded.remote_url, post_destinations.remote_url), live = excluded.live,
      pushed_modified_at = excluded.pushed_modified_at, remote_modified_at = excluded.remote_modified_at,
      creating_since = null, checked_at = null, updated_at = now()`;
}

/** The post is no longer live on the destination (taken down, or gone from it). */
export async function markTakenDown(db: Db, postId: string, destinationId: string): Promise<void> {
  await db`
    update post_destinations set live = false, updated_at = now()
    where post_id = ${postId} and destination_id = ${destinationId}`;
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

/** Whether the writer keeps the post off the destination. */
export async function selectOptOut(db: Db, postId: string, destinationId: string): Promise<boolean> {
  const [row] = await db`
    select 1 from post_destination_opt_outs where post_id = ${postId} and destination_id = ${destinationId}`;
  return Boolean(row);
}
