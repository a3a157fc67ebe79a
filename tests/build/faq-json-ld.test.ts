import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const client = join(process.env.DIST_DIR ?? 'dist', 'client');
const html = (path: string) => readFileSync(join(client, path, 'index.html'), 'utf8');

/** The questions a FAQPage JSON-LD block of the page names. */
function structuredQuestions(page: string): string[] {
  const blocks = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) =>
    JSON.parse(match[1]!),
  );
  const faq = blocks.find((block) => block['@type'] === 'FAQPage');
  return (faq?.mainEntity ?? []).map((question: { name: string }) => question.name);
}

/** The summaries of the page's <details> items: each FAQ item's summary holds its question (and maybe an icon). */
function visibleQuestions(page: string): string[] {
  const decode = (text: string) =>
    text
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .trim();
  return [...page.matchAll(/<details[^>]*>\s*<summary[^>]*>(.*?)<\/summary>/gs)].map((match) =>
    decode(match[1]!.replace(/<[^>]+>/g, '')),
  );
}

describe.skipIf(!existsSync(client))('FAQ structured data', () => {
  it.each(['', 'tools/local-seo-calculator/healthcare/de', 'tools/local-seo-calculator', 'insta-transcript'])(
    '/%s describes every question it shows as FAQPage JSON-LD',
    (path) => {
      const page = html(path);

      const questions = structuredQuestions(page);

      const shown = visibleQuestions(page);
      expect(questions.length).toBeGreaterThanOrEqual(5);
      expect(questions.filter((question) => !shown.some((summary) => summary.includes(question)))).toEqual([]);
    },
  );
});
