// Offline plans with real NLP (issue 27): keywords are noun phrases (compromise), never verb fragments or the brand's
// own name; near-duplicate keywords are one; titles are built around those phrases and read as English. The demo
// website is the bakery the browser and API tests connect; the bike shop is the issue's own example.
import { describe, expect, it } from 'vitest';
import { composeBrandGuideDraft } from '../../api/providers/ai/offline/brand-guide.ts';
import { composePlanDraft, offlinePlanLabel } from '../../api/providers/ai/offline/content-plan.ts';
import { extractKeywords, mergeNearDuplicates } from '../../api/providers/ai/offline/keywords.ts';
import { phraseShape } from '../../api/providers/ai/offline/noun-phrases.ts';
import { DRAFT_LABEL } from '../../api/providers/ai/types.ts';
import { extractPage } from '../../api/providers/crawler/extract.ts';
import { competes, firstCompetitor, keywordKey } from '../../api/services/plan/cannibalisation.ts';
import { JOURNAL, PAGES } from '../fixtures/demo-site/pages.mjs';

// The pages the crawl reaches: not the private ones, nor the journal articles read only as example articles (issue 24).
const demoPages = Object.entries(PAGES)
  .filter(([path]) => !path.startsWith('/private') && !(path in JOURNAL))
  .map(([path, html]) => extractPage(html, `http://127.0.0.1:4700${path}`).page);
const demoGuide = composeBrandGuideDraft({ site_url: 'http://127.0.0.1:4700/', pages: demoPages, user_keywords: [] });

const BIKE_SHOP = [
  'Pedal & Pastel — bike repair in Lisbon. Lisbon riders choose Pedal & Pastel for bike repairs. Repairing bikes is what we do: e-bike servicing, brake tuning and wheel truing.',
  'Bike repairs in a day. Our mechanics handle e-bike servicing and bike repair for commuters across Lisbon.',
  'About Pedal & Pastel: a small workshop in Lisbon where commuters bring their e-bikes for e-bike service.',
];

type Idea = { title: string; target_keyword: string; secondary_keywords: string[] };
const asPiece = (idea: Idea) => ({
  title: idea.title,
  target_keyword: idea.target_keyword,
  keywords: idea.secondary_keywords,
});
const plan = (keywords: string[], base_knowledge = '', language?: string) =>
  composePlanDraft(
    { keywords, base_knowledge, brand_voice: '', planned: [], refused: [] },
    30,
    (idea, picked) => !firstCompetitor(asPiece(idea), picked.map(asPiece)),
    language,
  ).entries;

describe('keywords of a site', () => {
  it('are the noun phrases the demo bakery names, never a verb fragment or the brand', () => {
    expect(demoGuide.keywords).toEqual(
      expect.arrayContaining(['sourdough bread', 'sourdough starter', 'sourdough baking classes', 'organic flour']),
    );
    // What the old RAKE tokeniser proposed from the same pages: "order sourdough", "hearth crumb bakery".
    for (const keyword of demoGuide.keywords) {
      expect(keyword).not.toMatch(/\b(order|hearth|crumb|bake|come|visit)\b/);
      expect(phraseShape(keyword).nounPhrase, keyword).toBe(true);
    }
  });

  it('merge near-duplicates (bike repair, bike repairs, repairing bikes) and leave the brand out', () => {
    const keywords = extractKeywords(BIKE_SHOP, 10, { exclude: ['Pedal & Pastel'] });

    expect(keywords[0]).toBe('bike repair');
    expect(keywords.filter((keyword) => /\bbikes?\b|\brepair/.test(keyword) && !/e-bike/.test(keyword))).toEqual([
      'bike repair',
    ]);
    expect(keywords.filter((keyword) => /e-bike/.test(keyword))).toHaveLength(1);
    expect(keywords.join(' ')).not.toMatch(/pedal|pastel|choose/);
    expect(
      mergeNearDuplicates(['bike repair', 'Bike Repairs', 'repairing bikes', 'e-bike service', 'e-bike servicing']),
    ).toEqual(['bike repair', 'e-bike service']);
  });

  it('fall back to a simple tokeniser with the language’s stop words where compromise has no model', () => {
    const german = [
      'Wir rösten jede Woche frischen Kaffee aus kleinen Farmen. Frischen Kaffee gibt es im Laden und online.',
      'Unser frischen Kaffee kommt aus Äthiopien und Kolumbien, und wir versenden frischen Kaffee in ganz Europa.',
    ];

    const keywords = extractKeywords(german, 5, { language: 'de' });

    expect(keywords[0]).toBe('frischen kaffee');
    expect(keywords.join(' ')).not.toMatch(/\b(und|der|wir|es|aus)\b/);
    expect(offlinePlanLabel('de')).toBe(
      `${DRAFT_LABEL}; keywords by a simple tokeniser (no noun-phrase model for German)`,
    );
    expect(offlinePlanLabel()).toBe(DRAFT_LABEL);
  });

  it('say when a language has no stop-word list, and never split its text at English stop words', () => {
    // Polish "most" is a bridge, not the English stop word: "most zwodzony" (a drawbridge) is the phrase here.
    const polish = [
      'Most zwodzony w Gdańsku otwiera się co godzinę. Most zwodzony to symbol miasta.',
      'Zwiedzanie: most zwodzony, stare miasto i port. Nasz przewodnik pokaże most zwodzony.',
    ];

    const keywords = extractKeywords(polish, 5, { language: 'pl' });

    expect(keywords[0]).toBe('most zwodzony');
    expect(offlinePlanLabel('pl')).toBe(
      `${DRAFT_LABEL}; keywords by a simple tokeniser (no noun-phrase model and no stop-word list for Polish)`,
    );
    expect(offlinePlanLabel('ja')).toBe(
      `${DRAFT_LABEL}; keywords by a simple tokeniser (no noun-phrase model and no stop-word list for Japanese)`,
    );
  });
});

