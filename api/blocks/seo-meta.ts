import { z } from 'zod';
import { languageInstruction } from '../providers/ai/language.ts';
import { cutSlug } from '../../src/lib/posts/slug.ts';
import { slugWords } from '../../src/lib/slugify.ts';
import { oneLine, usageFor } from './shapes.ts';
import { defineBlock } from './types.ts';

export const META_TITLE_MAX = 60;
export const META_DESCRIPTION_MAX = 160;
/** A generated slug keeps to 60 characters (whole words), leaving room for a -2 suffix under the 80 allowed. */
const GENERATED_SLUG_MAX = 60;

/** Cuts text at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const clean = oneLine(text);
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** A slug the blog_posts check accepts: lowercase whole words joined by single hyphens, at most 80, never empty. */
export function postSlug(text: string): string {
  const slug = slugWords(text)
    .replace(/_/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
  return cutSlug(slug) || 'post';
}

/** The first paragraph of plain text in the markdown (no headings, lists or link syntax). */
function firstParagraph(markdown: string): string {
  const paragraph = markdown.split(/\n{2,}/).find((block) => block.trim() && !/^\s*([#>*-]|\d+\.)/.test(block)) ?? '';
  return oneLine(paragraph.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_`]/g, ''));
}

/** Writes the meta title (≤ 60), meta description (≤ 160), excerpt, keywords and a slug unique in the project. */
export const seoMeta = defineBlock({
  type: 'seo_meta',
  title: 'SEO meta',
  description: 'Meta title (at most 60 characters), meta description (at most 160), excerpt and a unique slug.',
  input: z.object({
    title: z.string(),
    markdown: z.string(),
    target_keyword: z.string().optional(),
    secondary_keywords: z.array(z.string()).optional(),
  }),
  output: z.object({
    meta_title: z.string(),
    meta_description: z.string(),
    slug: z.string(),
    excerpt: z.string(),
    keywords: z.array(z.string()),
  }),
  config: z.object({}),
  async run({ ctx, input }) {
    const keyword = oneLine(input.target_keyword || '');
    const generated = await ctx.ai.generate({
      schema: z.object({ meta_title: z.string().min(1), meta_description: z.string().min(1) }),
      usage: usageFor(ctx, 'seo_meta'),
      language: ctx.runInput.language,
      messages: [
        {
          role: 'system',
          content: `You write SEO metadata: a meta title of at most ${META_TITLE_MAX} characters and a meta description of at most ${META_DESCRIPTION_MAX}. ${languageInstruction(ctx.runInput.language)}`,
        },
        {
          role: 'user',
          content: `Title: ${oneLine(input.title)}\nKeyword: ${keyword}\nPost opening: ${firstParagraph(input.markdown).slice(0, 600)}`,
        },
      ],
      draft: () => ({ meta_title: input.title, meta_description: firstParagraph(input.markdown) || input.title }),
    });
    const excerpt = clip(firstParagraph(input.markdown) || input.title, 300);
    const keywords = [
      ...new Set(
        [keyword, ...(input.secondary_keywords ?? [])].map((word) => oneLine(word).toLowerCase()).filter(Boolean),
      ),
    ].slice(0, 10);
    return {
      meta_title: clip(generated.value.meta_title, META_TITLE_MAX),
      meta_description: clip(generated.value.meta_description, META_DESCRIPTION_MAX),
      slug: await ctx.slugs.unique(cutSlug(postSlug(input.title), GENERATED_SLUG_MAX)),
      excerpt,
      keywords,
    };
  },
});
