// What the post offers a reader: internal links, cited sources, image descriptions, readability, and its own words.
import type { Analysis } from '../analysis.ts';
import { COPIED_RUN, copiedRuns } from '../copied.ts';
import { languageName } from '../languages.ts';
import { formulaFor, readingEase } from '../readability.ts';
import { plural } from '../text.ts';
import type { RuleResult } from '../types.ts';

type Rule = (analysis: Analysis) => RuleResult;

/** Below this many words a readability score says little. */
export const READABILITY_MIN_WORDS = 100;

const quote = (text: string) => `“${text}”`;

/** The path of a link when it points into the project's blog (relative, or absolute on one of its hosts). */
function blogPathOf(url: string, hosts: Set<string>): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  if (!/^https?:\/\//i.test(url)) return /^[a-z0-9-]+\/?$/i.test(url) ? url : null;
  try {
    const parsed = new URL(url);
    return hosts.has(parsed.hostname.toLowerCase()) ? parsed.pathname : null;
  } catch {
    return null;
  }
}

/** The slug a blog path ends with. */
const lastSegment = (path: string) => (path.split(/[?#]/)[0] ?? '').replace(/\/+$/, '').split('/').pop() ?? '';

function linkKinds({ parsed, input }: Analysis): { internal: string[]; external: string[] } {
  const hosts = new Set((input.blogHosts ?? []).map((host) => host.toLowerCase()));
  const slugs = new Set((input.ownPosts ?? []).map((post) => post.slug));
  const internal: string[] = [];
  const external: string[] = [];
  for (const link of parsed.links) {
    const path = blogPathOf(link.url, hosts);
    if (path !== null) {
      if (slugs.has(lastSegment(path))) internal.push(link.url);
    } else if (/^https?:\/\//i.test(link.url)) external.push(link.url);
  }
  return { internal, external };
}

export const internalLinks: Rule = (analysis) => {
  const base = { id: 'internal-links', label: 'Internal links', weight: 6 } as const;
  const own = analysis.input.ownPosts ?? [];
  if (own.length === 0)
    return { ...base, state: 'na', message: 'The project has no other published post to link to yet.' };
  const { internal } = linkKinds(analysis);
  const count = new Set(internal).size;
  if (count === 0)
    return {
      ...base,
      state: 'warn',
      message: `Link to at least one of your published posts where it helps the reader, e.g. ${quote(own[0]?.title ?? '')}.`,
    };
  return { ...base, state: 'pass', message: `Links to ${plural(count, 'post')} of your blog.` };
};

// Figures a reader may want to check: percentages and numbers of two or more digits that are not years.
const FIGURE = /\d+(?:[.,]\d+)?\s?(?:%|percent|per cent)|\b(?!(?:19|20)\d{2}\b)\d{2,}(?:[.,]\d+)*\b/i;

export const citedSources: Rule = (analysis) => {
  const base = { id: 'sources', label: 'Cited sources', weight: 6 } as const;
  const cited = new Set([
    ...(analysis.input.sources ?? []).map((source) => source.url).filter((url) => /^https?:\/\//i.test(url)),
    ...linkKinds(analysis).external,
  ]);
  if (cited.size > 0) return { ...base, state: 'pass', message: `Cites ${plural(cited.size, 'source')}.` };
  const figures = analysis.body.some((block) => FIGURE.test(block.text));
  return figures
    ? {
        ...base,
        state: 'fail',
        message: 'The post states figures but cites no source: link to where each figure comes from.',
      }
    : { ...base, state: 'warn', message: 'Cite at least one source a reader can check.' };
};

export const imageAlt: Rule = ({ parsed, input }) => {
  const base = { id: 'image-alt', label: 'Image descriptions', weight: 4 } as const;
  const images = [...parsed.images];
  if (input.cover_image_url) images.unshift({ alt: input.cover_image_alt ?? '', url: input.cover_image_url });
  if (images.length === 0) return { ...base, state: 'na', message: 'No images.' };
  const missing = images.filter((image) => !image.alt.trim());
  if (missing.length === 0) return { ...base, state: 'pass', message: `Every image is described (${images.length}).` };
  const first = missing[0]?.url === input.cover_image_url ? 'the cover' : `the first is ${missing[0]?.url}`;
  return {
    ...base,
    state: 'fail',
    message: `${plural(missing.length, 'image has', 'images have')} no description (${first}): say what each shows, for readers who cannot see it.`,
  };
};

export const readability: Rule = ({ body, input }) => {
  const base = { id: 'readability', label: 'Readability', weight: 6 } as const;
  const lang = input.lang || 'en';
  const formula = formulaFor(lang);
  if (!formula) return { ...base, state: 'na', message: `No readability formula for ${languageName(lang)}.` };
  const measured = readingEase(
    body.map((block) => block.text),
    formula,
  );
  if (!measured || measured.counts.words < READABILITY_MIN_WORDS)
    return {
      ...base,
      state: 'na',
      message: `Too short to measure: ${formula.name} needs at least ${READABILITY_MIN_WORDS} words.`,
    };
  const score = Math.round(measured.score);
  const perSentence = Math.round(measured.counts.words / measured.counts.sentences);
  const named = `${formula.name} ${score}`;
  if (score >= formula.easy)
    return { ...base, state: 'pass', message: `${named}: easy for most readers (${formula.easy} or more).` };
  return {
    ...base,
    state: score >= formula.fair ? 'warn' : 'fail',
    message: `${named}: ${score >= formula.fair ? 'fairly hard' : 'hard'} to read. Shorten long sentences (about ${perSentence} words each now) and prefer shorter words; aim for ${formula.easy} or more.`,
  };
};

export const copiedText: Rule = ({ body, input }) => {
  const base = { id: 'copied', label: 'Own words', weight: 8 } as const;
  const sources = input.sourceTexts ?? [];
  if (sources.length === 0) return { ...base, state: 'na', message: 'No stored source text to compare with.' };
  if (body.length === 0) return { ...base, state: 'na', message: 'Nothing written yet.' };
  const runs = copiedRuns(
    body.filter((block) => block.kind !== 'quote').map((block) => block.text),
    sources,
  );
  if (runs.length === 0)
    return {
      ...base,
      state: 'pass',
      message: `No run of ${COPIED_RUN} or more words is taken from the ${plural(sources.length, 'source')} without quotation marks.`,
    };
  const first = runs[0];
  const where = first?.source.title || first?.source.url || 'a source';
  return {
    ...base,
    state: 'fail',
    message: `${plural(runs.length, 'passage')} copied without quotation marks, e.g. ${first?.words} words from ${where}: ${quote(first?.text ?? '')}. Quote it or say it in your own words.`,
  };
};
