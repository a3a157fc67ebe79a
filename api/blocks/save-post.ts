import { z } from 'zod';
import { renderPostHtml } from '../services/posts/render.ts';
import { postSlug, uniqueSlug } from './seo-meta.ts';
import { sourceShape } from './shapes.ts';
import { defineBlock } from './types.ts';

/**
 * Stores the post (draft, or published at once when the run asked to publish) and its one usage event in one
 * transaction that also records this node as finished: a resumed run never saves a second post.
 */
export const savePost = defineBlock({
  type: 'save_post',
  title: 'Save post',
  description: 'Saves the post as a draft of the project (or publishes it when the run asks to).',
  input: z.object({
    title: z.string(),
    markdown: z.string(),
    meta_title: z.string().optional(),
    meta_description: z.string().optional(),
    slug: z.string().optional(),
    excerpt: z.string().optional(),
    keywords: z.array(z.string()).optional(),
    target_keyword: z.string().optional(),
    cover_image_url: z.string().optional(),
    cover_image_alt: z.string().optional(),
    sources: z.array(sourceShape).optional(),
    draft_label: z.string().nullable().optional(),
  }),
  output: z.object({ saved_blog_post: z.object({ id: z.string() }) }),
  config: z.object({}),
  async run({ ctx, input }) {
    return ctx.sql.begin(async (tx) => {
      // One post per run, whatever happened before: a run's post already saved is the answer.
      await tx`select pg_advisory_xact_lock(hashtext(${ctx.runId}))`;
      const [saved] = await tx<{ id: string }[]>`select id from blog_posts where workflow_run_id = ${ctx.runId}`;
      if (saved) {
        const output = { saved_blog_post: { id: saved.id } };
        await ctx.complete(tx, output);
        return output;
      }
      const publish = ctx.runInput.publish === true;
      const slug = await uniqueSlug(tx, ctx.projectId, postSlug(input.slug || input.title));
      const [post] = await tx<{ id: string }[]>`
        insert into blog_posts (
          project_id, title, slug, markdown, html, excerpt, meta_title, meta_description, cover_image_url, cover_image_alt,
          target_keyword, keywords, sources, status, draft_label, author_id, workflow_run_id, published_at
        ) values (
          ${ctx.projectId}, ${input.title}, ${slug}, ${input.markdown}, ${renderPostHtml(input.markdown)}, ${input.excerpt ?? ''},
          ${input.meta_title ?? input.title}, ${input.meta_description ?? ''}, ${input.cover_image_url ?? null}, ${input.cover_image_alt ?? ''},
          ${input.target_keyword ?? ''}, ${input.keywords ?? []}, ${tx.json(input.sources ?? [])}, ${publish ? 'published' : 'draft'},
          ${input.draft_label ?? null}, ${ctx.userId}, ${ctx.runId}, ${publish ? new Date() : null}
        ) returning id`;
      await tx`
        insert into usage_events (account_id, project_id, kind, run_id, post_id)
        values (
          (select user_id from project_members where project_id = ${ctx.projectId} and role = 'owner' order by created_at, user_id limit 1),
          ${ctx.projectId}, 'post_generated', ${ctx.runId}, ${post!.id}
        )`;
      await tx`update workflow_runs set post_id = ${post!.id}, updated_at = now() where id = ${ctx.runId}`;
      const output = { saved_blog_post: { id: post!.id } };
      await ctx.complete(tx, output);
      return output;
    });
  },
});
