import { describe, expect, it } from 'vitest';
import { batched } from '../../api/lib/batch.ts';

describe('batched calls', () => {
  it('serves the calls of one turn with one call, each caller getting the result for its own item', async () => {
    const calls: number[][] = [];
    const double = batched(async (items: number[]) => {
      calls.push(items);
      return items.map((item) => item * 2);
    });

    const results = await Promise.all([double(1), double(2), double(3)]);
    const later = await double(4);

    expect(results).toEqual([2, 4, 6]);
    expect(later).toBe(8);
    expect(calls).toEqual([[1, 2, 3], [4]]);
  });

  it('sends a full batch at once and starts a new one', async () => {
    const calls: number[][] = [];
    const echo = batched(async (items: number[]) => {
      calls.push(items);
      return items;
    }, 2);

    expect(await Promise.all([echo(1), echo(2), echo(3)])).toEqual([1, 2, 3]);
    expect(calls).toEqual([[1, 2], [3]]);
  });

  it('tries a failed batch item by item, so only the bad item fails its caller', async () => {
    const calls: string[][] = [];
    const write = batched(async (items: string[]) => {
      calls.push(items);
      if (items.includes('bad')) throw new Error('bad row');
      return items.map((item) => `${item} saved`);
    });

    const results = await Promise.allSettled([write('a'), write('bad'), write('b')]);

    expect(results).toEqual([
      { status: 'fulfilled', value: 'a saved' },
      { status: 'rejected', reason: new Error('bad row') },
      { status: 'fulfilled', value: 'b saved' },
    ]);
    expect(calls).toEqual([['a', 'bad', 'b'], ['a'], ['bad'], ['b']]);
  });
});
