// The quality gate on the way to the blog (issue 27): a run asked to publish (the autopilot, or a run started with
// `publish`) puts its post live only when the post passes the project's gate; otherwise the post stays a draft and
// keeps why, which the calendar, the dashboard and the editor show. A person can still publish it by hand.
import type { GeneratedPost } from '../../blocks/types.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/sql.ts';
import { gateVerdict } from '../../../src/lib/seo/checklist/gate.ts';
import { runChecklist } from '../../../src/lib/seo/checklist/index.ts';
import type { QualityHold } from '../../../src/lib/quality/schema.ts';
import { checklistContext } from './context.ts';
import { selectQualitySettings } from './queries.ts';

/** Why a run's post may not go live, or null when it passes (or its project is gone: the save decides then). */
export async function qualityHold(
  sql: Db,
  config: Config,
  run: {
    projectId: string;
    runId: string;
    /** The post the run rewrites, or null for a new one. */
    postId: string | null;
    entryId: string | null;
    content: GeneratedPost & { lang?: string | undefined };
    slug: string;
    competitorWords: number | null;
  },
): Promise<QualityHold | null> {
  const settings = await selectQualitySettings(sql, run.projectId);
  if (!settings) return null;
  const { content } = run;
  const context = await checklistContext(sql, config, {
    projectId: run.projectId,
    postId: run.postId,
    run: {
      runId: run.runId,
      claims: content.claims ?? [],
      sourceUrls: (content.sources ?? []).map((source) => source.url),
    },
    entryId: run.entryId,
    competitorWords: run.competitorWords,
    piece: { title: content.title, target_keyword: content.target_keyword ?? '', keywords: content.keywords ?? [] },
  });
  const checklist = runChecklist({
    title: content.title,
    slug: run.slug,
    markdown: content.markdown,
    meta_title: content.meta_title ?? '',
    meta_description: content.meta_description ?? '',
    target_keyword: content.target_keyword ?? '',
    lang: content.lang ?? 'en',
    cover_image_url: content.cover_image_url ?? null,
    cover_image_alt: content.cover_image_alt ?? '',
    sources: content.sources ?? [],
    ...context,
  });
  const verdict = gateVerdict(checklist, settings, context.claims);
  if (verdict.passes) return null;
  return {
    score: checklist.score,
    min_score: settings.min_score,
    reasons: verdict.reasons,
    held_at: new Date().toISOString(),
  };
}
