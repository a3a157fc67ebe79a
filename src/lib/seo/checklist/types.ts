// The on-page checklist's shapes (issue 27): one module scores a post in the editor (live) and on the server.

/** How a rule came out: passed, worth a look, failed, or not applicable to this post. */
export type RuleState = 'pass' | 'warn' | 'fail' | 'na';

/** The rules, in the order the checklist shows them. */
export const RULE_IDS = [
  'keyword-title',
  'keyword-intro',
  'keyword-heading',
  'keyword-slug',
  'keyword-meta',
  'title-length',
  'description-length',
  'heading-h1',
  'heading-levels',
  'section-length',
  'length',
  'internal-links',
  'sources',
  'image-alt',
  'readability',
  'keyword-density',
  'copied',
  'keyword-competition',
] as const;
export type RuleId = (typeof RULE_IDS)[number];

/** One rule's outcome: what it checks, how it came out, what to do about it, and how much it weighs in the score. */
export interface RuleResult {
  id: RuleId;
  label: string;
  state: RuleState;
  message: string;
  weight: number;
}

/** A source the post drew on, with the text it was read from (for the copied-words rule). */
export interface SourceText {
  url: string;
  title?: string | undefined;
  text: string;
}

/** A post or planned entry whose keyword competes with this post's (the calendar's cannibalisation guard). */
export interface CompetingPiece {
  kind: 'post' | 'entry';
  title: string;
  reason: string;
}

/** What the checklist reads: the post's fields and, optionally, what the project knows around it. */
export interface ChecklistInput {
  title: string;
  slug: string;
  markdown: string;
  meta_title: string;
  meta_description: string;
  target_keyword: string;
  lang: string;
  cover_image_url?: string | null | undefined;
  cover_image_alt?: string | undefined;
  /** The sources the post cites (its Sources list). */
  sources?: { url: string; title?: string | undefined }[] | undefined;
  /** The stored text of the sources it drew on: a run of 8+ words found there unquoted is copied. */
  sourceTexts?: SourceText[] | undefined;
  /** Median words of the competitor pages a run read for this post; null when none were read. */
  competitorWords?: number | null | undefined;
  /** The project's other published posts (slugs): links to them are internal links. */
  ownPosts?: { slug: string; title: string }[] | undefined;
  /** Hosts the project's blog answers on (its subdomain, its custom domain): absolute links there are internal. */
  blogHosts?: string[] | undefined;
  /** What competes with the post's keyword; undefined or null when not checked (the rule is then not applicable). */
  competing?: CompetingPiece[] | null | undefined;
}

/** The checklist of one post: every rule and the score, 0–100. */
export interface Checklist {
  score: number;
  rules: RuleResult[];
}
