// The per-page rules of the SEO audit, each worded for the content editor who must fix it.
import { DESCRIPTION_MAX, DESCRIPTION_MIN, TITLE_MAX, textLength } from '../limits.ts';
import type { PageFacts } from './read-page.ts';

export type AuditRule =
  | 'title'
  | 'description'
  | 'unique title'
  | 'unique description'
  | 'canonical'
  | 'one h1'
  | 'empty heading'
  | 'json-ld'
  | 'sitemap schema';

export interface Finding {
  /** The page (or sitemap file) that breaks the rule. */
  url: string;
  rule: AuditRule;
  /** What is wrong and what to do, in plain words. */
  message: string;
}

type Check = (facts: PageFacts, url: string) => Omit<Finding, 'url'>[];

const quote = (text: string) => `"${text}"`;

const title: Check = ({ titles }) => {
  if (titles.length === 0 || !titles[0])
    return [{ rule: 'title', message: 'The page has no title. Add one of at most 60 characters.' }];
  if (titles.length > 1) return [{ rule: 'title', message: `The page has ${titles.length} titles. Keep exactly one.` }];
  const length = textLength(titles[0]);
  return length > TITLE_MAX
    ? [
        {
          rule: 'title',
          message: `The title is ${length} characters long; search results cut it after ${TITLE_MAX}. Shorten it: ${quote(titles[0])}`,
        },
      ]
    : [];
};

const description: Check = ({ descriptions }) => {
  if (descriptions.length === 0 || !descriptions[0]) {
    return [
      {
        rule: 'description',
        message: `The page has no meta description. Add one of ${DESCRIPTION_MIN} to ${DESCRIPTION_MAX} characters.`,
      },
    ];
  }
  if (descriptions.length > 1)
    return [
      { rule: 'description', message: `The page has ${descriptions.length} meta descriptions. Keep exactly one.` },
    ];
  const length = textLength(descriptions[0]);
  if (length > DESCRIPTION_MAX) {
    return [
      {
        rule: 'description',
        message: `The meta description is ${length} characters long; search results cut it after ${DESCRIPTION_MAX}. Shorten it: ${quote(descriptions[0])}`,
      },
    ];
  }
  if (length < DESCRIPTION_MIN) {
    return [
      {
        rule: 'description',
        message: `The meta description is only ${length} characters long; write at least ${DESCRIPTION_MIN} so it says what the page offers: ${quote(descriptions[0])}`,
      },
    ];
  }
  return [];
};

const canonical: Check = ({ canonicals }, url) => {
  if (canonicals.length === 0)
    return [
      { rule: 'canonical', message: `The page has no canonical link. Add <link rel="canonical" href="${url}">.` },
    ];
  if (canonicals.length > 1)
    return [
      {
        rule: 'canonical',
        message: `The page has ${canonicals.length} canonical links. Keep exactly one, pointing at ${url}.`,
      },
    ];
  return canonicals[0] === url
    ? []
    : [
        {
          rule: 'canonical',
          message: `The canonical link points at ${canonicals[0]}, not at the page itself (${url}).`,
        },
      ];
};

const oneH1: Check = ({ headings }) => {
  const count = headings.filter((heading) => heading.level === 1).length;
  if (count === 1) return [];
  return [
    {
      rule: 'one h1',
      message:
        count === 0
          ? 'The page has no <h1> main heading. Give it exactly one.'
          : `The page has ${count} <h1> main headings. Keep exactly one.`,
    },
  ];
};

const emptyHeadings: Check = ({ headings }) =>
  headings.flatMap((heading, index) => {
    if (heading.text) return [];
    const after = headings
      .slice(0, index)
      .reverse()
      .find((earlier) => earlier.text);
    const where = after ? `after the heading ${quote(after.text)}` : 'before any other heading';
    return [
      {
        rule: 'empty heading' as const,
        message: `An <h${heading.level}> heading ${where} has no text. Give it words or make it a paragraph.`,
      },
    ];
  });

const jsonLd: Check = ({ jsonLd: blocks }) =>
  blocks.flatMap((block, index) => {
    try {
      JSON.parse(block);
      return [];
    } catch (error) {
      return [
        {
          rule: 'json-ld' as const,
          message: `Structured data block ${index + 1} (JSON-LD) is not valid JSON: ${(error as Error).message}`,
        },
      ];
    }
  });

/** Every rule that one page can break on its own, in the order editors read them. */
export const PAGE_CHECKS: Check[] = [title, description, canonical, oneH1, emptyHeadings, jsonLd];
