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
    select id::text, post_id, project_id, kind, version, status, previous_status, slug, previous_slug, actor, created_at
    from post_events
    where job_queue = ${queue} and post_id = ${postId} and consumed_at is null
    order by id
    limit 1`;
  return row;
}

/**
 * Locks the event until the transaction ends and says whether the subscriber still has to apply it: two consumers
 * at the same event queue up here, and the second finds it delivered.
 */
export async function claimDelivery(tx: Db, eventId: string, subscriber: string): Promise<boolean> {
  const [row]: [{ open: boolean }?] = await tx`
    select e.consumed_at is null
      and not exists (select 1 from post_event_deliveries d where d.event_id = e.id and d.subscriber = ${subscriber})
      as open
    from post_events e where e.id = ${eventId}
    for update of e`;
  return row?.open ?? false;
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

/** A subscriber failed on the event: counted and kept with its reason for whoever looks into it. */
export async function recordFailure(sql: Db, eventId: string, reason: string): Promise<void> {
  await sql`update post_events set attempts = attempts + 1, last_error = ${reason} where id = ${eventId}`;
}
