/**
 * Serves calls made close together with one call of `run`: the items added in one turn of the event loop are handed
 * to it together when the turn ends (setImmediate), and each caller gets the result at its item's index. Under load
 * many requests or jobs touch the database in the same turn, and one statement for all of them costs little more
 * than one for each. A failed batch is tried again item by item, so a bad item fails only its own caller; `run`
 * must therefore be one statement (all or nothing), which a retry of single items can repeat safely.
 */
export function batched<T, R>(run: (items: T[]) => Promise<R[]>, max = 500): (item: T) => Promise<R> {
  interface Waiting {
    item: T;
    resolve: (result: R) => void;
    reject: (error: unknown) => void;
  }
  let pending: Waiting[] = [];
  const settle = async (batch: Waiting[]) => {
    try {
      const results = await run(batch.map((waiting) => waiting.item));
      // `run` answers one result per item, at the item's index.
      batch.forEach((waiting, index) => waiting.resolve(results[index] as R));
    } catch (error) {
      const [only] = batch;
      if (only && batch.length === 1) return only.reject(error);
      await Promise.all(batch.map((waiting) => settle([waiting])));
    }
  };
  const flush = () => {
    const batch = pending;
    pending = [];
    if (batch.length) void settle(batch);
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      if (pending.length === 1) setImmediate(flush);
      else if (pending.length >= max) flush();
    });
}
