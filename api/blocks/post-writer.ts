import { z } from 'zod';
import { BRIEF_LABEL, BRIEF_WRITER } from '../../src/lib/posts/brief.ts';
import { languageInstruction, offlineLabel } from '../providers/ai/language.ts';
import {
  oneLine,
  outlineShape,
  researchNoteShape,
  sourceShape,
  styleGuideShape,
  usageFor,
  type Source,
} from './shapes.ts';
import { defineBlock } from './types.ts';
import { writeBrief } from './writer/brief.ts';
import { cleanPart, partPrompt, planParts, systemPrompt, wordCount, type WrittenPart } from './writer/sections.ts';

/** Appends the sources the post used as a "Sources" list (the post cites what it drew on). */
function withSources(markdown: string, sources: Source[]): string {
  if (!sources.length || /^##\s+Sources\s*$/m.test(markdown)) return markdown;
  return `${markdown.trimEnd()}\n\n## Sources\n\n${sources.map((source) => `- [${source.title.replace(/[[\]]/g, '')}](${source.url})`).join('\n')}\n`;
}

/** The post's markdown from its parts: the introduction first (no heading), then a ## section for each other part. */
function assemble(parts: WrittenPart[]): string {
  return parts
    .map((part, index) => (index === 0 ? part.markdown : `## ${part.heading}\n\n${part.markdown}`))
    .join('\n\n');
}

const partShape = z.object({ heading: z.string(), words: z.number().int(), written_by: z.string() });

/**
 * Writes the post in markdown part by part (introduction, each outline section, conclusion): one text request per
 * part with the outline, the brand's guide, the part's research notes and what came before, each part a step of its
 * own that a resumed run does not ask for again. Without an AI model it writes a writer's brief instead of prose.
 */
export const postWriter = defineBlock({
  type: 'post_writer',
  title: 'Post writer',
  description:
    "Writes the post in markdown section by section from the outline, style guide and research notes, citing its sources; without an AI model, a writer's brief.",
  input: z.object({
    topic: z.string(),
    target_keyword: z.string().optional(),
    secondary_keywords: z.array(z.string()).optional(),
    outline: outlineShape,
    style_guide: styleGuideShape.optional(),
    sources: z.array(sourceShape).optional(),
    notes: z.array(researchNoteShape).optional(),
  }),
  output: z.object({
    title: z.string(),
    markdown: z.string(),
    sources: z.array(sourceShape),
    draft_label: z.string().nullable(),
    brief: z.boolean(),
    parts: z.array(partShape),
  }),
  config: z.object({
    words: z.number().int().min(200).max(5000).default(1200).describe('Length to aim for, in words'),
  }),
  async run({ ctx, input, config }) {
    const keyword = oneLine(input.target_keyword || input.topic);
    const sources = input.sources ?? [];
    const notes = input.notes ?? (await ctx.research.notes());
    const secondary = input.secondary_keywords ?? [];
    const title = oneLine(input.outline.title) || oneLine(input.topic);

    if (ctx.ai.model === null) {
      // No model: a brief built from the site's own sentences, never prose pretending to be a post.
      const markdown = await ctx.steps.once('brief', { label: "Writer's brief", total: 1 }, async () => {
        const written = writeBrief({
          topic: input.topic,
          keyword,
          secondary,
          outline: input.outline,
          guide: input.style_guide,
          notes,
          site: await ctx.site.pages(),
          posts: await ctx.posts.published(200),
        });
        return { output: written, words: wordCount(written) };
      });
      return {
        title,
        markdown,
        sources,
        draft_label: offlineLabel(ctx.runInput.language, BRIEF_LABEL),
        brief: true,
        parts: [{ heading: "Writer's brief", words: wordCount(markdown), written_by: BRIEF_WRITER }],
      };
    }

    const planned = planParts(input.outline, config.words, notes, `${input.topic} ${keyword}`);
    const system = systemPrompt(input.style_guide, [languageInstruction(ctx.runInput.language)]);
    const written: WrittenPart[] = [];
    for (const part of planned) {
      const done = await ctx.steps.once(part.step, { label: part.heading, total: planned.length }, async () => {
        const answer = await ctx.ai.write({
          usage: usageFor(ctx, 'post_writer'),
          messages: [
            { role: 'system', content: system },
            {
              role: 'user',
              content: partPrompt({ title, keyword, secondary, outline: input.outline, part, before: written }),
            },
          ],
        });
        const markdown = cleanPart(answer.text);
        const output: WrittenPart = { heading: part.heading, markdown, written_by: answer.model ?? 'AI model' };
        return { output, words: wordCount(markdown) };
      });
      written.push(done);
    }
    return {
      title,
      markdown: withSources(assemble(written), sources),
      sources,
      draft_label: null,
      brief: false,
      parts: written.map((part) => ({
        heading: part.heading,
        words: wordCount(part.markdown),
        written_by: part.written_by,
      })),
    };
  },
});
