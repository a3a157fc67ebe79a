import { z } from 'zod';
import { claim } from '../../src/lib/claims/schema.ts';
import { BRIEF_LABEL, BRIEF_WRITER } from '../../src/lib/posts/brief.ts';
import { postSlug } from './seo-meta.ts';
import { sourceShape } from './shapes.ts';
import { defineBlock } from './types.ts';

const postRef = z.object({ id: z.string() });

/**
 * Hands the post to the posts lifecycle (draft, or published at once when the run asked to publish), which saves it
 * with its one usage event and this node's finish in one transaction: a resumed run never saves a second post. A run
 * started to rewrite an existing post (`post_id`) updates that post instead, keeping its slug and status (its address
 * stays), and answers `updated_blog_post`; a new post answers `saved_blog_post`.
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
    claims: z.array(claim).optional(),
  }),
  output: z.object({
    saved_blog_post: postRef.optional(),
    updated_blog_post: postRef.optional(),
    publish_refused: z.string().optional().describe('Why the post the run was to publish was kept a draft.'),
  }),
  config: z.object({}),
  async run({ ctx, input }) {
    const rewrite = ctx.runInput.post_id ?? null;
    const answer = (id: string, refusal: string | null = null) => ({
      ...(rewrite ? { updated_blog_post: { id } } : { saved_blog_post: { id } }),
      ...(refusal ? { publish_refused: refusal } : {}),
    });
    const { slug, claims, ...content } = input;
    // The writer's brief (offline) says so in its label (with a note on its language when not English): it is kept a
    // brief, whatever wire carried it here.
    const brief = input.draft_label?.startsWith(BRIEF_LABEL) ?? false;
    let refused: string | null = null;
    const id = await ctx.posts.saveGenerated({
      content: {
        ...content,
        ...(ctx.runInput.language ? { lang: ctx.runInput.language } : {}),
        brief,
        written_by: brief ? BRIEF_WRITER : (ctx.ai.model ?? 'offline composer'),
        claims: claims ?? (await ctx.sources.check(input.markdown)),
      },
      slug: postSlug(slug || input.title),
      publish: ctx.runInput.publish === true,
      rewrite,
      output: (postId, refusal) => {
        refused = refusal;
        return answer(postId, refusal);
      },
    });
    return answer(id, refused);
  },
});
