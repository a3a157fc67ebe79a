import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { RateLimitError } from '../../api/lib/errors.ts';
import { hitRateLimit } from '../../api/lib/rate-limit.ts';
import { testSql } from './helpers.ts';

const sql = testSql();
afterAll(() => sql.end());

const MINUTE = new Date('2020-01-01T00:10:00Z');
const secondsInto = (seconds: number) => new Date(MINUTE.getTime() + seconds * 1000);

/** A client that made `hits` requests in the minute before MINUTE. */
async function clientWithPreviousMinute(hits: number): Promise<string> {
  const client = `test-${randomUUID()}`;
  await sql`insert into transcribe_rate_windows (client, window_start, hits) values (${client}, ${new Date(MINUTE.getTime() - 60_000)}, ${hits})`;
  return client;
}

describe('per-minute rate limit (sliding window)', () => {
  it('refuses a burst that straddles a minute boundary', async () => {
    const client = await clientWithPreviousMinute(2);

    const refused = hitRateLimit(sql, { client, limit: 2, at: secondsInto(1) });

    await expect(refused).rejects.toBeInstanceOf(RateLimitError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 59 });
  });

  it('lets the previous minute fade as it leaves the last 60 seconds', async () => {
    const client = await clientWithPreviousMinute(2);

    const allowed = hitRateLimit(sql, { client, limit: 2, at: secondsInto(59) });

    await expect(allowed).resolves.toBeUndefined();
  });

  it('refuses the request past the limit within one minute', async () => {
    const client = `test-${randomUUID()}`;
    await hitRateLimit(sql, { client, limit: 2, at: secondsInto(10) });
    await hitRateLimit(sql, { client, limit: 2, at: secondsInto(20) });

    const refused = hitRateLimit(sql, { client, limit: 2, at: secondsInto(30) });

    await expect(refused).rejects.toBeInstanceOf(RateLimitError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 30 });
  });
});
