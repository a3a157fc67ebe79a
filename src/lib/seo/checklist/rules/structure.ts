// The post's shape: search title and description lengths, heading structure, section length and overall length.
import { DESCRIPTION_MAX, DESCRIPTION_MIN, TITLE_MAX, textLength } from '../../limits.ts';
import type { Analysis } from '../analysis.ts';
import { formatCount, plural } from '../text.ts';
import type { RuleResult } from '../types.ts';

type Rule = (analysis: Analysis) => RuleResult;

/** A search title this short rarely says what the post offers. */
export const TITLE_MIN = 30;
/** A description from this length up fills the snippet search results show. */
export const DESCRIPTION_GOOD = 120;
/** Words a section may run before a reader wants a new heading. */
export const SECTION_MAX_WORDS = 400;
/** The length target when no competitor pages were read for the post. */
export const DEFAULT_TARGET_WORDS = 800;

const quote = (text: string) => `“${text}”`;

export const titleLength: Rule = ({ searchTitle, input }) => {
  const base = { id: 'title-length', label: 'Search title length', weight: 6 } as const;
  const length = textLength(searchTitle);
  const which = input.meta_title.trim() ? 'The meta title' : 'The title';
  if (length === 0) return { ...base, state: 'fail', message: 'Give the post a title.' };
  if (length > TITLE_MAX)
    return {
      ...base,
      state: 'fail',
      message: `${which} is ${length} characters: search results cut it after ${TITLE_MAX}. Shorten it${input.meta_title.trim() ? '' : ', or set a shorter meta title'}.`,
    };
  if (length < TITLE_MIN)
    return {
      ...base,
      state: 'warn',
      message: `${which} is ${length} characters: use at least ${TITLE_MIN} to say what the post offers.`,
    };
  return {
    ...base,
    state: 'pass',
    message: `${which} is ${length} characters (${TITLE_MIN}–${TITLE_MAX} shows whole).`,
  };
};

export const descriptionLength: Rule = ({ input }) => {
  const base = { id: 'description-length', label: 'Meta description length', weight: 6 } as const;
  const length = textLength(input.meta_description.trim());
  const range = `${DESCRIPTION_GOOD}–${DESCRIPTION_MAX}`;
  if (length === 0)
    return {
      ...base,
      state: 'fail',
      message: `Write a meta description of ${range} characters: the summary under the title in search results.`,
    };
  if (length > DESCRIPTION_MAX)
    return {
      ...base,
      state: 'fail',
      message: `The meta description is ${length} characters: search results cut it after ${DESCRIPTION_MAX}. Shorten it.`,
    };
  if (length < DESCRIPTION_MIN)
    return {
      ...base,
      state: 'fail',
      message: `The meta description is ${length} characters: too short to say what the post offers. Aim for ${range}.`,
    };
  if (length < DESCRIPTION_GOOD)
    return {
      ...base,
      state: 'warn',
      message: `The meta description is ${length} characters: add a little, aiming for ${range}.`,
    };
  return { ...base, state: 'pass', message: `The meta description is ${length} characters.` };
};

export const noBodyH1: Rule = ({ parsed }) => {
  const base = { id: 'heading-h1', label: 'No H1 in the body', weight: 4 } as const;
  if (parsed.blocks.length === 0) return { ...base, state: 'na', message: 'Nothing written yet.' };
  const h1 = parsed.blocks.find((block) => block.kind === 'heading' && block.level === 1);
  if (h1)
    return {
      ...base,
      state: 'fail',
      message: `The body has an H1 (${quote(h1.text)}): the post's title is its page's one H1. Make it an H2 (##).`,
    };
  return { ...base, state: 'pass', message: "No H1 in the body: the title is the page's one H1." };
};

export const headingLevels: Rule = ({ parsed, size, unit }) => {
  const base = { id: 'heading-levels', label: 'Heading levels', weight: 4 } as const;
  const headings = parsed.blocks.filter((block) => block.kind === 'heading');
  if (headings.length === 0)
    return size >= 300 * unit.perWord
      ? { ...base, state: 'warn', message: 'Break the post into sections with H2 headings (##).' }
      : { ...base, state: 'na', message: 'No headings yet.' };
  let previous = 1; // the title is the page's H1
  for (const heading of headings) {
    if (heading.level > previous + 1)
      return {
        ...base,
        state: 'fail',
        message: `${quote(heading.text)} is an H${heading.level} after an H${previous}: use H${previous + 1}, so the outline skips no level.`,
      };
    previous = Math.max(heading.level, 1);
  }
  return { ...base, state: 'pass', message: 'Headings go down one level at a time.' };
};

export const sectionLength: Rule = ({ parsed, blockSizes, size, unit }) => {
  const base = { id: 'section-length', label: 'Section length', weight: 4 } as const;
  if (size === 0) return { ...base, state: 'na', message: 'Nothing written yet.' };
  const most = SECTION_MAX_WORDS * unit.perWord;
  let longest = { name: 'the introduction', size: 0 };
  let current = { name: 'the introduction', size: 0 };
  parsed.blocks.forEach((block, at) => {
    if (block.kind === 'heading') {
      if (current.size > longest.size) longest = current;
      current = { name: quote(block.text), size: 0 };
    } else current.size += blockSizes[at] ?? 0;
  });
  if (current.size > longest.size) longest = current;
  const runs = `The section ${longest.name} runs ${plural(longest.size, unit.one)}`;
  if (longest.size > most * 1.5)
    return {
      ...base,
      state: 'fail',
      message: `${runs}: split it with subheadings (at most ${formatCount(most)} ${unit.many} each).`,
    };
  if (longest.size > most)
    return {
      ...base,
      state: 'warn',
      message: `${runs}: consider a subheading (at most ${formatCount(most)} ${unit.many} a section).`,
    };
  return { ...base, state: 'pass', message: `No section runs over ${formatCount(most)} ${unit.many}.` };
};

export const length: Rule = ({ size, unit, input }) => {
  const base = { id: 'length', label: 'Length against competitors', weight: 10 } as const;
  const median = input.competitorWords && input.competitorWords > 0 ? Math.round(input.competitorWords) : null;
  const fallback = DEFAULT_TARGET_WORDS * unit.perWord;
  const target = median ?? fallback;
  // Competitor pages are counted in the post's unit too (the competitor block counts with the run's language).
  const against = median
    ? `the competitor pages read for this post have a median of ${formatCount(median)}`
    : `no competitor pages were read for this post, so the default target of ${plural(fallback, unit.one)} applies`;
  const written = plural(size, unit.one);
  if (size >= target) return { ...base, state: 'pass', message: `${written}; ${against}.` };
  const missing = formatCount(target - size);
  return {
    ...base,
    state: size >= target * 0.7 ? 'warn' : 'fail',
    message: `${written}; ${against}. Add about ${missing} ${unit.many} where a reader still has questions.`,
  };
};
