// The fact check's backbone (src/lib/claims): which parts of a post are claims, which source each cites, and how a
// claim stands against the text of that source.
import { describe, expect, it } from 'vitest';
import { extractClaims } from '../../src/lib/claims/extract.ts';
import { checkClaim } from '../../src/lib/claims/match.ts';
import { numbersIn } from '../../src/lib/claims/numbers.ts';
import { sentencesOf } from '../../src/lib/claims/prose.ts';

const SOURCE = 'https://bakery.example/starter';
const brief = (markdown: string) => extractClaims(markdown).map(({ text, kind, source }) => ({ text, kind, source }));

describe('claim extraction', () => {
  it('finds numbers with their unit, statistics, ratios and currency, with offsets into the markdown', () => {
    const markdown =
      'Our dough ferments for 36 hours. About 42% of starters die in summer, and 1 in 5 bakers gives up. A class costs $85 and 2.5 million loaves sell each year.';

    const claims = extractClaims(markdown);

    expect(claims.map(({ text, kind }) => ({ text, kind }))).toEqual([
      { text: '36 hours', kind: 'number' },
      { text: '42%', kind: 'statistic' },
      { text: '1 in 5', kind: 'statistic' },
      { text: '$85', kind: 'statistic' },
      { text: '2.5 million loaves', kind: 'statistic' },
    ]);
    for (const claim of claims) expect(markdown.slice(claim.start, claim.end)).toBe(claim.text);
  });

  it('takes the link right after a claim, or standing alone after the full stop, as its citation', () => {
    const markdown = [
      `Dough ferments for 36 hours [Hearth & Crumb](${SOURCE}), and 12 bakers shape it.`,
      '',
      `Most starters need 5 days. ([Starter guide](${SOURCE}/guide))`,
      '',
      'Nobody cites the 20 minutes of kneading.',
    ].join('\n');

    expect(brief(markdown)).toEqual([
      { text: '36 hours', kind: 'number', source: { url: SOURCE, title: 'Hearth & Crumb' } },
      { text: '12 bakers', kind: 'number', source: { url: SOURCE, title: 'Hearth & Crumb' } },
      { text: '5 days', kind: 'number', source: { url: `${SOURCE}/guide`, title: 'Starter guide' } },
      { text: '20 minutes', kind: 'number', source: null },
    ]);
  });

  it('finds quotations of three words or more, and names only where a fact is attributed or cited', () => {
    const markdown = [
      `The baker told us, “good bread needs time and patience” [About](${SOURCE}).`,
      'According to the USDA, bread is a staple.',
      'We love Portland in the spring.',
      'He said "yes please" twice.',
    ].join('\n\n');

    expect(brief(markdown).map(({ text, kind }) => `${kind}: ${text}`)).toEqual([
      'quote: good bread needs time and patience',
      'named: USDA',
    ]);
  });

  it('leaves headings, code, link texts, relative links and the closing link lists alone', () => {
    const markdown = [
      '## 7 ways to bake in 2024',
      '',
      'Read [our 10 best loaves](/best-loaves) and run `bake --minutes 45`.',
      '',
      '```',
      'const loaves = 12;',
      '```',
      '',
      '## Sources',
      '',
      `- [Report on 3 million loaves](${SOURCE})`,
    ].join('\n');

    expect(extractClaims(markdown)).toEqual([]);
  });

  it('takes numbers that label things (Step 2, Chapter 3) and ordinals for no figures', () => {
    expect(extractClaims('In Step 2 of Chapter 3 the 21st loaf rose, as Paragraph 1 about it says.')).toEqual([]);
  });

  it('gives each claim a stable id, the same for the same text in the same place', () => {
    const first = extractClaims('It takes 36 hours. Then 36 hours more.');
    const again = extractClaims('It takes 36 hours. Then 36 hours more.');

    expect(first.map((claim) => claim.id)).toEqual(again.map((claim) => claim.id));
    expect(new Set(first.map((claim) => claim.id)).size).toBe(2);
  });

  it('splits sentences across soft-wrapped lines, not at decimals or inside links', () => {
    const markdown = `It rose 2.5 cm in\none night [a page](${SOURCE}/a.b). Then it fell.`;

    const sentences = sentencesOf(markdown);

    expect(sentences).toHaveLength(2);
    expect(sentences[0]!.links.map((link) => link.url)).toEqual([`${SOURCE}/a.b`]);
  });
});

