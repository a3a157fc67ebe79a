// The writer's brief: what a run writes when no AI model is configured. Not prose dressed up as a post, but what a
// person needs to write one: title options, keywords, the outline with facts quoted from the brand's own site (each
// with the page it is on), questions to answer, links to use and the call to action. Every sentence of it is either the
// site's own or written once here: no sentence template appears twice.
import { isContentWord, sentences, words } from '../../providers/ai/offline/text.ts';
import type { SitePage } from '../../services/brand/queries.ts';
import type { LinkablePost } from '../../services/workflows/queries/blog-posts.ts';
import { oneLine, titleCase, type Outline, type ResearchNote, type StyleGuide } from '../shapes.ts';

export interface BriefInput {
  topic: string;
  keyword: string;
  secondary: string[];
  outline: Outline;
  guide?: StyleGuide | undefined;
  notes: ResearchNote[];
  site: SitePage[];
  posts: LinkablePost[];
}

/** The note a brief opens with: what it is, and the two ways to a post. */
export const BRIEF_NOTICE =
  "> **Writer's brief — not the post yet.** No AI model is configured, so Inkpilot gathered what this post needs instead of writing prose for you: facts from your own site with the page each one is on, questions to answer and links to use. Write the post in the editor in place of this brief, or configure an AI model (Advanced → AI model) and generate it again.";

/** One question per section, each asked once in a brief (sections beyond the list get none). */
const QUESTIONS = [
  'What does a reader need to know first here?',
  'Which mistake here do your customers make most often?',
  'What example from your own work shows this in practice?',
  'How would you explain this to someone trying it for the first time?',
  'Which number, date or price makes this concrete?',
  'What should a reader do today, and what can wait?',
  'Where does your experience differ from the usual advice?',
  'What does this cost a reader in time or money?',
  'Which question about this do customers ask you most?',
  'What would a reader miss if the post skipped this?',
  'Which tool, ingredient or step matters most here?',
  'How does a reader know it went well?',
  'What is the one thing to remember from this part?',
  'Who can skip this part, and why?',
];

/** Verbs a call to action on a website starts with. */
const CTA_VERBS =
  /^(join|book|order|visit|come|call|contact|ask|try|sign|subscribe|shop|get|download|start|discover|explore|buy|reserve|register|schedule|request|email|find|see)\b/i;
/** Outline points that are instructions to a writer (an offline outline's), not content. */
const INSTRUCTION = /^(explain|give|describe|mention|add|write|include|list)\b/i;

/** A word reduced to a rough stem (plural and -ing/-ed endings), so "starters" meets "starter". */
const stem = (word: string) => word.replace(/(ing|ed|es|s)$/, '').slice(0, 8);
const stems = (text: string) => new Set(words(text).filter(isContentWord).map(stem));

interface SiteSentence {
  text: string;
  url: string;
  title: string;
  /** How much the page it is on is about the topic (topic words its title shares). */
  page: number;
}

/** The page's name without the site's name after a separator ("About us — Bakery" → "About us"). */
const pageName = (page: SitePage) => page.title.split(/\s+[—|–·-]\s+/)[0]?.trim() || page.url;
const linkText = (text: string) => text.replace(/[[\]]/g, '');
/** At most `max` characters, cut at a word (a quoted passage must stay the source's own words). */
function clipWords(text: string, max: number): string {
  const clean = oneLine(text).replace(/[“”]/g, '"');
  if (clean.length <= max) return clean;
  return `${clean.slice(0, clean.lastIndexOf(' ', max)).replace(/[\s,;:]+$/, '')} …`;
}
const quote = (sentence: SiteSentence) => `“${sentence.text}” — [${linkText(sentence.title)}](${sentence.url})`;

