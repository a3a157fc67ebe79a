import { z } from 'zod';
import { words, isContentWord } from '../providers/ai/offline/text.ts';
import { sourceShape } from './shapes.ts';
import { defineBlock } from './types.ts';

/** Suggests links to the project's own published posts that share the most words with this one, and adds them. */
export const internalLinks = defineBlock({
  type: 'internal_links',
  title: 'Internal links',
  description: "Links the post to the project's related published posts (a Related posts list).",
  input: z.object({ markdown: z.string(), title: z.string().optional() }),
  output: z.object({ markdown: z.string(), links: z.array(sourceShape) }),
  config: z.object({
    max_links: z.number().int().min(0).max(10).default(3).describe('Most links added'),
    link_prefix: z.string().default('/').describe("Path of the blog's posts, before the slug"),
  }),
  async run({ ctx, input, config }) {
    const posts = await ctx.posts.published(200);
    const here = new Set(words(`${input.title ?? ''} ${input.markdown}`).filter(isContentWord));
    const scored = posts
      .map((post) => {
        const theirs = new Set(
          words(`${post.title} ${post.target_keyword} ${post.keywords.join(' ')}`).filter(isContentWord),
        );
        let score = 0;
        for (const word of theirs) if (here.has(word)) score++;
        return { post, score };
      })
      .filter((entry) => entry.score > 0 && entry.post.title !== input.title)
      .sort((a, b) => b.score - a.score)
      .slice(0, config.max_links);
    const prefix = config.link_prefix.endsWith('/') ? config.link_prefix : `${config.link_prefix}/`;
    const links = scored.map(({ post }) => ({ title: post.title, url: `${prefix}${post.slug}` }));
    if (!links.length) return { markdown: input.markdown, links };
    const list = links.map((link) => `- [${link.title.replace(/[[\]]/g, '')}](${link.url})`).join('\n');
    // Before the Sources list when there is one, so citations stay last.
    const at = input.markdown.search(/^##\s+Sources\s*$/m);
    const section = `## Related posts\n\n${list}\n\n`;
    const markdown =
      at >= 0
        ? `${input.markdown.slice(0, at)}${section}${input.markdown.slice(at)}`
        : `${input.markdown.trimEnd()}\n\n${section.trimEnd()}\n`;
    return { markdown, links };
  },
});
