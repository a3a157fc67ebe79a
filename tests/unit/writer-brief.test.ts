// The writer's brief an offline run writes (api/blocks/writer/brief.ts), read from the demo bakery's own pages as the
// crawler extracts them: every quote is a sentence of the site with its page, no sentence template appears twice, and
// it holds what a writer needs (titles, keywords, outline with facts, questions, links, the call to action).
import { describe, expect, it } from 'vitest';
import { draftOutline } from '../../api/blocks/outline.ts';
import { writeBrief, type BriefInput } from '../../api/blocks/writer/brief.ts';
import { extractPage } from '../../api/providers/crawler/extract.ts';
import { PAGES } from '../fixtures/demo-site/pages.mjs';
import { briefQuotes, sentenceTemplates } from '../support/brief-check.ts';

const ORIGIN = 'https://hearth-and-crumb.test';
const site = Object.entries(PAGES)
  .filter(([path]) => !path.startsWith('/private'))
  .map(([path, html]) => {
    const { page } = extractPage(html, `${ORIGIN}${path}`);
    return { url: page.url, title: page.title, text: page.text };
  });

function brief(overrides: Partial<BriefInput> = {}): { input: BriefInput; markdown: string } {
  const topic = 'Keeping a sourdough starter alive';
  const input: BriefInput = {
    topic,
    keyword: 'sourdough starter',
    secondary: ['feeding schedule', 'organic flour'],
    outline: draftOutline(topic, 'sourdough starter', ''),
    notes: [],
    site,
    posts: [],
    ...overrides,
  };
  return { input, markdown: writeBrief(input) };
}

const vocabularyOf = (input: BriefInput) => [
  input.topic,
  input.keyword,
  ...input.secondary,
  input.outline.title,
  ...input.outline.sections.map((section) => section.heading),
];

describe("the writer's brief", () => {
  it("quotes only the site's own sentences, each with the page it is on", () => {
    const { markdown } = brief();

    const quotes = briefQuotes(markdown);

    expect(quotes.length).toBeGreaterThanOrEqual(6);
    for (const quote of quotes) {
      const page = site.find((candidate) => candidate.url === quote.url);
      expect(page, quote.url).toBeDefined();
      expect(page!.text.replace(/\s+/g, ' '), quote.text).toContain(quote.text);
    }
    expect(markdown).toContain(
      `“A sourdough starter is a living culture of wild yeast and bacteria.” — [How to keep a sourdough starter alive](${ORIGIN}/blog/sourdough-starter)`,
    );
  });

  it('uses no sentence template twice', () => {
    const { input, markdown } = brief();

    const templates = sentenceTemplates(markdown, vocabularyOf(input));

    expect(templates.length).toBeGreaterThan(5);
    expect(templates.filter((template, index) => templates.indexOf(template) !== index)).toEqual([]);
  });

  it('holds title options, keywords, the outline, questions, links to use and the call to action', () => {
    const { input, markdown } = brief({
      posts: [
        {
          title: 'Feeding a starter through winter',
          slug: 'feeding-a-starter-in-winter',
          target_keyword: 'sourdough starter winter',
          keywords: [],
        } as never,
      ],
    });

    expect(markdown.startsWith("> **Writer's brief — not the post yet.**")).toBe(true);
    expect(markdown).toContain('## Title options\n\n1. Keeping A Sourdough Starter Alive');
    expect(markdown).toContain('- Target keyword: **sourdough starter**');
    expect(markdown).toContain('- Secondary keywords: feeding schedule, organic flour');
    for (const section of input.outline.sections) expect(markdown).toContain(`### ${section.heading}`);
    expect(markdown).toContain('## Questions to answer');
    expect(markdown).toContain('“Is your starter sluggish?”');
    expect(markdown).toContain(`- [How to keep a sourdough starter alive](${ORIGIN}/blog/sourdough-starter)`);
    expect(markdown).toContain('- [Feeding a starter through winter](/feeding-a-starter-in-winter)');
    expect(markdown).toMatch(
      /## Call to action\n\nEnd with the next step your own site offers: “(Join|Order|Come|Ask)/,
    );
    expect(markdown).not.toMatch(/Explain .* in plain words|is where most people start/);
  });

  it('says once that the site was not read when there is nothing to quote, and still repeats no template', () => {
    const { input, markdown } = brief({ site: [] });

    expect(briefQuotes(markdown)).toEqual([]);
    expect(markdown.match(/has not been read yet/g)).toHaveLength(1);
    const templates = sentenceTemplates(markdown, vocabularyOf(input));
    expect(templates.filter((template, index) => templates.indexOf(template) !== index)).toEqual([]);
  });
});