describe('claim matching', () => {
  const source = (text: string) => ({ url: SOURCE, title: 'The starter page', text });
  const claimOf = (markdown: string) => extractClaims(markdown)[0]!;

  it('supports a number its source states, in another form too, and shows the sentence it is in', () => {
    const page = 'We started in 2015. Today we are a team of twelve bakers. Sales grew 42 per cent, to 12,000 loaves.';

    const bakers = checkClaim(claimOf(`We are 12 bakers [us](${SOURCE}).`), source(page));
    const growth = checkClaim(claimOf(`Sales grew 42% [us](${SOURCE}).`), source(page));
    const loaves = checkClaim(claimOf(`We sell 12 thousand loaves [us](${SOURCE}).`), source(page));

    expect(bakers).toMatchObject({
      state: 'supported',
      passage: 'Today we are a team of twelve bakers.',
      source_title: 'The starter page',
    });
    expect(growth.state).toBe('supported');
    expect(loaves.state).toBe('supported');
  });

  it('marks a statistic its cited page lacks unsupported, with the closest passage and what to do', () => {
    const page = 'A sourdough starter is a living culture. Feed it flour and water every day.';

    const claim = checkClaim(claimOf(`Feed your starter 3 times a day [guide](${SOURCE}).`), source(page));

    expect(claim).toMatchObject({
      state: 'unsupported',
      kind: 'number',
      passage: 'Feed it flour and water every day.',
      source_url: SOURCE,
    });
    expect(claim.reason).toBe(
      'The cited page does not contain “3 times”. Check it against the source, or cite the page it comes from.',
    );
  });

  it('needs a percentage to be one in the source, not the same digits', () => {
    const claim = checkClaim(claimOf(`About 42% of starters die [guide](${SOURCE}).`), source('We own 42 jars.'));

    expect(claim.state).toBe('unsupported');
  });

  it('supports a quotation present in the source whatever its quotes, case and accents', () => {
    const page = 'We believe good bread needs time, organic flour and wild yeast — nothing more.';

    const claim = checkClaim(claimOf(`They say “Good bread needs time” [About](${SOURCE}).`), source(page));

    expect(claim).toMatchObject({ state: 'supported', kind: 'quote', passage: page });
  });

  it('checks names against the source, "&" read as "and"', () => {
    const page = 'Hearth and Crumb opened behind a garage in Portland.';

    const claim = checkClaim(claimOf(`The bakery opened in Portland [story](${SOURCE}).`), source(page));

    expect(claim).toMatchObject({ kind: 'named', text: 'Portland', state: 'supported' });
  });

  it('says a claim without a citation is uncited, and one whose page could not be read is unsupported', () => {
    const uncited = checkClaim(claimOf('Starters double in 8 hours.'), undefined);
    const unread = checkClaim(claimOf(`Starters double in 8 hours [x](${SOURCE}).`), {
      ...source(''),
      error: 'the server answered 404',
    });

    expect(uncited).toMatchObject({ state: 'uncited', source_url: null, passage: null });
    expect(uncited.reason).toBe(
      'No source is cited for this number. Link the page it comes from right after it, or remove it.',
    );
    expect(unread).toMatchObject({ state: 'unsupported', passage: null });
    expect(unread.reason).toContain('(the server answered 404)');
  });
});

describe('numbers', () => {
  it('reads digits, separators, magnitudes, percent words and number words the same way', () => {
    expect(numbersIn('12,000 and 12 000 and 12 thousand; 42 per cent; twenty-one; 3 million')).toEqual([
      { value: '12000', percent: false },
      { value: '12000', percent: false },
      { value: '12000', percent: false },
      { value: '42', percent: true },
      { value: '3000000', percent: false },
      { value: '21', percent: false },
    ]);
  });
});
