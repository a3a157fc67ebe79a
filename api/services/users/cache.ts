import type { User } from '../../lib/context.ts';

const TTL_MS = 10_000;
const LIMIT = 10_000;
const entries = new Map<string, { user: User; until: number }>();

/** Users by sign-in uid for a few seconds, so an authenticated request costs one query, not two. */
export const userCache = {
  get(uid: string): User | undefined {
    const entry = entries.get(uid);
    if (!entry) return undefined;
    if (entry.until < Date.now()) {
      entries.delete(uid);
      return undefined;
    }
    return entry.user;
  },
  set(user: User): void {
    if (entries.size >= LIMIT) entries.clear();
    entries.set(user.external_id, { user, until: Date.now() + TTL_MS });
  },
  drop(uid: string): void {
    entries.delete(uid);
  },
};