describe('the offline plan', () => {
  it('has 30 entries from the demo site, none competing with another, no two on near-duplicate keywords', () => {
    const entries = plan(demoGuide.keywords, demoGuide.base_knowledge);

    expect(entries).toHaveLength(30);
    for (const [index, a] of entries.entries())
      for (const b of entries.slice(index + 1))
        expect(competes(asPiece(a), asPiece(b)), `${a.title} / ${b.title}`).toBeNull();
    expect(new Set(entries.map((entry) => keywordKey(entry.target_keyword))).size).toBe(30);
  });

  it('builds every title around one of the site’s noun phrases, in headline case, the words agreeing', () => {
    const entries = plan(demoGuide.keywords, demoGuide.base_knowledge);
    const phrases = demoGuide.keywords.flatMap((keyword) => {
      const shape = phraseShape(keyword);
      return [keyword, shape.singular, shape.general];
    });
    const titles = entries.map((entry) => entry.title);

    for (const title of titles) {
      expect(
        phrases.some((phrase) => title.toLowerCase().includes(phrase.toLowerCase())),
        title,
      ).toBe(true);
      expect(title).not.toMatch(/\b(\w+) \1\b/i); // no doubled word
      expect(title).toMatch(/^[\dA-Z]/);
    }
    expect(titles).toEqual(
      expect.arrayContaining([
        'The Complete Guide to Sourdough Bread',
        expect.stringMatching(/^\d+ Sourdough Starter Mistakes to Avoid$/),
        'How to Choose the Right Sourdough Baking Classes',
        expect.stringMatching(/^\d+ Sourdough Baking Class Tips That Actually Work$/),
        'Organic Flour in Portland: A Local Guide',
      ]),
    );
  });

  it('never templates a brand name or a verb fragment into a title (the issue’s "7 Pedal Pastel Mistakes to Avoid")', () => {
    const keywords = extractKeywords(BIKE_SHOP, 10, { exclude: ['Pedal & Pastel'] });

    const titles = plan(keywords, 'Pedal & Pastel repairs bikes in Lisbon.').map((entry) => entry.title);

    expect(titles).toHaveLength(30);
    expect(titles.join('\n')).not.toMatch(/Pedal|Pastel|Riders Choose|Choose Trends/);
    expect(titles).toContain('Bike Repair in Lisbon: A Local Guide');
  });

  it('plans 30 from one keyword, and from near-duplicates as from one', () => {
    expect(plan(['bike repair'])).toHaveLength(30);
    expect(plan(['bike repair', 'bike repairs', 'repairing bikes']).map((entry) => entry.title)).toEqual(
      plan(['bike repair']).map((entry) => entry.title),
    );
  });

  it('plans in another language with the angles that read with any phrase', () => {
    const entries = plan(['frischen kaffee', 'kaffee abo'], '', 'de');

    expect(entries).toHaveLength(30);
    expect(entries[0]?.title).toBe('The Complete Guide to Frischen Kaffee');
  });
});
