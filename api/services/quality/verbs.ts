// The quality verbs (issue 27): a project's gate and disclosure, a post's checklist, the drafts the gate held back.
import type { HeldPost, PostChecklist, QualitySettings } from '../../../src/lib/quality/schema.ts';
import { gateVerdict } from '../../../src/lib/seo/checklist/gate.ts';
import { runChecklist } from '../../../src/lib/seo/checklist/index.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { forgetOwnBlog } from '../actor.ts';
import { authorize } from '../authorize.ts';
import { getPost } from '../posts/verbs.ts';
import { checklistContext } from './context.ts';
import { selectHeldPosts, selectPostCompetitorWords, selectQualitySettings, updateQualitySettings } from './queries.ts';

/** A project's gate and disclosure, for any member. */
export async function getQualitySettings({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string };
}): Promise<QualitySettings> {
  const project = await authorize(ctx, input.projectId, 'read');
  const settings = await selectQualitySettings(ctx.sql, project.id);
  if (!settings) throw new NotFoundError('Project not found.');
  return settings;
}

/** Changes a project's gate or disclosure (owners and editors); the blog shows the note from its next page. */
export async function changeQualitySettings({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: {
    projectId: string;
    min_score?: number | undefined;
    hold_claims?: boolean | undefined;
    ai_disclosure?: boolean | undefined;
  };
}): Promise<QualitySettings> {
  const project = await authorize(ctx, input.projectId, 'write');
  await updateQualitySettings(ctx.sql, project.id, input);
  // Every process hears it from the projects trigger (blog:<id>); this one forgets its pages at once.
  if (input.ai_disclosure !== undefined) forgetOwnBlog(ctx, project.id);
  return getQualitySettings({ ctx, input: { projectId: project.id } });
}

/** The checklist of a saved post, its gate verdict, and what the editor needs to run the checklist live. */
export async function getPostChecklist({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: string };
}): Promise<PostChecklist> {
  const post = await getPost({ ctx, input });
  const [settings, competitorWords] = await Promise.all([
    selectQualitySettings(ctx.sql, post.project_id),
    selectPostCompetitorWords(ctx.sql, post.id),
  ]);
  if (!settings) throw new NotFoundError('Post not found.');
  const context = await checklistContext(ctx.sql, ctx.config, {
    projectId: post.project_id,
    postId: post.id,
    entryId: null,
    competitorWords,
    piece: { title: post.title, target_keyword: post.target_keyword, keywords: post.keywords },
  });
  const checklist = runChecklist({ ...post, ...context });
  const verdict = gateVerdict(checklist, settings, context.claims);
  return {
    post_id: post.id,
    score: checklist.score,
    rules: checklist.rules,
    gate: { min_score: settings.min_score, hold_claims: settings.hold_claims, ...verdict },
    context: {
      competitor_words: context.competitorWords,
      own_posts: context.ownPosts,
      blog_hosts: context.blogHosts,
      sources: context.sourceTexts,
      claims: context.claims,
    },
  };
}

/** The project's drafts the gate held back (the dashboard's "held back" list). */
export async function listHeldPosts({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string };
}): Promise<{ items: HeldPost[] }> {
  const project = await authorize(ctx, input.projectId, 'read');
  return { items: await selectHeldPosts(ctx.sql, project.id) };
}
