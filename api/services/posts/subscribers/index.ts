import type { PostEventSubscriber } from '../events.ts';
import { blogCache } from './blog-cache.ts';
import { destinations } from './destinations.ts';

/**
 * Everything that follows a change of a post, in the order each event reaches them. Nothing else listens for post
 * changes: a new follower (a destination, webhooks, IndexNow) is a file beside this one and a line here.
 */
export const POST_SUBSCRIBERS: readonly PostEventSubscriber[] = [blogCache, destinations];

/** Whether any subscriber wants the event; one nobody wants is written consumed (PostEventSubscriber.wants). */
export const anyoneWants = (event: Parameters<PostEventSubscriber['wants']>[0]): boolean =>
  POST_SUBSCRIBERS.some((subscriber) => subscriber.wants(event));
