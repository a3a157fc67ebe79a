import type { PlanIdea, PlanSource } from '../content-plan.ts';
import { baseLanguage, hasNounPhrases, hasStopWords, mergeNearDuplicates } from './keywords.ts';
import { type PhraseShape, phraseShape, placesOf } from './noun-phrases.ts';
import { DRAFT_LABEL } from '../types.ts';
import { languageName } from '../../../../src/lib/seo/checklist/languages.ts';

/** One keyword cluster as titles use it: the phrase, and (English) how it reads. */
interface Cluster {
  keyword: string;
  shape: PhraseShape | null;
}

/** What an angle may write with: the cluster, its title-cased forms, a number, another cluster, the place. */
interface Fill {
  k: string;
  K: string;
  /** The phrase as a modifier: its head noun singular ("Sourdough Baking Class Prices"). */
  M: string;
  /** The thing in general: plural when countable ("Wood-Fired Ovens"), else the phrase ("Organic Flour"). */
  P: string;
  /** Are / Is, Work / Works: agreeing with P. */
  are: string;
  work: string;
  n: number;
  other: Cluster | undefined;
  place: string | undefined;
}

/**
 * An angle a keyword is written from. `noun` angles use the keyword as a modifier or subject and need a noun phrase;
 * the others read with any phrase ("The Complete Guide to Repairing Bikes"). Returns undefined when it does not fit.
 */
interface Angle {
  noun: boolean;
  /** False for angles that already name their reader or place ("for Beginners", "in Portland", "vs."). */
  audience?: false;
  write: (fill: Fill) => Omit<PlanIdea, 'secondary_keywords'> | undefined;
}

const idea = (
  title: string,
  target_keyword: string,
  content_type: string,
  search_intent: PlanIdea['search_intent'],
  outline: string[],
) => ({ title, target_keyword, content_type, search_intent, outline });

