import { z } from 'zod';
import { webAddress } from '../../src/lib/posts/sources.ts';
import { isWebAddress } from '../../src/lib/posts/web-address.ts';
import { voiceExample, voiceProfile } from '../../src/lib/voice/schema.ts';

// Field shapes several blocks share, so wired fields have the same JSON Schema on both ends.

export const styleGuideShape = z.object({
  brand_voice: z.string(),
  writing_style_guide: z.string(),
  image_style: z.string(),
  keywords: z.array(z.string()),
  base_knowledge: z.string(),
  // The voice measured from the brand's example articles and sentences quoted from them (issue 24), when it has any.
  voice_profile: voiceProfile.nullable().optional(),
  voice_examples: z.array(voiceExample).optional(),
});
export type StyleGuide = z.infer<typeof styleGuideShape>;

/** A source a post cites: its address follows the one rule of stored sources (src/lib/posts/sources.ts). */
export const sourceShape = z.object({ title: z.string(), url: webAddress('Source URL') });
export type Source = z.infer<typeof sourceShape>;

/** A research note: a passage of a page the run read (a search result or a competitor's page), with its address. */
export const researchNoteShape = z.object({ url: z.string(), title: z.string(), passage: z.string() });
export type ResearchNote = z.infer<typeof researchNoteShape>;

export const searchResultShape = z.object({ title: z.string(), url: z.string(), snippet: z.string() });
export type SearchResult = z.infer<typeof searchResultShape>;

export const competitorShape = z.object({
  title: z.string(),
  url: z.string(),
  headings: z.array(z.string()),
  summary: z.string(),
});
export type Competitor = z.infer<typeof competitorShape>;

export const outlineShape = z.object({
  title: z.string(),
  sections: z.array(z.object({ heading: z.string(), points: z.array(z.string()) })),
});
export type Outline = z.infer<typeof outlineShape>;

/** Keeps what may become a post's source: items whose address is an absolute http(s) one. */
export const withWebAddress = <T extends { url: string }>(items: T[]): T[] =>
  items.filter((item) => isWebAddress(item.url.trim()));

/** Cleans one line of text for prompts and drafts. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** "best sourdough starter" → "Best Sourdough Starter". */
export function titleCase(text: string): string {
  return oneLine(text).replace(/\b([a-z])/g, (letter) => letter.toUpperCase());
}

/** A usage tag for AI calls a block makes. */
export const usageFor = (ctx: { projectId: string; runId: string }, type: string) => ({
  projectId: ctx.projectId,
  taskId: ctx.runId,
  purpose: `workflow:${type}`,
});
