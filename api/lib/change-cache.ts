import type { ChangeFeed } from '../db/change-feed.ts';

/**
 * Values read from Postgres, kept in this process while the change feed is live and dropped when it reports them
 * stale. A read that was under way when something was dropped is not kept: it may predate the change.
 */
export class ChangeCache<V> {
  private readonly entries = new Map<string, V>();
  private readonly feed: ChangeFeed;
  private readonly limit: number;
  /** Bumped by every drop, so a read that started before one can tell. */
  private generation = 0;

  constructor(feed: ChangeFeed, limit = 10_000) {
    this.feed = feed;
    this.limit = limit;
  }

  /** The kept value for key, else `load()`'s, kept unless it is undefined or something was dropped meanwhile. */
  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    if (!this.feed.live) return load();
    const kept = this.entries.get(key);
    if (kept !== undefined) return kept;
    const generation = this.generation;
    const value = await load();
    if (value !== undefined && generation === this.generation && this.feed.live) {
      if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, value);
    }
    return value;
  }

  /** The kept value for key, if any, without loading (undefined while the feed is not live). */
  peek(key: string): V | undefined {
    return this.feed.live ? this.entries.get(key) : undefined;
  }

  drop(key: string): void {
    this.generation++;
    this.entries.delete(key);
  }

  /** Drops every value the predicate picks (a change known by what it touched, not by key). */
  dropWhere(stale: (value: V) => boolean): void {
    this.generation++;
    for (const [key, value] of this.entries) if (stale(value)) this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
