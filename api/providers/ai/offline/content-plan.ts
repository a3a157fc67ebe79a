import type { PlanIdea, PlanSource } from '../content-plan.ts';

// Angles a keyword is written from: [target keyword pattern, title pattern, content type, search intent, outline].
type Angle = [string, string, string, PlanIdea['search_intent'], string[]];
const ANGLES: Angle[] = [
  [
    '{k} guide',
    'The Complete {K} Guide',
    'guide',
    'informational',
    ['What {k} means', 'Why it matters', 'How to get started', 'Next steps'],
  ],
  [
    'how to choose {k}',
    'How to Choose {K}: A Buyer’s Checklist',
    'how-to',
    'commercial',
    ['What to look for', 'Questions to ask', 'Red flags', 'Our pick'],
  ],
  [
    '{k} mistakes',
    '{N} {K} Mistakes to Avoid',
    'listicle',
    'informational',
    ['Why mistakes happen', 'The mistakes', 'How to fix them', 'Summary'],
  ],
  [
    '{k} tips',
    '{N} Practical {K} Tips That Work',
    'listicle',
    'informational',
    ['Before you start', 'The tips', 'Putting it together'],
  ],
  [
    '{k} cost',
    'How Much Does {K} Cost?',
    'guide',
    'commercial',
    ['What drives the price', 'Typical ranges', 'Ways to save', 'Is it worth it'],
  ],
  [
    '{k} for beginners',
    '{K} for Beginners: Start Here',
    'guide',
    'informational',
    ['The basics', 'First steps', 'Common questions', 'Where to go next'],
  ],
  [
    '{k} examples',
    '{N} Real {K} Examples',
    'case study',
    'informational',
    ['How we chose them', 'The examples', 'What they have in common'],
  ],
  [
    '{k} checklist',
    'The {K} Checklist',
    'checklist',
    'informational',
    ['Preparation', 'The checklist', 'After you finish'],
  ],
  [
    '{k} alternatives',
    '{K} Alternatives Compared',
    'comparison',
    'commercial',
    ['Why look for alternatives', 'The options', 'Side-by-side', 'Verdict'],
  ],
  [
    '{k} trends',
    '{K} Trends to Watch This Year',
    'news',
    'informational',
    ['What changed', 'The trends', 'What it means for you'],
  ],
  [
    '{k} faq',
    '{K}: Answers to the Most Common Questions',
    'faq',
    'informational',
    ['The questions', 'The answers', 'Still unsure?'],
  ],
  ['{k} tools', 'The Best {K} Tools', 'listicle', 'commercial', ['How we picked', 'The tools', 'Which one to choose']],
  [
    '{k} step by step',
    '{K} Step by Step',
    'how-to',
    'informational',
    ['What you need', 'The steps', 'Troubleshooting'],
  ],
  [
    '{k} benefits',
    'The Benefits of {K}',
    'guide',
    'informational',
    ['The short answer', 'The benefits', 'Who benefits most'],
  ],
  [
    '{k} near me',
    'Finding {K} Near You',
    'guide',
    'transactional',
    ['What to look for locally', 'Where to search', 'Booking or buying'],
  ],
];
// Two-word audiences, so an audience variant differs from the plain idea (and from each other) by more than one word.
const AUDIENCES = [
  '',
  'small businesses',
  'busy teams',
  'first-time buyers',
  'local shops',
  'online stores',
  'growing startups',
  'marketing managers',
];

const title = (text: string) => text.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());

/**
 * An endless, deterministic stream of plan ideas: every keyword cluster from every angle, then again for each
 * audience. The caller keeps the ones the cannibalisation guard lets through.
 */
export function* planIdeas(source: PlanSource): Generator<PlanIdea> {
  const clusters = source.keywords.length ? source.keywords : ['our product'];
  for (const audience of AUDIENCES) {
    for (let angle = 0; angle < ANGLES.length; angle++) {
      for (const [index, cluster] of clusters.entries()) {
        const keyword = cluster.toLowerCase();
        const [kw, heading, content_type, search_intent, outline] = ANGLES[(angle + index) % ANGLES.length] as Angle;
        const fill = (pattern: string) =>
          pattern
            .replaceAll('{k}', keyword)
            .replaceAll('{K}', title(keyword))
            .replaceAll('{N}', String(5 + ((angle + index) % 6)));
        const target = audience ? `${fill(kw)} for ${audience}` : fill(kw);
        yield {
          title: audience ? `${fill(heading)} for ${title(audience)}` : fill(heading),
          target_keyword: target,
          // Long-tail variants of this idea's own keyword: ideas of one cluster share no secondary keyword.
          secondary_keywords: [`best ${target}`, `${target} ideas`],
          search_intent,
          content_type,
          outline: outline.map(fill),
        };
      }
    }
  }
}

/** The deterministic plan: the first `count` ideas that `accept` lets through, given the ideas picked before them. */
export function composePlanDraft(
  source: PlanSource,
  count: number,
  accept: (idea: PlanIdea, picked: PlanIdea[]) => boolean,
): { entries: PlanIdea[] } {
  const entries: PlanIdea[] = [];
  for (const idea of planIdeas(source)) {
    if (entries.length >= count) break;
    if (accept(idea, entries)) entries.push(idea);
  }
  return { entries };
}
