// The pure helpers of bench/publish.mjs: how publishes are offered (open loop, a cap on calls in flight) and the
// percentile the bench judges. No timing is asserted: the clock is only read for order.
import { describe, expect, it } from 'vitest';
import { offerAt, percentile } from '../../bench/lib/publish.mjs';

describe('bench:publish helpers', () => {
  it('offers every call once, in order, never more than the cap at once', async () => {
    const started: number[] = [];
    let inFlight = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const offering = offerAt(7, 1_000_000, 3, async (i: number) => {
      started.push(i);
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise<void>((release) => releases.push(release));
      inFlight--;
    });
    while (started.length < 7) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.shift()?.();
    }
    for (const release of releases.splice(0)) release();
    await offering;

    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(3);
  });

  it('takes the nearest-rank percentile, whatever the order of the values', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1

    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 99)).toBeNaN();
  });
});
