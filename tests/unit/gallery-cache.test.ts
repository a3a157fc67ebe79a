import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedJson, forgetGallery } from '../../api/services/transcriptions/cache.ts';

const text = (entry: { bytes: Buffer }) => entry.bytes.toString();

describe('gallery answer cache', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    forgetGallery();
  });
  afterEach(() => vi.useRealTimers());

  it('builds an answer once and serves it until it expires', async () => {
    const build = vi.fn(async () => ({ n: 1 }));

    const first = await cachedJson('k', build);
    const second = await cachedJson('k', build);

    expect(text(first)).toBe('{"n":1}');
    expect(second).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('serves the expired answer at once while the fresh one is built, then the fresh one', async () => {
    let version = 0;
    let release: () => void = () => {};
    const build = vi.fn(() =>
      version++ === 0 ? Promise.resolve({ v: 0 }) : new Promise((done) => (release = () => done({ v: 1 }))),
    );
    await cachedJson('k', build);
    vi.advanceTimersByTime(6_000);

    const during = await cachedJson('k', build);
    release();
    await vi.runAllTimersAsync();
    const after = await cachedJson('k', build);

    expect(text(during)).toBe('{"v":0}');
    expect(text(after)).toBe('{"v":1}');
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('drops a stale answer whose refresh failed, so the next reader builds again', async () => {
    const build = vi
      .fn()
      .mockResolvedValueOnce({ v: 0 })
      .mockRejectedValueOnce(new Error('db down'))
      .mockResolvedValueOnce({ v: 2 });
    await cachedJson('k', build);
    vi.advanceTimersByTime(6_000);

    await cachedJson('k', build);
    await vi.runAllTimersAsync();
    const next = await cachedJson('k', build);

    expect(text(next)).toBe('{"v":2}');
  });
});
