import type { BrandGuide, BrandSource } from '../brand-guide.ts';
import { extractKeywords } from './keywords.ts';
import { sentences, words } from './text.ts';
import { withMeasuredVoice } from './voice.ts';

/**
 * The deterministic brand guide: keyphrases (noun phrases ranked by TF-IDF) over the pages, the site's own headings and sentences as
 * voice examples, and plain measurements (sentence length, person, questions) turned into guidance.
 */
export function composeBrandGuideDraft(source: BrandSource): BrandGuide {
  const texts = source.pages.map((page) => [page.title, page.description, ...page.headings, page.text].join('. '));
  const allSentences = unique(source.pages.flatMap((page) => sentences(page.text)));
  const allWords = texts.flatMap((text) => words(text));
  const name =
    source.pages[0]?.title.split(/\s[—–|-]\s/)[0]?.trim() ||
    (source.site_url ? new URL(source.site_url).hostname : 'The business');
  // The brand's own name is never one of its keywords (it would plan posts like "7 Pedal Pastel Mistakes").
  const extracted = extractKeywords(texts, 10, { exclude: [name], language: source.language });
  const keywords = [...new Set([...source.user_keywords, ...extracted].map((k) => k.trim()).filter(Boolean))];
  const topics = keywords.slice(0, 10);

  const count = (list: string[]) => allWords.filter((word) => list.includes(word)).length;
  const you = count(['you', 'your', "you're", 'yours']);
  const we = count(['we', 'our', 'us', "we're", 'ours']);
  const averageLength = allSentences.length
    ? Math.round(allSentences.reduce((sum, sentence) => sum + sentence.split(' ').length, 0) / allSentences.length)
    : 14;
  const questions = allSentences.filter((sentence) => sentence.endsWith('?')).length;
  const exclamations = allSentences.filter((sentence) => sentence.endsWith('!')).length;

  const person =
    you > we
      ? 'speaks directly to the reader as "you"'
      : we > 0
        ? 'speaks as "we", a team talking about its own work'
        : 'keeps a neutral third-person view';
  const pace =
    averageLength <= 12
      ? 'short, punchy sentences'
      : averageLength <= 20
        ? 'medium-length, plain sentences'
        : 'long, detailed sentences';
  const energy =
    exclamations > questions && exclamations > 0
      ? 'upbeat and enthusiastic'
      : questions > 0
        ? 'conversational, asking the reader questions'
        : 'calm and informative';
  const examples = pickExamples(allSentences, 3);
  const headings = unique(source.pages.flatMap((page) => page.headings)).slice(0, 6);

  const brand_voice = [
    `${name} ${person}, in ${pace} (about ${averageLength} words on average), ${energy}.`,
    topics.length ? `It keeps coming back to ${listing(topics.slice(0, 4))}.` : '',
    examples.length ? `In its own words:\n${examples.map((sentence) => `- "${sentence}"`).join('\n')}` : '',
  ]
    .filter(Boolean)
    .join('\n');

  const writing_style_guide = [
    `- Write ${pace}; aim for about ${Math.max(10, Math.min(averageLength, 22))} words per sentence.`,
    `- Point of view: ${you >= we ? 'address the reader as "you"' : 'write as "we" and address the reader as "you"'}.`,
    `- Tone: ${energy}; explain before you sell.`,
    '- Structure: a clear H1, short intro, H2 sections with scannable lists, and a closing call to action.',
    headings.length
      ? `- Headings in the site's style, e.g. ${headings.map((heading) => `"${heading}"`).join(', ')}.`
      : '',
    topics.length ? `- Use the site's own terms: ${listing(topics)}.` : '',
  ]
    .filter(Boolean)
    .join('\n');

  const image_style = [
    `Clean, natural photography or simple illustrations showing ${topics.length ? listing(topics.slice(0, 3)) : 'the product in use'}.`,
    `Match the ${energy.split(',')[0]} tone: real people and real settings, uncluttered backgrounds, no text baked into images.`,
  ].join(' ');

  const facts = source.pages
    .map((page) => {
      const lead = sentences(page.text).slice(0, 2).join(' ');
      const summary = page.description || lead;
      return summary ? `- ${page.title ? `${page.title}: ` : ''}${summary}` : '';
    })
    .filter(Boolean);
  const base_knowledge = [
    source.site_url ? `Website: ${source.site_url}` : '',
    facts.length ? `What the site says:\n${facts.join('\n')}` : '',
    topics.length ? `Main topics: ${listing(topics)}.` : '',
  ]
    .filter(Boolean)
    .join('\n\n');

  const guide = {
    brand_voice,
    writing_style_guide,
    image_style,
    keywords: topics,
    base_knowledge: base_knowledge || `Main topics: ${listing(topics)}.`,
  };
  return source.voice ? withMeasuredVoice(guide, source.voice) : guide;
}

/** Sentences that show the voice: mid-length ones, spread over the text, in their original order. */
function pickExamples(all: string[], limit: number): string[] {
  const fitting = all.filter((sentence) => {
    const length = sentence.split(' ').length;
    return length >= 6 && length <= 30;
  });
  if (fitting.length <= limit) return fitting;
  const step = fitting.length / limit;
  return Array.from({ length: limit }, (_, index) => fitting[Math.floor(index * step)] as string);
}

function unique(list: string[]): string[] {
  return [...new Set(list.map((item) => item.trim()).filter(Boolean))];
}

function listing(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
