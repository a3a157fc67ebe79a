// Where the target keyword appears: title, first paragraph, an H2, slug, meta description; and how dense it is.
import { characterCount } from '../../../languages/words.ts';
import type { Analysis } from '../analysis.ts';
import { countPhrase, keywordPresence, occurrences, plural, squeezed } from '../text.ts';
import type { RuleResult } from '../types.ts';

type Rule = (analysis: Analysis) => RuleResult;

const quote = (text: string) => `“${text}”`;

/** A "keyword in X" rule: pass with the phrase, warn with its words apart, fail without them. */
function placement(
  id: RuleResult['id'],
  label: string,
  weight: number,
  where: (analysis: Analysis) => string,
  todo: (keyword: string) => string,
  place: string,
): Rule {
  return (analysis) => {
    const base = { id, label, weight };
    if (!analysis.keyword.length)
      return id === 'keyword-title'
        ? { ...base, state: 'fail', message: 'Set a target keyword: the checklist measures the post against it.' }
        : { ...base, state: 'na', message: 'No target keyword set.' };
    const keyword = quote(analysis.keywordText);
    const presence = keywordPresence(where(analysis), analysis.match);
    if (presence === 'phrase') return { ...base, state: 'pass', message: `${place} contains ${keyword}.` };
    if (presence === 'words')
      return {
        ...base,
        state: 'warn',
        message: `${place} has the words of ${keyword} but not together: use the phrase as people search it.`,
      };
    return { ...base, state: 'fail', message: todo(keyword) };
  };
}

export const keywordInTitle = placement(
  'keyword-title',
  'Keyword in the title',
  8,
  (a) => `${a.input.title} ${a.input.meta_title}`,
  (keyword) => `Put ${keyword} in the title, near its start.`,
  'The title',
);

export const keywordInIntro = placement(
  'keyword-intro',
  'Keyword in the first paragraph',
  6,
  (a) => a.parsed.blocks.find((block) => block.kind === 'paragraph')?.text ?? '',
  (keyword) =>
    `Use ${keyword} in the first paragraph, so readers and search engines know at once what the post covers.`,
  'The first paragraph',
);

export const keywordInHeading = placement(
  'keyword-heading',
  'Keyword in an H2',
  5,
  (a) =>
    a.parsed.blocks
      .filter((block) => block.kind === 'heading' && block.level === 2)
      .map((block) => block.text)
      .join(' · '),
  (keyword) => `Use ${keyword} (or a close variant) in at least one H2 heading.`,
  'An H2 heading',
);

const slugPlacement = placement(
  'keyword-slug',
  'Keyword in the slug',
  4,
  (a) => a.input.slug.replace(/-/g, ' '),
  (keyword) => `Put the words of ${keyword} in the slug (the post's address), joined by hyphens.`,
  'The slug',
);

/** A slug holds Latin letters and digits only (src/lib/posts/slug.ts): a keyword with neither cannot be in it. */
export const keywordInSlug: Rule = (analysis) => {
  if (analysis.keyword.length && !/[a-z0-9]/.test(analysis.keyword.join(' ')))
    return {
      id: 'keyword-slug',
      label: 'Keyword in the slug',
      weight: 4,
      state: 'na',
      message: `A slug holds only Latin letters and digits, so ${quote(analysis.keywordText)} cannot be in it.`,
    };
  return slugPlacement(analysis);
};

export const keywordInMeta = placement(
  'keyword-meta',
  'Keyword in the meta description',
  5,
  (a) => a.input.meta_description,
  (keyword) => `Use ${keyword} in the meta description: search results bold the words people searched for.`,
  'The meta description',
);

/** The keyword's share of the words, in percent: from 0.5 to 2.5 reads naturally; above 3.5 is stuffing. */
export const DENSITY = { low: 0.5, high: 2.5, stuffed: 3.5 } as const;

/** Below this many words (or their length in characters) density says little. */
const DENSITY_MIN_WORDS = 100;

/** How often the keyword occurs in the post: as consecutive terms, or as text in scripts written without spaces. */
function timesUsed({ match, parsed, terms }: Analysis): number {
  if (!match.joined) return countPhrase(terms, match.terms);
  return parsed.blocks.reduce((sum, block) => sum + occurrences(squeezed(block.text), match.joined), 0);
}

export const keywordDensity: Rule = (analysis) => {
  const base = { id: 'keyword-density', label: 'Keyword density', weight: 5 } as const;
  if (!analysis.keyword.length) return { ...base, state: 'na', message: 'No target keyword set.' };
  const { unit } = analysis;
  const minimum = DENSITY_MIN_WORDS * unit.perWord;
  if (analysis.size < minimum)
    return { ...base, state: 'na', message: `Too short to judge: write at least ${plural(minimum, unit.one)} first.` };
  const times = timesUsed(analysis);
  // In characters, the keyword's characters are its share (a 2-character keyword 30 times in 3,000 is 2%).
  const share = unit.one === 'character' ? times * characterCount(analysis.keywordText) : times;
  const density = (share * 100) / analysis.size;
  const shown = `${density.toFixed(1)}%`;
  const keyword = quote(analysis.keywordText);
  if (times === 0)
    return { ...base, state: 'fail', message: `${keyword} never appears in the text: use it where it fits naturally.` };
  if (density > DENSITY.stuffed)
    return {
      ...base,
      state: 'fail',
      message: `${keyword} is ${shown} of the ${unit.many} (${times} times): that reads as stuffing. Use synonyms, keep it under ${DENSITY.high}%.`,
    };
  if (density > DENSITY.high)
    return {
      ...base,
      state: 'warn',
      message: `${keyword} is ${shown} of the ${unit.many} (${times} times): a little high; aim for ${DENSITY.low}–${DENSITY.high}%.`,
    };
  if (density < DENSITY.low)
    return {
      ...base,
      state: 'warn',
      message: `${keyword} is ${shown} of the ${unit.many} (${times} ${times === 1 ? 'time' : 'times'}): use it a few more times, aiming for ${DENSITY.low}–${DENSITY.high}%.`,
    };
  return { ...base, state: 'pass', message: `${keyword} is ${shown} of the ${unit.many} (${times} times).` };
};

/** Another post (or planned entry) of the project targets the same or a near-duplicate keyword. */
export const keywordCompetition: Rule = (analysis) => {
  const base = { id: 'keyword-competition', label: 'No competing post', weight: 3 } as const;
  const competing = analysis.input.competing;
  if (!analysis.keyword.length) return { ...base, state: 'na', message: 'No target keyword set.' };
  if (!competing) return { ...base, state: 'na', message: 'Not checked against the project’s other posts yet.' };
  const posts = competing.filter((piece) => piece.kind === 'post');
  const keyword = quote(analysis.keywordText);
  if (posts.length)
    return {
      ...base,
      state: 'fail',
      message: `${keyword} competes with your post ${quote(posts[0]?.title ?? '')} (${posts[0]?.reason}): choose another keyword, or merge the two posts.`,
    };
  if (competing.length)
    return {
      ...base,
      state: 'warn',
      message: `${keyword} competes with the planned entry ${quote(competing[0]?.title ?? '')} (${competing[0]?.reason}): change one of them before both are written.`,
    };
  return { ...base, state: 'pass', message: `No other post of the project targets ${keyword}.` };
};
