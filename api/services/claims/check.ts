import { extractClaims } from '../../../src/lib/claims/extract.ts';
import { checkClaim, type SourceText } from '../../../src/lib/claims/match.ts';
import type { Claim } from '../../../src/lib/claims/schema.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/sql.ts';
import { readPage } from '../../providers/crawler/read-page.ts';
import { selectSnapshots, upsertSnapshot } from './queries.ts';

/** The most pages one check fetches (a post citing more new pages has the rest checked on the next save). */
export const MAX_NEW_SOURCES = 8;
/** The longest a fact check waits for one cited page. */
const SOURCE_TIMEOUT_MS = 10_000;

export interface SourceDeps {
  sql: Db;
  config: Pick<Config, 'FETCH_TIMEOUT_MS' | 'FETCH_ALLOW_LOOPBACK'>;
  projectId: string;
}

/**
 * The stored text of each address, fetching through the guarded fetch (and storing) those never read when `fetch`
 * (up to MAX_NEW_SOURCES at a time); an address that could not be read is stored with why, and not fetched again.
 */
export async function readSources(
  deps: SourceDeps,
  urls: string[],
  options: { fetch: boolean },
): Promise<Map<string, SourceText>> {
  const unique = [...new Set(urls)];
  const known = new Map((await selectSnapshots(deps.sql, deps.projectId, unique)).map((page) => [page.url, page]));
  if (!options.fetch) return known;
  const missing = unique.filter((url) => !known.has(url)).slice(0, MAX_NEW_SOURCES);
  const timeoutMs = Math.min(deps.config.FETCH_TIMEOUT_MS, SOURCE_TIMEOUT_MS);
  const read = await Promise.all(
    missing.map((url) => readPage(url, { timeoutMs, allowLoopback: deps.config.FETCH_ALLOW_LOOPBACK })),
  );
  for (const page of read) {
    const snapshot = { url: page.url, title: page.title, text: page.text, error: page.error };
    await upsertSnapshot(deps.sql, deps.projectId, snapshot);
    known.set(page.url, snapshot);
  }
  return known;
}

/**
 * Every claim of a post's markdown checked against the stored text of the source it cites; with `fetch`, cited pages
 * never read before are fetched (guarded) and stored first. Deterministic for the same markdown and snapshots.
 */
export async function checkMarkdown(deps: SourceDeps, markdown: string, options: { fetch: boolean }): Promise<Claim[]> {
  const found = extractClaims(markdown);
  const urls = found.flatMap((claim) => (claim.source ? [claim.source.url] : []));
  const sources = await readSources(deps, urls, options);
  return found.map((claim) => checkClaim(claim, claim.source ? sources.get(claim.source.url) : undefined));
}
