import { z } from 'zod';
import { languageName } from '../../../src/lib/languages/index.ts';
import { languageInstruction } from './language.ts';
import { restoreMarkdown, tokenizeMarkdown } from './markdown-tokens.ts';
import { AiError, type Ai, type UsageTag } from './types.ts';

/** The short texts of a post a translation carries over (empty ones stay empty). */
export interface PostTexts {
  title: string;
  meta_title: string;
  meta_description: string;
  excerpt: string;
  cover_image_alt: string;
  target_keyword: string;
}

/** A post's words in another language: its texts, its markdown, and the model that translated them. */
export interface TranslatedPost {
  texts: PostTexts;
  keywords: string[];
  markdown: string;
  model: string | null;
}

const TEXT_KEYS = ['title', 'meta_title', 'meta_description', 'excerpt', 'cover_image_alt', 'target_keyword'] as const;

/**
 * Translates a post with the configured model: the markdown in one written answer (continued when the model's output
 * limit cuts it), with code, links, images' addresses and the video paragraph kept out of the model's reach
 * (markdown-tokens.ts), then the short texts as one JSON object. There is no offline translation: without a model
 * this is an AiError('not_configured'), never the source text passed off as a translation.
 */
export async function translatePost(
  ai: Ai,
  input: { texts: PostTexts; keywords: string[]; markdown: string; from: string; to: string },
  usage: UsageTag,
): Promise<TranslatedPost> {
  if (!ai.model) throw new AiError('not_configured', 'Translating a post needs an AI model.');
  const from = languageName(input.from);
  const to = languageName(input.to);
  const instruction = languageInstruction(input.to);

  let markdown = '';
  if (input.markdown.trim()) {
    const tokenized = tokenizeMarkdown(input.markdown);
    const written = await ai.write({
      usage,
      language: input.to,
      messages: [
        {
          role: 'system',
          content:
            `You translate blog posts from ${from} into ${to}. Translate every heading, sentence, list item, table ` +
            'cell, link text and image description; keep the markdown structure line for line (headings, lists, ' +
            'emphasis, tables, blank lines). Tokens like ⟦3⟧ stand for links, code and videos: copy each one exactly ' +
            'once, unchanged, where it belongs in the translated sentence. Answer with the translated markdown only. ' +
            instruction,
        },
        { role: 'user', content: `Markdown to translate:\n\n${tokenized.text}` },
      ],
    });
    if (written.finishReason === 'length')
      throw new AiError('invalid_output', 'the translation was cut off at the model’s output limit');
    markdown = restoreMarkdown(written.text.trim(), tokenized.parts);
  }

  const present = TEXT_KEYS.filter((key) => input.texts[key].trim());
  const texts: PostTexts = { ...input.texts };
  let keywords = input.keywords;
  if (present.length || keywords.length) {
    const schema = z.object({
      ...Object.fromEntries(present.map((key) => [key, z.string().trim().min(1)])),
      ...(keywords.length ? { keywords: z.array(z.string().trim().min(1)).max(keywords.length) } : {}),
    });
    const source = {
      ...Object.fromEntries(present.map((key) => [key, input.texts[key]])),
      ...(keywords.length ? { keywords } : {}),
    };
    const generated = await ai.generate({
      schema,
      usage,
      language: input.to,
      // Never used: a model answers (checked above); the offline composer has no translation to give.
      draft: () => {
        throw new AiError('not_configured', 'Translating a post needs an AI model.');
      },
      messages: [
        {
          role: 'system',
          content:
            `You translate the title, search texts and keywords of a blog post from ${from} into ${to}, as a JSON ` +
            'object with the same keys. Keep a meta title within 60 characters and a meta description within 160; ' +
            'translate keywords as people searching in that language would type them. ' +
            instruction,
        },
        { role: 'user', content: JSON.stringify(source) },
      ],
    });
    const answer = generated.value as Record<string, unknown>;
    for (const key of present) texts[key] = String(answer[key] ?? input.texts[key]);
    if (Array.isArray(answer.keywords)) keywords = answer.keywords.map(String);
  }
  return { texts, keywords, markdown, model: ai.model };
}
