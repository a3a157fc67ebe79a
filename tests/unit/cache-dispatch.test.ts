import { describe, expect, it } from 'vitest';
import type { Change, ChangeFeed } from '../../api/db/change-feed.ts';
import { ChangeCache } from '../../api/lib/change-cache.ts';
import type { User } from '../../api/lib/context.ts';
import type { ApiKeyOwner } from '../../api/services/api-keys/queries.ts';
import { dropStale } from '../../api/services/caches.ts';
import type { ProjectRow } from '../../api/services/projects/queries.ts';

const liveFeed = { live: true, ready: Promise.resolve(), subscribe: () => {}, stop: async () => {} } as ChangeFeed;

/** Three caches holding two of everything: user a/b, the project lists of users 1/2, keys h1/h2 of users 1/2. */
async function filled() {
  const caches = {
    users: new ChangeCache<User>(liveFeed),
    projectLists: new ChangeCache<readonly ProjectRow[]>(liveFeed),
    apiKeys: new ChangeCache<ApiKeyOwner>(liveFeed),
  };
  for (const uid of ['a', 'b']) await caches.users.get(uid, async () => ({ external_id: uid }) as User);
  await caches.projectLists.get('u1', async () => [{ id: 'p1' } as ProjectRow]);
  await caches.projectLists.get('u2', async () => [{ id: 'p2' } as ProjectRow]);
  await caches.apiKeys.get('h1', async () => ({ user_id: 'u1' }) as ApiKeyOwner);
  await caches.apiKeys.get('h2', async () => ({ user_id: 'u2' }) as ApiKeyOwner);
  return caches;
}

type Caches = Awaited<ReturnType<typeof filled>>;

/** What is still kept, as "cache:key" names. */
function kept(caches: Caches): string[] {
  return [
    ...['a', 'b'].filter((key) => caches.users.peek(key)).map((key) => `users:${key}`),
    ...['u1', 'u2'].filter((key) => caches.projectLists.peek(key)).map((key) => `projectLists:${key}`),
    ...['h1', 'h2'].filter((key) => caches.apiKeys.peek(key)).map((key) => `apiKeys:${key}`),
  ];
}

const everything = ['users:a', 'users:b', 'projectLists:u1', 'projectLists:u2', 'apiKeys:h1', 'apiKeys:h2'];

describe('what each change drops from the read caches', () => {
  const cases: [Change, string[]][] = [
    [{ kind: 'user', key: 'a' }, ['users:a']],
    [{ kind: 'member', key: 'u1' }, ['projectLists:u1']],
    [{ kind: 'project', key: 'p2' }, ['projectLists:u2']],
    [{ kind: 'api_key', key: 'h1' }, ['apiKeys:h1']],
    [{ kind: 'plan', key: 'u2' }, ['apiKeys:h2']],
    [{ kind: 'blog', key: 'p1' }, []],
    [{ kind: 'reset', key: '' }, everything],
  ];
  for (const [change, dropped] of cases) {
    it(`${change.kind} drops ${dropped.length ? dropped.join(', ') : 'nothing'}`, async () => {
      const caches = await filled();

      dropStale(caches, change);

      expect(kept(caches)).toEqual(everything.filter((name) => !dropped.includes(name)));
    });
  }
});
