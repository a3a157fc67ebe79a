// What a post's claims were checked against (issue 27): the fact check's claims and the stored text of the sources.
import type { Db } from '../../db/sql.ts';
import type { SourceText } from '../../../src/lib/seo/checklist/types.ts';
import type { CheckedClaim } from '../../../src/lib/seo/checklist/gate.ts';

/** A post's evidence: its checked claims and the text of the sources it drew on. */
export interface Evidence {
  claims: CheckedClaim[];
  sources: (SourceText & { title: string })[];
}

/**
 * The evidence of a post (`postId`), or of the post a run is saving (`runId`, before the post exists).
 * TODO(issue 27, writer): return `postEvidence(tx, postId)` from api/services/posts/evidence.ts (and the run's own
 * evidence for a post not yet saved) once the writer slice lands; until then no claims and no source text are stored,
 * so the copied-words rule reads "not applicable" and no claim holds a post back.
 */
export async function loadEvidence(_sql: Db, _of: { postId: string | null; runId: string | null }): Promise<Evidence> {
  return { claims: [], sources: [] };
}
