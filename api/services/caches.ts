import { BlogPageCache } from '../blog/page-cache.ts';
import { BlogHosts } from '../blog/sites.ts';
import type { Change, ChangeFeed } from '../db/change-feed.ts';
import { ChangeCache } from '../lib/change-cache.ts';
import type { User } from '../lib/context.ts';
import type { ApiKeyOwner } from './api-keys/queries.ts';
import type { ProjectRow } from './projects/queries.ts';

/** The per-process read caches; the change feed tells them what went stale (triggers of migration 0003). */
export interface Caches {
  /** Users by sign-in uid: an authenticated request needs no query for its caller. */
  users: ChangeCache<User>;
  /** Each user's projects with their role, by user id: the project list and X-Project-ID's membership check. */
  projectLists: ChangeCache<readonly ProjectRow[]>;
  /**
   * Live API keys by their hash → whose they are and that account's plan, so a key costs no query; migration 0017
   * notifies a revoke, 0022 a plan change.
   */
  apiKeys: ChangeCache<ApiKeyOwner>;
  /** Which project's blog a Host is (issue 15). */
  blogHosts: BlogHosts;
  /** Rendered blog pages by host + path (issue 15). */
  blogPages: BlogPageCache;
  /** Secrets the server made for itself (server_secrets), by name: read once, they never change (server-secrets.ts). */
  serverSecrets: Map<string, Promise<Buffer>>;
}

/**
 * Drops from the read caches exactly what one change made stale. `blog` (every post write and autosave, every project
 * write) concerns only the blog's own caches, which listen for it themselves: users, project lists and API keys stay
 * warm. `reset` (a TRUNCATE, or the feed stopped listening) drops everything.
 */
export function dropStale(caches: Pick<Caches, 'users' | 'projectLists' | 'apiKeys'>, change: Change): void {
  switch (change.kind) {
    case 'user':
      return caches.users.drop(change.key);
    case 'member':
      return caches.projectLists.drop(change.key);
    case 'project':
      return caches.projectLists.dropWhere((projects) => projects.some((project) => project.id === change.key));
    case 'api_key':
      return caches.apiKeys.drop(change.key);
    case 'plan':
      return caches.apiKeys.dropWhere((owner) => owner.user_id === change.key);
    case 'blog':
      return;
    case 'reset':
      caches.users.clear();
      caches.projectLists.clear();
      caches.apiKeys.clear();
  }
}

export function createCaches(feed: ChangeFeed): Caches {
  const caches: Caches = {
    users: new ChangeCache(feed),
    projectLists: new ChangeCache(feed),
    apiKeys: new ChangeCache(feed),
    blogHosts: new BlogHosts(feed),
    blogPages: new BlogPageCache(feed),
    serverSecrets: new Map(),
  };
  feed.subscribe((change) => dropStale(caches, change));
  return caches;
}
