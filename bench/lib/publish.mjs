// Pure helpers of bench/publish.mjs (unit-tested in tests/unit/bench-publish.test.ts).

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls `send(i)` for i = 0…count-1, call i leaving at i / rate seconds after the start whether or not earlier ones
 * have answered (open loop), but never more than `maxInFlight` unanswered at once: past that a call waits for a free
 * place, and its lateness is part of what the caller measures from its due time. Resolves, once all have answered,
 * to the seconds from the start.
 */
export async function offerAt(count, rate, maxInFlight, send) {
  const pending = new Set();
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait >= 1) await sleep(wait);
    while (pending.size >= maxInFlight) await Promise.race(pending);
    const call = Promise.resolve()
      .then(() => send(i))
      .finally(() => pending.delete(call));
    pending.add(call);
  }
  await Promise.all(pending);
  return (performance.now() - start) / 1000;
}

/** The value below which `p` percent of the values lie (nearest rank); NaN for none. */
export function percentile(values, p) {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