const ANGLES: Angle[] = [
  {
    noun: false,
    write: (f) =>
      idea(`The Complete Guide to ${f.P}`, `${f.k} guide`, 'guide', 'informational', [
        `What ${f.P.toLowerCase()} ${f.are.toLowerCase()}`,
        'Why it matters',
        'How to get started',
        'Next steps',
      ]),
  },
  {
    noun: true,
    write: (f) =>
      idea(`${f.n} ${f.M} Mistakes to Avoid`, `${f.k} mistakes`, 'listicle', 'informational', [
        'Why these mistakes happen',
        'The mistakes',
        'How to fix them',
        'Summary',
      ]),
  },
  {
    noun: false,
    audience: false,
    write: (f) =>
      idea(`${f.K} for Beginners: Where to Start`, `${f.k} for beginners`, 'guide', 'informational', [
        'The basics',
        'First steps',
        'Common questions',
        'Where to go next',
      ]),
  },
  {
    noun: true,
    write: (f) =>
      idea(`How to Choose the Right ${f.K}`, `how to choose ${f.k}`, 'how-to', 'commercial', [
        'What to look for',
        'Questions to ask',
        'Red flags',
        'Our pick',
      ]),
  },
  {
    noun: true,
    write: (f) =>
      idea(`${f.n} ${f.M} Tips That Actually Work`, `${f.k} tips`, 'listicle', 'informational', [
        'Before you start',
        'The tips',
        'Putting it together',
      ]),
  },
  {
    noun: false,
    audience: false,
    write: (f) =>
      f.place
        ? idea(`${f.K} in ${f.place}: A Local Guide`, `${f.k} ${f.place.toLowerCase()}`, 'guide', 'transactional', [
            `What to look for in ${f.place}`,
            'Where to go',
            'What it costs',
            'Booking or buying',
          ])
        : undefined,
  },
  {
    noun: true,
    write: (f) =>
      idea(`${f.M} Prices: What to Expect`, `${f.k} prices`, 'guide', 'commercial', [
        'What drives the price',
        'Typical ranges',
        'Ways to save',
        'Is it worth it',
      ]),
  },
  {
    noun: false,
    write: (f) =>
      idea(`${f.P}: Your Questions Answered`, `${f.k} faq`, 'faq', 'informational', [
        'The questions',
        'The answers',
        'Still unsure?',
      ]),
  },
  {
    noun: true,
    audience: false,
    write: (f) =>
      f.other?.shape?.nounPhrase
        ? idea(
            `${f.K} vs. ${titleCase(f.other.keyword)}: Which Is Right for You?`,
            `${f.k} vs ${f.other.keyword}`,
            'comparison',
            'commercial',
            ['How they differ', `When to choose ${f.k}`, `When to choose ${f.other.keyword}`, 'Verdict'],
          )
        : undefined,
  },
  {
    noun: false,
    write: (f) =>
      idea(`The Benefits of ${f.P}`, `${f.k} benefits`, 'guide', 'informational', [
        'The short answer',
        'The benefits',
        'Who benefits most',
      ]),
  },
  {
    noun: true,
    write: (f) =>
      idea(`The ${f.M} Checklist`, `${f.k} checklist`, 'checklist', 'informational', [
        'Preparation',
        'The checklist',
        'After you finish',
      ]),
  },
  {
    noun: false,
    write: (f) =>
      idea(`${f.n} Myths About ${f.P}`, `${f.k} myths`, 'listicle', 'informational', [
        'Where the myths come from',
        'The myths',
        'What is actually true',
      ]),
  },
  {
    noun: true,
    write: (f) =>
      idea(`${f.M} Trends to Watch This Year`, `${f.k} trends`, 'news', 'informational', [
        'What changed',
        'The trends',
        'What it means for you',
      ]),
  },
  {
    noun: false,
    audience: false,
    write: (f) =>
      idea(`${f.are} ${f.P} Worth It?`, `is ${f.k} worth it`, 'guide', 'commercial', [
        'What you get',
        'What it costs',
        'Who it suits',
        'Our answer',
      ]),
  },
  {
    noun: true,
    write: (f) =>
      idea(`How ${f.P} ${f.work}, Step by Step`, `how ${f.k} works`, 'how-to', 'informational', [
        'What you need',
        'The steps',
        'Troubleshooting',
      ]),
  },
];

// When the clusters run out: each idea again for one reader. Two words each, so a variant differs from the plain idea
// (and from the others) by more than the cannibalisation guard's near-duplicate share.
const AUDIENCES: [string, string][] = [
  ['for Small Businesses', 'for small businesses'],
  ['on a Tight Budget', 'on a tight budget'],
  ['for Busy Families', 'for busy families'],
  ['for First-Time Buyers', 'for first-time buyers'],
  ['for Busy Professionals', 'for busy professionals'],
  ['for Older Adults', 'for older adults'],
  ['in Small Spaces', 'in small spaces'],
];

const SMALL = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'vs', 'with']);

/** Title case as headlines write it: every word capitalised but the small ones inside the title. */
function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word, index) =>
      index > 0 && SMALL.has(word.toLowerCase())
        ? word.toLowerCase()
        : word.replace(/(^|-)(\p{L})/gu, (m) => m.toUpperCase()),
    )
    .join(' ');
}

/**
 * The label of offline plan entries: a simple tokeniser stood in where compromise has no model for the language, and
 * it says when it had no stop-word list for the language either.
 */
export function offlinePlanLabel(language?: string): string {
  if (hasNounPhrases(language)) return DRAFT_LABEL;
  const name = languageName(baseLanguage(language));
  const missing = hasStopWords(language) ? 'no noun-phrase model' : 'no noun-phrase model and no stop-word list';
  return `${DRAFT_LABEL}; keywords by a simple tokeniser (${missing} for ${name})`;
}

