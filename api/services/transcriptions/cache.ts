import { gzipSync } from 'node:zlib';

/** Gallery answers are the same for every visitor: each process keeps them this long (and drops them on a local write). */
const TTL_MS = 5_000;
const MAX_ENTRIES = 2_000;

export interface CachedJson {
  /** The UTF-8 bytes, encoded once: large answers (the tag index) are not re-encoded per request. */
  bytes: Buffer;
  gzip(): Buffer;
}

interface Entry extends CachedJson {
  at: number;
}

const entries = new Map<string, Entry>();
const building = new Map<string, Promise<Entry>>();

function entryOf(value: unknown): Entry {
  const bytes = Buffer.from(JSON.stringify(value));
  let zipped: Buffer | undefined;
  return { at: Date.now(), bytes, gzip: () => (zipped ??= gzipSync(bytes, { level: 6 })) };
}

/**
 * A gallery answer as serialized JSON (gzip made once on demand), built at most once per key and TTL in this process.
 * An expired answer is still served while its replacement is built, so entries that expire together never stall
 * their readers behind a burst of queries.
 */
export async function cachedJson(key: string, build: () => Promise<unknown>): Promise<CachedJson> {
  const hit = entries.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit;
  const pending = building.get(key) ?? rebuild(key, build);
  if (hit) {
    pending.catch(() => entries.delete(key)); // a failed refresh drops the stale answer; the next reader retries
    return hit;
  }
  return pending;
}

function rebuild(key: string, build: () => Promise<unknown>): Promise<Entry> {
  const promise = build()
    .then((value) => {
      const entry = entryOf(value);
      const oldest = entries.keys().next();
      if (entries.size >= MAX_ENTRIES && !oldest.done) entries.delete(oldest.value);
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    })
    .finally(() => building.delete(key));
  building.set(key, promise);
  return promise;
}

/** Drops every cached gallery answer of this process (after it stored a transcription). */
export function forgetGallery(): void {
  entries.clear();
}
