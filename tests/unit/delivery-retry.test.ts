// When a delivery to a destination is tried again (api/services/deliveries/perform.ts): the pause doubles from
// DELIVERY_RETRY_DELAY_MS, a remote's Retry-After is never cut short, nothing waits more than 6 hours, and a delivery
// that keeps meeting retryable trouble ends `failed` with its reason at DELIVERY_MAX_ATTEMPTS; a final refusal fails at once.
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../api/config.ts';
import { DestinationError } from '../../api/destinations/types.ts';
import { failureOutcome, retryDelayMs } from '../../api/services/deliveries/perform.ts';
import type { ClaimedDelivery } from '../../api/services/deliveries/queries.ts';

const config = configSchema.parse({ DELIVERY_RETRY_DELAY_MS: '1000', DELIVERY_MAX_ATTEMPTS: '4' });
const HOUR = 3600_000;

/** A delivery claimed for its `attempts`-th attempt. */
const claim = (attempts: number) => ({ id: 'd1', attempts, action: 'publish' }) as ClaimedDelivery;
const outage = (afterMs?: number) =>
  new DestinationError('Ghost answered 503: “Service Unavailable”. Inkpilot will try again.', {
    retry: true,
    status: 503,
    ...(afterMs === undefined ? {} : { afterMs }),
  });

describe('the pause before a delivery is tried again', () => {
  it('doubles from DELIVERY_RETRY_DELAY_MS after each failed attempt', () => {
    expect([1, 2, 3, 4, 5].map((attempts) => retryDelayMs(config, attempts))).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(retryDelayMs(configSchema.parse({}), 1)).toBe(30_000); // the default first pause
  });

  it("waits at least the remote's Retry-After, and keeps the backoff when Retry-After is shorter", () => {
    expect(retryDelayMs(config, 1, 7000)).toBe(7000);
    expect(retryDelayMs(config, 2, 60_000)).toBe(60_000);
    expect(retryDelayMs(config, 4, 3000)).toBe(8000);
    expect(retryDelayMs(config, 3, 0)).toBe(4000);
  });

  it('never waits more than 6 hours, however many attempts or whatever Retry-After says', () => {
    const slow = configSchema.parse({ DELIVERY_RETRY_DELAY_MS: String(HOUR) });
    expect(retryDelayMs(slow, 3)).toBe(4 * HOUR);
    expect(retryDelayMs(slow, 4)).toBe(6 * HOUR);
    expect(retryDelayMs(slow, 40)).toBe(6 * HOUR);
    expect(retryDelayMs(config, 1, 48 * HOUR)).toBe(6 * HOUR);
  });
});

describe('what a failed attempt comes to', () => {
  it('a retryable error waits its pause while attempts are left, then fails with its reason at the last one', () => {
    const outcomes = [1, 2, 3, 4].map((attempts) => failureOutcome(config, claim(attempts), outage(), 'publish'));

    expect(outcomes.slice(0, 3)).toEqual(
      [1000, 2000, 4000].map((nextAttemptInMs) => ({
        state: 'pending',
        action: 'publish',
        lastError: 'Ghost answered 503: “Service Unavailable”. Inkpilot will try again.',
        nextAttemptInMs,
      })),
    );
    expect(outcomes[3]).toEqual({
      state: 'failed',
      action: 'publish',
      lastError: 'Ghost answered 503: “Service Unavailable”. Inkpilot will try again. (gave up after 4 attempts)',
    });
  });

  it("a 429's Retry-After sets the pause", () => {
    expect(failureOutcome(config, claim(1), outage(120_000), 'update')).toMatchObject({
      state: 'pending',
      nextAttemptInMs: 120_000,
    });
  });

  it('a final refusal fails at the first attempt, without "gave up"', () => {
    const refused = new DestinationError('WordPress did not accept the user name and Application Password.', {
      retry: false,
      status: 401,
    });
    expect(failureOutcome(config, claim(1), refused, 'publish')).toEqual({
      state: 'failed',
      action: 'publish',
      lastError: 'WordPress did not accept the user name and Application Password.',
    });
  });

  it('trouble of our own (not the remote’s) is tried again', () => {
    expect(failureOutcome(config, claim(2), new Error('connection terminated'), 'publish')).toEqual({
      state: 'pending',
      action: 'publish',
      lastError: 'connection terminated',
      nextAttemptInMs: 2000,
    });
  });
});
