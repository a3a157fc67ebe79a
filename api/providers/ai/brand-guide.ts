import { z } from 'zod';
import { languageInstruction } from './language.ts';
import type { VoiceExample, VoiceProfile } from '../../../src/lib/voice/schema.ts';
import { composeBrandGuideDraft } from './offline/brand-guide.ts';
import { VOICE_INSTRUCTION, voiceMaterial } from './offline/voice.ts';
import type { Ai, Generated, UsageTag } from './types.ts';

/** What a brand guide is built from: crawled pages, or text and keywords the user typed. */
export interface BrandSource {
  site_url?: string | undefined;
  pages: { url?: string; title: string; description: string; headings: string[]; text: string }[];
  user_keywords: string[];
  /** The language the guide is written in (ISO code; English when left out). */
  language?: string | undefined;
  /** The voice measured from the example articles and the sentences quoted from them (issue 24), when there are any. */
  voice?: { profile: VoiceProfile; examples: VoiceExample[] } | null;
}

/** The guide every provider must produce (the prompt's text fields). */
export const brandGuideSchema = z.object({
  brand_voice: z.string().trim().min(1),
  writing_style_guide: z.string().trim().min(1),
  image_style: z.string().trim().min(1),
  keywords: z.array(z.string().trim().min(1)).max(10),
  base_knowledge: z.string().trim().min(1),
});
export type BrandGuide = z.infer<typeof brandGuideSchema>;

const PAGE_CHARS = 3_000; // per page in the prompt, so 11 pages stay well inside small local models' context

/** Writes a brand guide from a site or from typed context, with whichever AI is configured. */
export async function writeBrandGuide(ai: Ai, source: BrandSource, usage: UsageTag): Promise<Generated<BrandGuide>> {
  const material = source.pages
    .map((page, index) =>
      [
        `## Page ${index + 1}${page.url ? ` (${page.url})` : ''}`,
        page.title && `Title: ${page.title}`,
        page.description && `Description: ${page.description}`,
        page.headings.length ? `Headings: ${page.headings.slice(0, 20).join(' | ')}` : '',
        page.text.slice(0, PAGE_CHARS),
      ]
        .filter(Boolean)
        .join('\n'),
    )
    .join('\n\n');
  const generated = await ai.generate({
    schema: brandGuideSchema,
    usage,
    draft: () => composeBrandGuideDraft(source),
    language: source.language,
    messages: [
      {
        role: 'system',
        content:
          'You are a brand strategist. From the material about a business, write its brand guide for a blog writer: ' +
          'brand_voice (tone, personality, with two or three example sentences in that voice), writing_style_guide ' +
          '(structure, sentence length, person, formatting, words to use and avoid), image_style (look of blog images), ' +
          'keywords (at most 10 SEO keyphrases the business should rank for) and base_knowledge (facts about the ' +
          'business, offer, audience and differentiators that articles can rely on). Use only facts from the material. ' +
          (source.voice ? `${VOICE_INSTRUCTION} ` : '') +
          languageInstruction(source.language),
      },
      {
        role: 'user',
        content: [
          source.site_url ? `Website: ${source.site_url}` : '',
          source.user_keywords.length ? `Keywords the user chose (keep them): ${source.user_keywords.join(', ')}` : '',
          source.voice ? voiceMaterial(source.voice) : '',
          material,
        ]
          .filter(Boolean)
          .join('\n\n'),
      },
    ],
  });
  return {
    ...generated,
    value: { ...generated.value, keywords: mergeKeywords(source.user_keywords, generated.value.keywords) },
  };
}

/** The user's keywords first, then the generated ones; trimmed, deduplicated case-insensitively, at most 10. */
export function mergeKeywords(...lists: string[][]): string[] {
  const seen = new Set<string>();
  const merged: string[] = [];
  for (const keyword of lists.flat()) {
    const clean = keyword.trim().replace(/\s+/g, ' ');
    if (!clean || seen.has(clean.toLowerCase())) continue;
    seen.add(clean.toLowerCase());
    merged.push(clean);
  }
  return merged.slice(0, 10);
}
