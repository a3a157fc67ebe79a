import { describe, expect, it } from 'vitest';
import { parseChange, type ChangeFeed } from '../../api/db/change-feed.ts';
import { ChangeCache } from '../../api/lib/change-cache.ts';

/** The part of a feed a cache reads: whether it is live. */
function feed(live = true) {
  return { live, ready: Promise.resolve(), subscribe: () => {}, stop: async () => {} } satisfies ChangeFeed;
}

describe('change cache', () => {
  it('loads once and serves the kept value until it is dropped', async () => {
    const cache = new ChangeCache<string>(feed());
    let loads = 0;
    const load = async () => `v${++loads}`;

    expect(await cache.get('k', load)).toBe('v1');
    expect(await cache.get('k', load)).toBe('v1');
    cache.drop('k');
    expect(await cache.get('k', load)).toBe('v2');
  });

  it('peeks at a kept value without loading, and knows nothing while the feed is not live', async () => {
    const live = new ChangeCache<string>(feed());
    const down = new ChangeCache<string>(feed(false));
    await live.get('k', async () => 'v');
    await down.get('k', async () => 'v');

    expect(live.peek('k')).toBe('v');
    expect(live.peek('other')).toBeUndefined();
    expect(down.peek('k')).toBeUndefined();
    live.drop('k');
    expect(live.peek('k')).toBeUndefined();
  });

  it('reads through while the feed is not live, since a change could go unseen', async () => {
    const cache = new ChangeCache<string>(feed(false));
    let loads = 0;
    const load = async () => `v${++loads}`;

    await cache.get('k', load);

    expect(await cache.get('k', load)).toBe('v2');
  });

  it('does not keep a value whose read was under way when something was dropped', async () => {
    const cache = new ChangeCache<string>(feed());
    let finish: (value: string) => void = () => {};
    const slow = cache.get('k', () => new Promise((done) => (finish = done)));

    cache.drop('k'); // a change lands while the read is in flight: its answer may predate it
    finish('old');

    expect(await slow).toBe('old');
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('keeps nothing for a missing row, so its creation needs no notice', async () => {
    const cache = new ChangeCache<string>(feed());

    expect(await cache.get('k', async () => undefined)).toBeUndefined();
    expect(await cache.get('k', async () => 'created')).toBe('created');
  });

  it('drops by content and all at once', async () => {
    const cache = new ChangeCache<string[]>(feed());
    await cache.get('a', async () => ['p1', 'p2']);
    await cache.get('b', async () => ['p3']);

    cache.dropWhere((projects) => projects.includes('p2'));

    expect(await cache.get('a', async () => ['reloaded'])).toEqual(['reloaded']);
    expect(await cache.get('b', async () => ['reloaded'])).toEqual(['p3']);
    cache.clear();
    expect(await cache.get('b', async () => ['reloaded'])).toEqual(['reloaded']);
  });

  it('stays within its size limit', async () => {
    const cache = new ChangeCache<number>(feed(), 2);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => 1);

    expect(await cache.get('a', async () => 2)).toBe(2); // the oldest went
    expect(await cache.get('c', async () => 2)).toBe(1);
  });
});

describe('change payloads', () => {
  it('reads the payloads of the triggers', () => {
    expect(parseChange('member:0b6a')).toEqual({ kind: 'member', key: '0b6a' });
    expect(parseChange('user:abc:def')).toEqual({ kind: 'user', key: 'abc:def' });
    expect(parseChange('api_key:9f86d0')).toEqual({ kind: 'api_key', key: '9f86d0' });
    expect(parseChange('plan:0b6a')).toEqual({ kind: 'plan', key: '0b6a' });
    expect(parseChange('reset')).toEqual({ kind: 'reset', key: '' });
  });

  it('reads anything else as "drop everything"', () => {
    for (const payload of ['', 'member', 'nonsense:1', undefined])
      expect(parseChange(payload)).toEqual({ kind: 'reset', key: '' });
  });
});
