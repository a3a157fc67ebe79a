// The SEO audit: search-snippet limits, unique titles and descriptions, self canonical, one h1, no empty
// heading, JSON-LD that parses. Takes plain {url, html} pages, so the public site's build and the hosted
// blogs can both be checked with it.
import { readPage } from './read-page.ts';
import { PAGE_CHECKS, type AuditRule, type Finding } from './rules.ts';

export type { AuditRule, Finding } from './rules.ts';
export { validateSitemap } from './sitemap.ts';

export interface AuditedPage {
  /** The page's public address, which its canonical link must repeat. */
  url: string;
  html: string;
}

/** Pages sharing one value (title or description): each is told which others it collides with. */
function duplicates(values: { url: string; value: string | undefined }[], rule: AuditRule, what: string): Finding[] {
  const groups = new Map<string, string[]>();
  for (const { url, value } of values) if (value) groups.set(value, [...(groups.get(value) ?? []), url]);
  return [...groups.entries()]
    .filter(([, urls]) => urls.length > 1)
    .flatMap(([value, urls]) =>
      urls.map((url) => ({
        url,
        rule,
        message: `The ${what} "${value}" is also used by ${urls.filter((other) => other !== url).join(', ')}. Each page needs its own.`,
      })),
    );
}

/** Audits the pages together (uniqueness spans them all); findings come back grouped by page, in input order. */
export function auditPages(pages: AuditedPage[]): Finding[] {
  const facts = pages.map((page) => ({ url: page.url, facts: readPage(page.html) }));
  const own = facts.flatMap(({ url, facts: page }) =>
    PAGE_CHECKS.flatMap((check) => check(page, url).map((finding) => ({ url, ...finding }))),
  );
  const shared = [
    ...duplicates(
      facts.map(({ url, facts: page }) => ({ url, value: page.titles[0] })),
      'unique title',
      'title',
    ),
    ...duplicates(
      facts.map(({ url, facts: page }) => ({ url, value: page.descriptions[0] })),
      'unique description',
      'meta description',
    ),
  ];
  const order = new Map(pages.map((page, index) => [page.url, index]));
  return [...own, ...shared].sort((a, b) => (order.get(a.url) ?? 0) - (order.get(b.url) ?? 0));
}

/** One line per finding, "URL — rule: message", for a test failure or a console. */
export function formatFindings(findings: Finding[]): string {
  return findings.map((finding) => `${finding.url} — ${finding.rule}: ${finding.message}`).join('\n');
}

/** How many findings each rule produced: the short summary above the full list. */
export function countByRule(findings: Finding[]): Partial<Record<AuditRule, number>> {
  const counts: Partial<Record<AuditRule, number>> = {};
  for (const finding of findings) counts[finding.rule] = (counts[finding.rule] ?? 0) + 1;
  return counts;
}