/** Sentences of the site's pages, and the short questions a page asks its readers. */
function siteSentences(site: SitePage[], topic: Set<string>): SiteSentence[] {
  const seen = new Set<string>();
  return site.flatMap((page) => {
    const relevance = [...stems(page.title)].filter((word) => topic.has(word)).length;
    const asked = (page.text.match(/[^.!?\n]*\?/g) ?? [])
      .map((question) => question.trim())
      .filter((question) => question.split(/\s+/).length >= 3 && /^[\p{Lu}"“]/u.test(question));
    return [...sentences(page.text), ...asked]
      .filter((text) => text.length <= 320 && !seen.has(text) && seen.add(text))
      .map((text) => ({ text, url: page.url, title: pageName(page), page: relevance }));
  });
}

/**
 * How well a sentence fits a section: three for each word it shares with the section's own words (those not already
 * the topic's), one for each topic word, and one for each topic word in the title of its page.
 */
function score(sentence: SiteSentence, section: Set<string>, topic: Set<string>): number {
  let total = sentence.page;
  for (const word of stems(sentence.text)) total += (section.has(word) ? 3 : 0) + (topic.has(word) ? 1 : 0);
  return total;
}

const isFact = (sentence: SiteSentence) => !sentence.text.endsWith('?') && !CTA_VERBS.test(sentence.text);

/** Up to `count` unused site sentences stating facts that fit a section best (two topic or section words at least). */
function factsFor(pool: SiteSentence[], used: Set<string>, section: Set<string>, topic: Set<string>, count: number) {
  const own = new Set([...section].filter((word) => !topic.has(word)));
  const ranked = pool
    .filter((sentence) => !used.has(sentence.text) && isFact(sentence))
    .map((sentence) => ({ sentence, score: score(sentence, own, topic) }))
    .filter((entry) => entry.score >= 2)
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .map((entry) => entry.sentence);
  for (const sentence of ranked) used.add(sentence.text);
  return ranked;
}

const isQuestion = (text: string) =>
  /\?\s*$/.test(text) || /^(how|what|why|when|which|who|can|should|do|does|is|are)\b/i.test(text);

/** Three titles to choose from: the outline's, and two built around the keyword. */
function titleOptions(input: BriefInput): string[] {
  const keyword = oneLine(input.keyword).replace(/\?$/, '');
  const options = isQuestion(input.keyword)
    ? [input.outline.title, `${titleCase(keyword)}? The Short Answer`, `${titleCase(keyword)}: What Experts Check`]
    : [
        input.outline.title,
        `${titleCase(keyword)}: What to Know Before You Start`,
        `A Practical Guide to ${titleCase(keyword)}`,
      ];
  return [...new Set(options.map(oneLine))];
}

/** Pages of the site and posts of the blog that share the most with the topic, as links to suggest. */
function linksToSuggest(input: BriefInput, topic: Set<string>): string[] {
  const rank = <T>(items: T[], text: (item: T) => string) =>
    items
      .map((item) => ({ item, score: [...stems(text(item))].filter((word) => topic.has(word)).length }))
      .filter((entry) => entry.score > 0)
      .sort((a, b) => b.score - a.score)
      .map((entry) => entry.item);
  const pages = rank(input.site, (page) => `${page.title} ${page.text.slice(0, 600)}`).slice(0, 4);
  const posts = rank(input.posts, (post) => `${post.title} ${post.target_keyword} ${post.keywords.join(' ')}`).slice(
    0,
    3,
  );
  return [
    ...pages.map((page) => `- [${linkText(pageName(page))}](${page.url})`),
    ...posts.map((post) => `- [${linkText(post.title)}](/${post.slug})`),
  ];
}

/** The writer's brief in markdown (see the module comment). Deterministic for the same input. */
export function writeBrief(input: BriefInput): string {
  const topic = stems(`${input.topic} ${input.keyword} ${input.secondary.join(' ')}`);
  const pool = siteSentences(input.site, topic);
  const used = new Set<string>();
  const parts: string[] = [
    BRIEF_NOTICE,
    '## Title options',
    titleOptions(input)
      .map((title, index) => `${index + 1}. ${title}`)
      .join('\n'),
  ];

  const keywords = [`- Target keyword: **${oneLine(input.keyword)}**`];
  if (input.secondary.length) keywords.push(`- Secondary keywords: ${input.secondary.map(oneLine).join(', ')}`);
  parts.push('## Keywords', keywords.join('\n'));

  parts.push('## Outline');
  if (!pool.length)
    parts.push(
      'Your website has not been read yet (connect it from the Dashboard), so this outline quotes no facts from it.',
    );
  const questions: string[] = [];
  input.outline.sections.forEach((section, index) => {
    const heading = oneLine(section.heading);
    const lines = section.points
      .map(oneLine)
      .filter((point) => point && !INSTRUCTION.test(point))
      .map((point) => `- ${point}`);
    const own = stems(`${heading} ${section.points.join(' ')}`);
    for (const fact of factsFor(pool, used, own, topic, 2)) lines.push(`- ${quote(fact)}`);
    parts.push(`### ${heading}`);
    if (lines.length) parts.push(lines.join('\n'));
    const question = QUESTIONS[index];
    if (question) questions.push(`- **${heading}:** ${question}`);
  });

  const asked = pool.filter((sentence) => sentence.text.endsWith('?') && score(sentence, topic, topic) > 0);
  for (const sentence of asked.slice(0, 3)) questions.push(`- ${quote(sentence)}`);
  if (questions.length) parts.push('## Questions to answer', questions.join('\n'));

  const links = linksToSuggest(input, topic);
  if (links.length) parts.push('## Links to use', links.join('\n'));

  parts.push('## Call to action');
  const cta = pool
    .filter((sentence) => CTA_VERBS.test(sentence.text) && !sentence.text.endsWith('?'))
    .sort((a, b) => score(b, topic, topic) - score(a, topic, topic))[0];
  parts.push(
    cta
      ? `End with the next step your own site offers: ${quote(cta)}`
      : 'Your site offers no call to action to quote, so end with the one next step you want readers to take.',
  );

  if (input.notes.length) {
    parts.push(
      '## Research notes',
      input.notes
        .slice(0, 8)
        .map((note) => `- “${clipWords(note.passage, 240)}” — [${linkText(note.title || note.url)}](${note.url})`)
        .join('\n'),
    );
  }
  return `${parts.join('\n\n')}\n`;
}
