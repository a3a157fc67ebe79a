import type { Db } from '../../../db/sql.ts';
import type { NewPostEvent, PostEvent } from '../events.ts';

/** Appends one event to the outbox, inside the transition's transaction. */
export async function appendPostEvent(tx: Db, event: NewPostEvent): Promise<void> {
  await tx`
    insert into post_events (
      job_queue, post_id, project_id, kind, version, status, previous_status, slug, previous_slug, actor
    ) values (
      ${event.job_queue}, ${event.post_id}, ${event.project_id}, ${event.kind}, ${event.version}, ${event.status},
      ${event.previous_status}, ${event.slug}, ${event.previous_slug}, ${tx.json(event.actor as never)}
    )`;
}

/** Posts with events waiting in the queue's outbox, the longest waiting first, leaving out `except`. */
export async function pendingPostIds(sql: Db, queue: string, except: string[], limit: number): Promise<string[]> {
  const rows = await sql<{ post_id: string }[]>`
    select post_id from post_events
    where job_queue = ${queue} and consumed_at is null and post_id <> all(${except}::uuid[])
    group by post_id
    order by min(id)
    limit ${limit}`;
  return rows.map((row) => row.post_id);
}

/** The post's oldest event not consumed yet: the only one a subscriber may be given next. */
export async function headEvent(sql: Db, queue: string, postId: string): Promise<PostEvent | undefined> {
  const [row]: [PostEvent?] = await sql`
    select e.id::text as id, e.post_id, e.project_id, e.kind, e.version, e.status, e.previous_status, e.slug,
           e.previous_slug, e.actor, e.created_at
    from post_events e
    where e.job_queue = ${queue} and e.post_id = ${postId} and e.consumed_at is null
    order by e.id
    limit 1`;
  return row;
}

/**
 * Locks the event until the transaction ends and says what the subscriber is to do with it: `apply` it, or nothing
 * because it is `done` (delivered to it, or consumed), or `wait` because an earlier event of the post is not consumed
 * yet (the caller read a stale head). Two consumers at one event queue up on the lock; the second finds it done.
 */
export async function claimDelivery(
  tx: Db,
  event: { id: string; post_id: string },
  queue: string,
  subscriber: string,
): Promise<'apply' | 'done' | 'wait'> {
  const [locked]: [{ consumed: boolean }?] = await tx`
    select consumed_at is not null as consumed from post_events where id = ${event.id} for update`;
  if (!locked || locked.consumed) return 'done';
  // A statement of its own, so its snapshot is taken after the lock: it sees what the holder before us committed.
  const [state]: [{ delivered: boolean; behind: boolean }?] = await tx`
    select
      exists (
        select 1 from post_event_deliveries where event_id = ${event.id} and subscriber = ${subscriber}
      ) as delivered,
      exists (
        select 1 from post_events
        where job_queue = ${queue} and post_id = ${event.post_id} and id < ${event.id} and consumed_at is null
      ) as behind`;
  if (state?.behind) return 'wait';
  return state?.delivered ? 'done' : 'apply';
}

/** Records that the subscriber applied the event, in the transaction of its effects. */
export async function recordDelivery(tx: Db, eventId: string, subscriber: string): Promise<void> {
  await tx`insert into post_event_deliveries (event_id, subscriber) values (${eventId}, ${subscriber})`;
}

/** Every subscriber has applied the event: it is consumed, and its delivery records have done their job. */
export async function markConsumed(sql: Db, eventId: string): Promise<void> {
  await sql`
    with done as (
      update post_events set consumed_at = now() where id = ${eventId} and consumed_at is null returning id
    )
    delete from post_event_deliveries where event_id in (select id from done)`;
}

/** A subscriber failed on the event: counted and kept with its reason for whoever looks into it. Failures so far. */
export async function recordFailure(sql: Db, eventId: string, reason: string): Promise<number> {
  const [row]: [{ attempts: number }?] = await sql`
    update post_events set attempts = attempts + 1, last_error = ${reason} where id = ${eventId} returning attempts`;
  return row?.attempts ?? 1;
}
