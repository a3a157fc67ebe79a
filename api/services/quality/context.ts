// What the checklist reads around a post on the server (issue 27): the project's other published posts and blog
// hosts (internal links), the competitor median the run stored, the evidence, and what competes with its keyword.
import type { Claim } from '../../../src/lib/claims/schema.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/sql.ts';
import { subdomainHost } from '../../blog/sites.ts';
import type { CompetingPiece, SourceText } from '../../../src/lib/seo/checklist/types.ts';
import type { CheckedClaim } from '../../../src/lib/seo/checklist/gate.ts';
import { selectAllEntries, selectPostKeywords } from '../calendar/queries/entries.ts';
import { competes, type Piece } from '../plan/cannibalisation.ts';
import { loadEvidence } from './evidence.ts';
import { selectBlogAddress, selectOwnPublished } from './queries.ts';

/** The checklist's inputs beyond the post's own fields. */
export interface ChecklistContext {
  competitorWords: number | null;
  ownPosts: { slug: string; title: string }[];
  blogHosts: string[];
  sourceTexts: (SourceText & { title: string })[];
  claims: CheckedClaim[];
  competing: CompetingPiece[];
}

/** The posts and planned entries of the project whose keyword competes with the piece (the calendar's guard). */
export async function competingWith(
  sql: Db,
  projectId: string,
  piece: Piece,
  except: { postId: string | null; entryId: string | null },
): Promise<CompetingPiece[]> {
  if (!piece.target_keyword.trim()) return [];
  const found: CompetingPiece[] = [];
  for (const post of await selectPostKeywords(sql, projectId)) {
    if (post.id === except.postId) continue;
    const reason = competes(piece, post);
    if (reason) found.push({ kind: 'post', title: post.title, reason });
  }
  for (const entry of await selectAllEntries(sql, projectId)) {
    // The entry that planned this post is the post itself.
    if (entry.id === except.entryId || (except.postId && entry.post_id === except.postId)) continue;
    const reason = competes(piece, { ...entry, keywords: entry.secondary_keywords });
    if (reason) found.push({ kind: 'entry', title: entry.title, reason });
  }
  return found;
}

/** Everything the checklist needs around one post (or the post a run is about to save). */
export async function checklistContext(
  sql: Db,
  config: Config,
  of: {
    projectId: string;
    postId: string | null;
    /** The run whose post is about to be saved, with its fact-checked claims and listed sources; else the post's own. */
    run?: { runId: string; claims: Claim[]; sourceUrls: string[] } | undefined;
    entryId: string | null;
    competitorWords: number | null;
    piece: Piece;
  },
): Promise<ChecklistContext> {
  const [address, ownPosts, evidence, competing] = await Promise.all([
    selectBlogAddress(sql, of.projectId),
    selectOwnPublished(sql, of.projectId, of.postId),
    loadEvidence(sql, { projectId: of.projectId, postId: of.postId, run: of.run }),
    competingWith(sql, of.projectId, of.piece, { postId: of.postId, entryId: of.entryId }),
  ]);
  const blogHosts = address ? [subdomainHost(address.slug, config), ...(address.domain ? [address.domain] : [])] : [];
  return {
    competitorWords: of.competitorWords,
    ownPosts,
    blogHosts,
    sourceTexts: evidence.sources,
    claims: evidence.claims,
    competing,
  };
}
