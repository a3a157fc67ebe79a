import { z } from 'zod';
import { renderPostHtml } from '../services/posts/render.ts';
import { postSlug, uniqueSlug } from './seo-meta.ts';
import { sourceShape } from './shapes.ts';
import { defineBlock } from './types.ts';

const postRef = z.object({ id: z.string() });

/**
 * Stores the post (draft, or published at once when the run asked to publish) and its one usage event in one
 * transaction that also records this node as finished: a resumed run never saves a second post. A run started to
 * rewrite an existing post (`post_id`) updates that post instead, keeping its slug and status (its address stays),
 * and answers `updated_blog_post`; a new post answers `saved_blog_post`.
 */
export const savePost = defineBlock({
  type: 'save_post',
  title: 'Save post',
  description:
    'Saves the post as a draft of the project (or publishes it when the run asks to); a run that rewrites a post updates it.',
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
  output: z.object({ saved_blog_post: postRef.optional(), updated_blog_post: postRef.optional() }),
  config: z.object({}),
  async run({ ctx, input }) {
    const rewrite = ctx.runInput.post_id ?? null;
    const answer = (id: string) => (rewrite ? { updated_blog_post: { id } } : { saved_blog_post: { id } });
    return ctx.sql.begin(async (tx) => {
      // One post per run, whatever happened before: a run's post already saved is the answer.
      await tx`select pg_advisory_xact_lock(hashtext(${ctx.runId}))`;
      const [saved] = await tx<{ id: string }[]>`select id from blog_posts where workflow_run_id = ${ctx.runId}`;
      if (saved) {
        const output = answer(saved.id);
        await ctx.complete(tx, output);
        return output;
      }
      const publish = ctx.runInput.publish === true;
      const html = await renderPostHtml(input.markdown);
      let postId: string;
      if (rewrite) {
        const [post] = await tx<{ id: string }[]>`
          update blog_posts set
            title = ${input.title}, markdown = ${input.markdown}, html = ${html}, excerpt = ${input.excerpt ?? ''},
            meta_title = ${input.meta_title ?? input.title}, meta_description = ${input.meta_description ?? ''},
            cover_image_url = coalesce(${input.cover_image_url ?? null}, cover_image_url),
            cover_image_alt = ${input.cover_image_alt ?? ''}, target_keyword = ${input.target_keyword ?? ''},
            keywords = ${input.keywords ?? []}, sources = ${tx.json(input.sources ?? [])}, draft_label = ${input.draft_label ?? null},
            status = case when ${publish} then 'published' else status end,
            published_at = case when ${publish} then coalesce(published_at, now()) else published_at end,
            workflow_run_id = ${ctx.runId}, version = version + 1, updated_at = now()
          where id = ${rewrite} and project_id = ${ctx.projectId}
          returning id`;
        if (!post) throw new Error('The post this run rewrites was deleted.');
        postId = post.id;
      } else {
        const slug = await uniqueSlug(tx, ctx.projectId, postSlug(input.slug || input.title));
        const [post] = await tx<{ id: string }[]>`
          insert into blog_posts (
            project_id, title, slug, markdown, html, excerpt, meta_title, meta_description, cover_image_url, cover_image_alt,
            target_keyword, keywords, sources, status, draft_label, author_id, workflow_run_id, published_at
          ) values (
            ${ctx.projectId}, ${input.title}, ${slug}, ${input.markdown}, ${html}, ${input.excerpt ?? ''},
            ${input.meta_title ?? input.title}, ${input.meta_description ?? ''}, ${input.cover_image_url ?? null}, ${input.cover_image_alt ?? ''},
            ${input.target_keyword ?? ''}, ${input.keywords ?? []}, ${tx.json(input.sources ?? [])}, ${publish ? 'published' : 'draft'},
            ${input.draft_label ?? null}, ${ctx.userId}, ${ctx.runId}, ${publish ? new Date() : null}
          ) returning id`;
        postId = post!.id;
      }
      await tx`
        insert into usage_events (account_id, project_id, kind, run_id, post_id)
        values (
          (select user_id from project_members where project_id = ${ctx.projectId} and role = 'owner' order by created_at, user_id limit 1),
          ${ctx.projectId}, 'post_generated', ${ctx.runId}, ${postId}
        )`;
      await tx`update workflow_runs set post_id = ${postId}, updated_at = now() where id = ${ctx.runId}`;
      const output = answer(postId);
      await ctx.complete(tx, output);
      return output;
    });
  },
});
