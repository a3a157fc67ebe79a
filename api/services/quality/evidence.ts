// What a post's claims were checked against (issue 27): the fact check's claims and the stored text of the sources.
import type { Claim } from '../../../src/lib/claims/schema.ts';
import type { SourceText } from '../../../src/lib/seo/checklist/types.ts';
import type { CheckedClaim } from '../../../src/lib/seo/checklist/gate.ts';
import type { Db } from '../../db/sql.ts';
import { selectRunNotes, selectSnapshots } from '../claims/queries.ts';
import { postEvidence } from '../posts/evidence.ts';

/** A post's evidence: its checked claims and the text of the sources it drew on. */
export interface Evidence {
  claims: CheckedClaim[];
  sources: (SourceText & { title: string })[];
}

/**
 * The evidence of a saved post (`postId`): its newest checked claims and the stored text of what it drew on. For the
 * post a run is about to save (`run`, given its fact-checked claims and listed sources), the same read from the run:
 * the pages its claims cite, its sources and its research notes, as the guarded fetch stored them.
 */
export async function loadEvidence(
  sql: Db,
  of: {
    projectId: string;
    postId: string | null;
    run?: { runId: string; claims: Claim[]; sourceUrls: string[] } | undefined;
  },
): Promise<Evidence> {
  if (of.run) {
    const notes = await selectRunNotes(sql, of.projectId, of.run.runId);
    const urls = [
      ...of.run.claims.flatMap((claim) => (claim.source_url ? [claim.source_url] : [])),
      ...of.run.sourceUrls,
      ...notes.map((note) => note.url),
    ];
    const stored = await selectSnapshots(sql, of.projectId, [...new Set(urls)]);
    return {
      claims: of.run.claims,
      sources: stored
        .filter((page) => !page.error && page.text.trim())
        .map(({ url, title, text }) => ({ url, title, text })),
    };
  }
  if (of.postId) return postEvidence(sql, of.postId);
  return { claims: [], sources: [] };
}
