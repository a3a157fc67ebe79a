import { announceChange } from '../../../db/change-feed.ts';
import { isLive, type PostEventSubscriber } from '../events.ts';

/**
 * The hosted blog's page cache (api/blog/page-cache.ts): every process drops the project's pages when a post that is
 * or was live changes, at the commit of this delivery. Drafts and scheduled posts are not on the blog, so their edits
 * keep the cache.
 */
export const blogCache: PostEventSubscriber = {
  name: 'blog_cache',
  wants: (event) => isLive(event.status) || isLive(event.previous_status),
  async apply({ tx, event }) {
    if (blogCache.wants(event)) await announceChange(tx, { kind: 'blog', key: event.project_id });
  },
};