/** The plan's keyword clusters: near-duplicates merged, each with its shape when it is English. */
function clustersOf(source: PlanSource, language?: string): Cluster[] {
  const english = hasNounPhrases(language);
  const keywords = mergeNearDuplicates(
    source.keywords.map((keyword) => keyword.trim().toLowerCase()).filter(Boolean),
    language,
  );
  return (keywords.length ? keywords : ['our product']).map((keyword) => ({
    keyword,
    shape: english ? phraseShape(keyword) : null,
  }));
}

/**
 * A deterministic stream of plan ideas: every keyword cluster (near-duplicates merged) from every angle that reads
 * well with it, then each of those for one reader. English clusters are noun phrases, so titles are built
 * around a thing the site names ("7 Sourdough Starter Mistakes to Avoid"); other languages get the angles that read
 * with any phrase. The caller keeps the ones the cannibalisation guard lets through.
 */
export function* planIdeas(source: PlanSource, language?: string): Generator<PlanIdea> {
  const clusters = clustersOf(source, language);
  const place = hasNounPhrases(language) ? placesOf(source.base_knowledge)[0] : undefined;
  const fill = (cluster: Cluster, index: number, n: number): Fill => {
    const general = cluster.shape?.general ?? cluster.keyword;
    const plural = cluster.shape ? cluster.shape.generalPlural : false;
    // Compared with another kind of the same thing ("Country Sourdough vs. Slow-Fermented Sourdough"), never with
    // an unrelated keyword.
    const head = cluster.keyword.split(' ').at(-1);
    const other = clusters.find((item, at) => at > index && item.keyword.split(' ').at(-1) === head);
    return {
      k: cluster.keyword,
      K: titleCase(cluster.keyword),
      M: titleCase(cluster.shape?.singular ?? cluster.keyword),
      P: titleCase(general),
      are: plural ? 'Are' : 'Is',
      work: plural ? 'Work' : 'Works',
      n: 5 + (n % 6),
      other,
      place,
    };
  };
  const finish = (written: Omit<PlanIdea, 'secondary_keywords'>): PlanIdea => ({
    ...written,
    // Long-tail variants of this idea's own keyword: ideas of one cluster share no secondary keyword.
    secondary_keywords: [`best ${written.target_keyword}`, `${written.target_keyword} ideas`],
  });
  for (let angle = 0; angle < ANGLES.length; angle++) {
    for (const [index, cluster] of clusters.entries()) {
      const { noun, write } = ANGLES[(angle + index) % ANGLES.length] as Angle;
      if (noun && !cluster.shape?.nounPhrase) continue;
      const written = write(fill(cluster, index, angle + index));
      if (written) yield finish(written);
    }
  }
  for (const [title, keyword] of AUDIENCES) {
    for (let angle = 0; angle < ANGLES.length; angle++) {
      for (const [index, cluster] of clusters.entries()) {
        const { noun, audience, write } = ANGLES[(angle + index) % ANGLES.length] as Angle;
        if (audience === false || (noun && !cluster.shape?.nounPhrase)) continue;
        const written = write(fill(cluster, index, angle + index));
        if (!written) continue;
        yield finish({
          ...written,
          // "Organic Flour Prices: What to Expect" → "Organic Flour Prices for Small Businesses".
          title: `${written.title.replace(/(?::.*|, Step by Step|\?)$/, '')} ${title}`,
          target_keyword: `${written.target_keyword} ${keyword}`,
        });
      }
    }
  }
}

/** The deterministic plan: the first `count` ideas that `accept` lets through, given the ideas picked before them. */
export function composePlanDraft(
  source: PlanSource,
  count: number,
  accept: (idea: PlanIdea, picked: PlanIdea[]) => boolean,
  language?: string,
): { entries: PlanIdea[] } {
  const entries: PlanIdea[] = [];
  for (const idea of planIdeas(source, language)) {
    if (entries.length >= count) break;
    if (accept(idea, entries)) entries.push(idea);
  }
  return { entries };
}
