import type { Config } from '../../config.ts';
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

/**
 * Posts whose events are applied side by side, and how many pending posts one look at the outbox picks up. A post's
 * event costs about a dozen sequential statements, so a lane waits on round trips, not on the CPU: 4 lanes fell
 * behind 50 publishes a second on the shared 2-core machine (bench:publish, outbox lag p99 8.5 s), 8 kept up (0.4 s).
 */
const POSTS_AT_ONCE = 8;
const POSTS_PER_LOOK = 50;

export interface ConsumerEnv {
  sql: Sql;
  /** The deployment's outbox (outboxQueue(config)). */
  queue: string;
  subscribers: readonly PostEventSubscriber[];
  log: (line: string) => void;
  /** The deployment's settings, handed to each subscriber. */
  config?: Config;
  /**
   * Told after each look at the outbox that consumed events (their subscribers' rows are committed), so work they
   * left (deliveries) starts while a long drain goes on, not when it ends.
   */
  consumed?: () => Promise<void>;
}

/**
 * Drains the outbox: until no event is pending, the posts with pending events, several at a time, each post's events
 * one by one in the order they were written. An event goes to each subscriber in its own transaction, which also
 * records the delivery, and is consumed once every subscriber has it; a consumer killed at any point repeats no
 * delivery and loses none. A subscriber that throws stops its post until the next drain (its later events wait).
 */
export async function drainPostEvents(env: ConsumerEnv): Promise<DrainResult> {
  const stuck: string[] = [];
  let consumed = 0;
  let failures = 0;
  for (;;) {
    const posts = await pendingPostIds(env.sql, env.queue, stuck, POSTS_PER_LOOK);
    if (!posts.length) return { consumed, stuck: stuck.length, failures };
    const before = consumed;
    await eachAtMost(posts, POSTS_AT_ONCE, async (postId) => {
      const result = await drainPost(env, postId);
      consumed += result.consumed;
      if (result.failures) stuck.push(postId);
      failures = Math.max(failures, result.failures);
    });
    if (consumed > before) await env.consumed?.();
  }
}

export interface DrainResult {
  consumed: number;
  /** Posts left behind a subscriber that failed; their events are still pending. */
  stuck: number;
  /** The most failures one of their events has had so far (for the pause before the next try). */
  failures: number;
}

/** One post's pending events, oldest first, each to every subscriber, until none is left or a subscriber fails. */
async function drainPost(env: ConsumerEnv, postId: string): Promise<{ consumed: number; failures: number }> {
  let consumed = 0;
  for (;;) {
    const event = await headEvent(env.sql, env.queue, postId);
    if (!event) return { consumed, failures: 0 };
    if (!env.subscribers.some((subscriber) => subscriber.wants(event))) {
      // Nobody applies it, so its order does not matter to anyone: consumed in passing, no delivery rows.
      await markConsumed(env.sql, event.id);
      consumed++;
      continue;
    }
    let behind = false;
    for (const subscriber of env.subscribers) {
      try {
        await env.sql.begin(async (tx) => {
          const claim = await claimDelivery(tx, event, env.queue, subscriber.name);
          if (claim === 'wait') behind = true;
          if (claim !== 'apply') return; // delivered before a crash, or by another consumer
          await subscriber.apply({ tx, event, config: env.config });
          await recordDelivery(tx, event.id, subscriber.name);
        });
      } catch (error) {
        const reason = `${subscriber.name}: ${error instanceof Error ? error.message : String(error)}`;
        const failures = await recordFailure(env.sql, event.id, reason);
        env.log(`post event ${event.id} (${event.kind} of post ${postId}) not delivered: ${reason}`);
        return { consumed, failures };
      }
      if (behind) break;
    }
    // An earlier event of the post is still pending (this head was read before it committed): the post waits for the
    // next drain, which starts from its true head, rather than this one spinning on it.
    if (behind) return { consumed, failures: 1 };
    await markConsumed(env.sql, event.id);
    consumed++;
  }
}

/** Calls `work` for every item, at most `limit` at a time. */
async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const lane = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
