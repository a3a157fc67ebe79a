import { selectSiteByProject } from '../../../blog/queries.ts';
import { siteOf } from '../../../blog/sites.ts';
import { submitsFor } from '../../deliveries/indexnow.ts';
import { type DeliveryEventKind, insertEventDeliveries, insertIndexNowDelivery } from '../../deliveries/queries.ts';
import { deliveriesQueue } from '../../deliveries/wake.ts';
import { isLive, type PostEvent, type PostEventSubscriber } from '../events.ts';

/** What a destination hears of an event: a post going live, a live post's edit, taken down or deleted; else nothing. */
export function deliveryKind(event: Pick<PostEvent, 'kind' | 'status' | 'previous_status'>): DeliveryEventKind | null {
  const was = isLive(event.previous_status);
  const is = isLive(event.status);
  if (event.kind === 'deleted') return was ? 'deleted' : null;
  if (is) return was ? 'updated' : 'published';
  return was ? 'unpublished' : null;
}

/**
 * Publishing (issue 28): each change of a post that is or was live becomes one delivery row per destination of its
 * project, and one IndexNow submission when the blog's host is submitted, in this event's transaction. The delivery
 * job (api/jobs/deliveries.ts) makes the remote calls, so a slow remote never holds up the outbox.
 */
export const destinations: PostEventSubscriber = {
  name: 'destinations',
  wants: (event) => deliveryKind(event) !== null,
  async apply({ tx, event, config }) {
    const kind = deliveryKind(event);
    if (!kind || !config) return;
    const queue = deliveriesQueue(config);
    const key = {
      queue,
      eventId: event.id,
      projectId: event.project_id,
      postId: event.post_id,
      slug: event.slug,
      kind,
    };
    await insertEventDeliveries(tx, key);
    const row = await selectSiteByProject(tx, event.project_id);
    if (!row || !submitsFor(config, siteOf(row, config).origin)) return;
    const moved = event.previous_slug && event.previous_slug !== event.slug ? [`/${event.previous_slug}`] : [];
    await insertIndexNowDelivery(tx, { ...key, paths: [`/${event.slug}`, ...moved] });
  },
};
