import type { Claim } from '../../../src/lib/claims/schema.ts';
import type { Db } from '../../db/sql.ts';
import { selectPostClaims, selectPostNoteUrls, selectSnapshots } from '../claims/queries.ts';
import { selectPostSources } from './queries/read.ts';

/** A source a post drew on, with the text the guarded fetch read of it. */
export interface EvidenceSource {
  url: string;
  title: string;
  text: string;
}

/**
 * What backs a post: the claims of its newest checked version, and the stored text of every source it drew on (the
 * pages its claims cite, its listed sources, its run's research notes) that could be read. For the quality gate and
 * the copy check (a run of words taken from a source unquoted); an unknown post has neither.
 */
export async function postEvidence(tx: Db, postId: string): Promise<{ claims: Claim[]; sources: EvidenceSource[] }> {
  const post = await selectPostSources(tx, postId);
  if (!post) return { claims: [], sources: [] };
  const claims = await selectPostClaims(tx, postId);
  const urls = [
    ...claims.flatMap((claim) => (claim.source_url ? [claim.source_url] : [])),
    ...post.sources.map((source) => source.url),
    ...(await selectPostNoteUrls(tx, postId)),
  ];
  const stored = await selectSnapshots(tx, post.project_id, [...new Set(urls)]);
  const sources = stored
    .filter((page) => !page.error && page.text.trim())
    .map(({ url, title, text }) => ({ url, title, text }));
  return { claims, sources };
}
