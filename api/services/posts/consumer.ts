import type { Sql } from '../../db/sql.ts';
import type { PostEventSubscriber } from './events.ts';
import {
  claimDelivery,
  headEvent,
  markConsumed,
  pendingPostIds,
  recordDelivery,
  recordFailure,
} from './queries/events.ts';

/** Posts whose events are applied side by side, and how many pending posts one look at the outbox picks up. */
const POSTS_AT_ONCE = 4;
const POSTS_PER_LOOK = 50;

export interface ConsumerEnv {
  sql: Sql;
  /** The deployment's outbox (outboxQueue(config)). */
  queue: string;
  subscribers: readonly PostEventSubscriber[];
  log: (line: string) => void;
}

/**
 * Drains the outbox: until no event is pending, the posts with pending events, several at a time, each post's events
 * one by one in the order they were written. An event goes to each subscriber in its own transaction, which also
 * records the delivery, and is consumed once every subscriber has it; a consumer killed at any point repeats no
 * delivery and loses none. A subscriber that throws stops its post until the next drain (its later events wait).
 */
export async function drainPostEvents(env: ConsumerEnv): Promise<{ consumed: number; stuck: number }> {
  const stuck: string[] = [];
  let consumed = 0;
  for (;;) {
    const posts = await pendingPostIds(env.sql, env.queue, stuck, POSTS_PER_LOOK);
    if (!posts.length) return { consumed, stuck: stuck.length };
    await eachAtMost(posts, POSTS_AT_ONCE, async (postId) => {
      const result = await drainPost(env, postId);
      consumed += result.consumed;
      if (result.stuck) stuck.push(postId);
    });
  }
}

/** One post's pending events, oldest first, each to every subscriber, until none is left or a subscriber fails. */
async function drainPost(env: ConsumerEnv, postId: string): Promise<{ consumed: number; stuck: boolean }> {
  let consumed = 0;
  for (;;) {
    const event = await headEvent(env.sql, env.queue, postId);
    if (!event) return { consumed, stuck: false };
    for (const subscriber of env.subscribers) {
      try {
        await env.sql.begin(async (tx) => {
          if (!(await claimDelivery(tx, event.id, subscriber.name))) return; // delivered before a crash, or by another
          await subscriber.apply({ tx, event });
          await recordDelivery(tx, event.id, subscriber.name);
        });
      } catch (error) {
        const reason = `${subscriber.name}: ${error instanceof Error ? error.message : String(error)}`;
        await recordFailure(env.sql, event.id, reason);
        env.log(`post event ${event.id} (${event.kind} of post ${postId}) not delivered: ${reason}`);
        return { consumed, stuck: true };
      }
    }
    await markConsumed(env.sql, event.id);
    consumed++;
  }
}

/** Calls `work` for every item, at most `limit` at a time. */
async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
