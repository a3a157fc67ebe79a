// The on-page checklist (issue 27), rule by rule: a post that passes everything, and for each rule the change that
// makes it fail (or warn), with the message saying what to do.
import { describe, expect, it } from 'vitest';
import { gateVerdict } from '../../src/lib/seo/checklist/gate.ts';
import {
  type ChecklistInput,
  RULE_IDS,
  type RuleId,
  type RuleResult,
  runChecklist,
  scoreOf,
} from '../../src/lib/seo/checklist/index.ts';
import { parseMarkdown } from '../../src/lib/seo/checklist/markdown.ts';

const SENTENCES = [
  'Check the tyres before each ride.',
  'A clean chain runs quiet and lasts long.',
  'Keep a small pump in your bag.',
  'Brakes that squeal need a look soon.',
  'Most jobs take less than an hour.',
  'You need few tools to start.',
  'Wipe the frame when it is wet.',
  'Tight bolts keep the ride safe.',
  'Ask us when a part looks worn.',
  'Good bike repair saves you money in the long run.',
];

/** About `words` words of short, plain sentences: easy to read, with the keyword now and then. */
function prose(words: number, offset = 0): string {
  const out: string[] = [];
  let count = 0;
  for (let at = offset; count < words; at++) {
    const sentence = SENTENCES[at % SENTENCES.length] as string;
    out.push(sentence);
    count += sentence.split(' ').length;
  }
  return out.join(' ');
}

const BODY = [
  'Bike repair is easier than most riders think. This guide walks through what we do in our shop every day, step by step.',
  '',
  '![A mechanic trues a wheel on a stand](https://cdn.example.com/wheel.jpg)',
  '',
  '## Bike repair tools you need',
  '',
  prose(220, 0),
  '',
  '## How to fix a flat tyre',
  '',
  prose(220, 3),
  '',
  '### Patch or replace',
  '',
  prose(120, 5),
  '',
  '## When to see a mechanic',
  '',
  `${prose(200, 2)} Read our [guide to chains](/chain-care) too, and the [shop's own numbers](https://stats.example.org/report).`,
].join('\n');

/** A post that passes every rule; each test changes one thing. */
function good(change: Partial<ChecklistInput> = {}): ChecklistInput {
  return {
    title: 'Bike repair at home: a simple guide for riders',
    slug: 'bike-repair-at-home',
    markdown: BODY,
    meta_title: '',
    meta_description:
      'Bike repair at home is easier than you think: the few tools you need, how to fix a flat tyre in ten minutes and when to see a mechanic.',
    target_keyword: 'bike repair',
    lang: 'en',
    cover_image_url: 'https://cdn.example.com/cover.jpg',
    cover_image_alt: 'A bike upside down on a workshop floor',
    sources: [{ url: 'https://stats.example.org/report', title: 'Cycling report' }],
    sourceTexts: [
      {
        url: 'https://stats.example.org/report',
        title: 'Cycling report',
        text: 'Commuters in the city rode forty percent more kilometres this year than the year before, the survey found.',
      },
    ],
    competitorWords: 700,
    ownPosts: [{ slug: 'chain-care', title: 'How to care for your chain' }],
    blogHosts: ['shop.blogs.example.com'],
    competing: [],
    ...change,
  };
}

const rule = (input: ChecklistInput, id: RuleId): RuleResult => {
  const found = runChecklist(input).rules.find((result) => result.id === id);
  if (!found) throw new Error(`no rule ${id}`);
  return found;
};

describe('the checklist as a whole', () => {
  it('passes a well-made post on every rule, scoring 100', () => {
    const checklist = runChecklist(good());

    expect(checklist.rules.map((result) => [result.id, result.state])).toEqual(RULE_IDS.map((id) => [id, 'pass']));
    expect(checklist.score).toBe(100);
  });

  it('gives each rule an id, a label, a message and a weight, and the weights add up to 100', () => {
    const { rules } = runChecklist(good());

    for (const result of rules) {
      expect(result.label.length).toBeGreaterThan(3);
      expect(result.message.length).toBeGreaterThan(10);
    }
    expect(rules.reduce((sum, result) => sum + result.weight, 0)).toBe(100);
  });

  it('scores the weighted share of passes, a warning counting half, over the rules that apply', () => {
    const rules: RuleResult[] = [
      { id: 'length', label: 'a', state: 'pass', message: 'm', weight: 10 },
      { id: 'sources', label: 'b', state: 'warn', message: 'm', weight: 6 },
      { id: 'image-alt', label: 'c', state: 'fail', message: 'm', weight: 4 },
      { id: 'copied', label: 'd', state: 'na', message: 'm', weight: 8 },
    ];

    expect(scoreOf(rules)).toBe(65); // (10 + 3) / 20
  });

  it('scores an empty draft low and never throws on odd markdown', () => {
    const empty = runChecklist({
      ...good(),
      title: '',
      slug: '',
      markdown: '',
      meta_description: '',
      target_keyword: '',
    });
    const odd = runChecklist(good({ markdown: 'Text before it.\n\n```\nunclosed fence\n# not a heading\n' }));

    expect(empty.score).toBeLessThan(30);
    expect(odd.rules.find((result) => result.id === 'heading-h1')?.state).toBe('pass');
  });
});

describe('keyword placement', () => {
  it('keyword in the title: the phrase passes, its words apart warn, neither fails', () => {
    expect(rule(good(), 'keyword-title').state).toBe('pass');
    expect(rule(good({ title: 'Repair your bike at home: a simple guide' }), 'keyword-title').state).toBe('warn');
    const missing = rule(good({ title: 'Fixing flats at home: a simple guide' }), 'keyword-title');
    expect(missing).toMatchObject({ state: 'fail', message: 'Put “bike repair” in the title, near its start.' });
  });

  it('keyword in the title fails without a target keyword, and the other keyword rules do not apply', () => {
    const input = good({ target_keyword: '  ' });

    expect(rule(input, 'keyword-title').message).toBe(
      'Set a target keyword: the checklist measures the post against it.',
    );
    expect(rule(input, 'keyword-intro').state).toBe('na');
    expect(rule(input, 'keyword-density').state).toBe('na');
  });

  it('matches plurals and hyphens as search engines do', () => {
    expect(rule(good({ target_keyword: 'bike repairs' }), 'keyword-title').state).toBe('pass');
    expect(
      rule(good({ target_keyword: 'e-bike repair', title: 'E bike repair made simple for riders' }), 'keyword-title')
        .state,
    ).toBe('pass');
  });

  it('keyword in the first paragraph', () => {
    expect(rule(good(), 'keyword-intro').state).toBe('pass');
    const markdown = BODY.replace('Bike repair is easier', 'Fixing a bike is easier');
    expect(rule(good({ markdown }), 'keyword-intro')).toMatchObject({
      state: 'fail',
      message: expect.stringContaining('Use “bike repair” in the first paragraph'),
    });
  });

  it('keyword in an H2 (an H3 does not count)', () => {
    expect(rule(good(), 'keyword-heading').state).toBe('pass');
    const markdown = BODY.replace('## Bike repair tools you need', '### Bike repair tools you need');
    expect(rule(good({ markdown: markdown.replace('### Patch', '### Patch') }), 'keyword-heading').state).toBe('fail');
  });

  it('keyword in the slug', () => {
    expect(rule(good(), 'keyword-slug').state).toBe('pass');
    expect(rule(good({ slug: 'fix-it-at-home' }), 'keyword-slug').state).toBe('fail');
  });

  it('keyword in the meta description', () => {
    expect(rule(good(), 'keyword-meta').state).toBe('pass');
    const meta_description =
      'Fix your own bike at home: the tools you need, how to mend a flat and when to see a mechanic, step by step.';
    expect(rule(good({ meta_description }), 'keyword-meta').state).toBe('fail');
  });

  it('keyword density: in range passes, rare warns, absent or stuffed fails', () => {
    expect(rule(good(), 'keyword-density').state).toBe('pass');
    const rare = BODY.replaceAll('Good bike repair saves', 'Good care saves');
    expect(rule(good({ markdown: rare }), 'keyword-density').state).toBe('warn');
    const absent = rare
      .replace('Bike repair is easier', 'Fixing is easier')
      .replace('## Bike repair tools', '## Tools');
    expect(rule(good({ markdown: absent }), 'keyword-density').state).toBe('fail');
    const stuffed = `${BODY}\n\n${'Bike repair, bike repair and more bike repair. '.repeat(12)}`;
    expect(rule(good({ markdown: stuffed }), 'keyword-density')).toMatchObject({
      state: 'fail',
      message: expect.stringContaining('that reads as stuffing'),
    });
  });

  it('a competing post fails, a competing planned entry warns, nothing competing passes, unchecked does not apply', () => {
    expect(rule(good(), 'keyword-competition').state).toBe('pass');
    const post = { kind: 'post' as const, title: 'Bike repair basics', reason: 'same target keyword' };
    expect(rule(good({ competing: [post] }), 'keyword-competition')).toMatchObject({
      state: 'fail',
      message:
        '“bike repair” competes with your post “Bike repair basics” (same target keyword): choose another keyword, or merge the two posts.',
    });
    const entry = { kind: 'entry' as const, title: 'Repairing bikes', reason: 'near-duplicate target keyword' };
    expect(rule(good({ competing: [entry] }), 'keyword-competition').state).toBe('warn');
    expect(rule(good({ competing: null }), 'keyword-competition').state).toBe('na');
  });
});

describe('titles and descriptions', () => {
  it('search title length: 30–60 passes, shorter warns, longer fails; the meta title is what search shows', () => {
    expect(rule(good(), 'title-length').state).toBe('pass');
    expect(rule(good({ title: 'Bike repair' }), 'title-length').state).toBe('warn');
    const long = 'Bike repair at home: every tool, every step and every mistake to avoid, explained';
    expect(rule(good({ title: long }), 'title-length').message).toBe(
      'The title is 81 characters: search results cut it after 60. Shorten it, or set a shorter meta title.',
    );
    expect(
      rule(good({ title: long, meta_title: 'Bike repair at home: tools, steps, mistakes' }), 'title-length').state,
    ).toBe('pass');
  });

  it('meta description length: 120–160 passes, 70–119 warns, empty, short or long fails', () => {
    expect(rule(good(), 'description-length').state).toBe('pass');
    expect(
      rule(
        good({ meta_description: 'Bike repair at home: the tools, the steps and when to ask a mechanic for help.' }),
        'description-length',
      ).state,
    ).toBe('warn');
    expect(rule(good({ meta_description: '' }), 'description-length').state).toBe('fail');
    expect(rule(good({ meta_description: 'Bike repair.' }), 'description-length').state).toBe('fail');
    expect(rule(good({ meta_description: 'x'.repeat(161) }), 'description-length').state).toBe('fail');
  });
});

describe('structure', () => {
  it('no H1 in the body', () => {
    expect(rule(good(), 'heading-h1').state).toBe('pass');
    expect(rule(good({ markdown: `# Bike repair\n\n${BODY}` }), 'heading-h1')).toMatchObject({
      state: 'fail',
      message: "The body has an H1 (“Bike repair”): the post's title is its page's one H1. Make it an H2 (##).",
    });
  });

  it('heading levels: a skipped level fails, a long post without headings warns', () => {
    expect(rule(good(), 'heading-levels').state).toBe('pass');
    expect(
      rule(good({ markdown: BODY.replace('### Patch or replace', '#### Patch or replace') }), 'heading-levels').message,
    ).toBe('“Patch or replace” is an H4 after an H2: use H3, so the outline skips no level.');
    expect(rule(good({ markdown: prose(400) }), 'heading-levels').state).toBe('warn');
  });

  it('section length: over 400 words warns, over 600 fails, naming the section', () => {
    expect(rule(good(), 'section-length').state).toBe('pass');
    const warn = BODY.replace('## When to see a mechanic\n\n', `## When to see a mechanic\n\n${prose(250)} `);
    expect(rule(good({ markdown: warn }), 'section-length')).toMatchObject({
      state: 'warn',
      message: expect.stringContaining('The section “When to see a mechanic” runs'),
    });
    const fail = `${prose(650)}\n\n${BODY}`;
    expect(rule(good({ markdown: fail }), 'section-length').message).toMatch(
      /^The section the introduction runs 6\d\d words/,
    );
  });

  it('length against the competitors read: their median, else the labelled default of 800 words', () => {
    expect(rule(good(), 'length').state).toBe('pass');
    expect(rule(good({ competitorWords: 1000 }), 'length')).toMatchObject({
      state: 'warn',
      message: expect.stringContaining('the competitor pages read for this post have a median of 1,000'),
    });
    expect(rule(good({ competitorWords: 3000 }), 'length').state).toBe('fail');
    expect(rule(good({ competitorWords: null }), 'length').message).toContain(
      'no competitor pages were read for this post, so the default target of 800 words applies',
    );
  });
});

describe('links, sources, images', () => {
  it("internal links count links to the project's published posts, relative or on the blog's host", () => {
    expect(rule(good(), 'internal-links').state).toBe('pass');
    const absolute = BODY.replace('(/chain-care)', '(https://shop.blogs.example.com/chain-care)');
    expect(rule(good({ markdown: absolute }), 'internal-links').state).toBe('pass');
    const elsewhere = BODY.replace('(/chain-care)', '(https://other.example.com/chain-care)');
    expect(rule(good({ markdown: elsewhere }), 'internal-links')).toMatchObject({
      state: 'warn',
      message:
        'Link to at least one of your published posts where it helps the reader, e.g. “How to care for your chain”.',
    });
    expect(rule(good({ ownPosts: [] }), 'internal-links').state).toBe('na');
  });

  it('cited sources: none warns, none while stating figures fails', () => {
    expect(rule(good(), 'sources').state).toBe('pass');
    const markdown = BODY.replace(", and the [shop's own numbers](https://stats.example.org/report)", '');
    expect(rule(good({ markdown, sources: [] }), 'sources').state).toBe('warn');
    expect(rule(good({ markdown: `${markdown}\n\nWe fix 120 bikes a week.`, sources: [] }), 'sources').state).toBe(
      'fail',
    );
  });

  it('image descriptions: the cover and every image in the body need one', () => {
    expect(rule(good(), 'image-alt').state).toBe('pass');
    expect(rule(good({ cover_image_alt: ' ' }), 'image-alt').message).toBe(
      '1 image has no description (the cover): say what each shows, for readers who cannot see it.',
    );
    expect(
      rule(good({ markdown: BODY.replace('![A mechanic trues a wheel on a stand]', '![]') }), 'image-alt').state,
    ).toBe('fail');
    expect(rule(good({ markdown: prose(900), cover_image_url: null }), 'image-alt').state).toBe('na');
  });
});

describe('readability', () => {
  it('passes plain English, fails dense English, and names a language without a formula', () => {
    expect(rule(good(), 'readability')).toMatchObject({
      state: 'pass',
      message: expect.stringMatching(/^Flesch reading ease \d+/),
    });
    const dense = Array.from(
      { length: 20 },
      () =>
        'Comprehensive maintenance considerations necessitate systematic evaluation of deteriorating mechanical components, particularly regarding transmission infrastructure reliability.',
    ).join(' ');
    expect(rule(good({ markdown: dense }), 'readability')).toMatchObject({
      state: 'fail',
      message: expect.stringContaining('hard to read'),
    });
    expect(rule(good({ lang: 'ja' }), 'readability')).toMatchObject({
      state: 'na',
      message: 'No readability formula for Japanese.',
    });
  });

  it('uses the formula of the post language (pt-BR is Portuguese)', () => {
    expect(rule(good({ lang: 'pt-BR' }), 'readability').message).toMatch(/^Flesch \(Portuguese\) \d+/);
    expect(rule(good({ lang: 'de' }), 'readability').message).toMatch(/^Amstad /);
  });
});

describe('languages written without spaces (Japanese, Chinese, Thai)', () => {
  // A post with the keyword in its title, first paragraph, an H2, the meta description and the body, in paragraphs of
  // sentences repeated to a realistic length.
  function unspaced(lang: string, keyword: string, parts: Record<string, string>, times: number): ChecklistInput {
    return good({
      lang,
      target_keyword: keyword,
      title: parts.title as string,
      slug: 'home-baking-guide',
      meta_description: parts.meta as string,
      markdown: [
        parts.intro,
        `## ${parts.h2}`,
        (parts.body as string).repeat(times),
        `## ${parts.h2b}`,
        (parts.body2 as string).repeat(times),
      ].join('\n\n'),
      competitorWords: null,
    });
  }
  const japanese = unspaced(
    'ja',
    'パン',
    {
      title: '家で焼くパンの基本：初心者でも失敗しない簡単なパン作りの手順',
      meta: '家でおいしいパンを焼くための道具、発酵のコツ、焼き方を初心者向けにわかりやすく説明します。',
      intro: 'パンを家で焼くのは思ったより簡単です。この記事では、毎日のパン作りで大切なことを順番に説明します。',
      h2: 'パン作りに必要な道具',
      body: 'まず計量カップとボウルを用意しましょう。小麦粉、水、塩、酵母があれば、おいしいパンが焼けます。生地はゆっくり発酵させると香りがよくなります。\n\n',
      h2b: '発酵と焼き上げのコツ',
      body2:
        '温度は二十五度くらいが理想です。生地が二倍にふくらんだら、ガスを抜いて形を整えます。焼く前にもう一度休ませましょう。\n\n',
    },
    24,
  );
  const chinese = unspaced(
    'zh',
    '面包',
    {
      title: '在家烤面包：新手也能学会的简单面包制作指南和常见问题解答',
      meta: '在家烤出好吃的面包需要哪些工具、发酵有什么窍门、怎样烤得均匀，本文为新手一步一步说明。',
      intro: '在家烤面包比你想象的要简单。本文一步一步介绍每天做面包时最重要的事情。',
      h2: '做面包需要的工具',
      body: '首先准备量杯和大碗。有了面粉、水、盐和酵母，就能烤出好吃的面包。面团慢慢发酵，香味会更好。\n\n',
      h2b: '发酵和烘烤的窍门',
      body2: '理想的温度大约是二十五度。面团膨胀到两倍大时，排气并整形。烤之前再让它休息一次，这样口感更松软。\n\n',
    },
    18,
  );
  const thai = unspaced(
    'th',
    'ขนมปัง',
    {
      title: 'วิธีอบขนมปังที่บ้าน คู่มือง่ายๆ สำหรับมือใหม่',
      meta: 'อบขนมปังที่บ้านให้อร่อย ต้องใช้อุปกรณ์อะไร หมักแป้งอย่างไร และอบอย่างไรให้สุกทั่วกัน บทความนี้อธิบายทีละขั้นตอนสำหรับมือใหม่',
      intro: 'การอบขนมปังที่บ้านง่ายกว่าที่คุณคิด บทความนี้อธิบายสิ่งสำคัญในการทำขนมปังทีละขั้นตอน',
      h2: 'อุปกรณ์สำหรับทำขนมปัง',
      body: 'เริ่มจากเตรียมถ้วยตวงและชามผสม แป้ง น้ำ เกลือ และยีสต์ก็พอสำหรับขนมปังอร่อย ปล่อยให้แป้งขึ้นช้าๆ กลิ่นจะหอมขึ้น\n\n',
      h2b: 'เคล็ดลับการหมักและการอบ',
      body2: 'อุณหภูมิที่เหมาะคือประมาณยี่สิบห้าองศา เมื่อแป้งขึ้นเป็นสองเท่า ให้ไล่อากาศแล้วขึ้นรูป พักอีกครั้งก่อนอบ\n\n',
    },
    16,
  );

  it.each([
    ['Japanese', japanese],
    ['Chinese', chinese],
    ['Thai', thai],
  ])(
    'finds the keyword of a %s post in its title, first paragraph, an H2, the meta description and the text',
    (_, post) => {
      for (const id of [
        'keyword-title',
        'keyword-intro',
        'keyword-heading',
        'keyword-meta',
        'keyword-density',
      ] as const)
        expect(rule(post, id), id).toMatchObject({ state: 'pass' });
      // Slugs hold Latin letters and digits only: a keyword in another script cannot be in one.
      expect(rule(post, 'keyword-slug')).toMatchObject({
        state: 'na',
        message: `A slug holds only Latin letters and digits, so “${post.target_keyword}” cannot be in it.`,
      });
    },
  );

  it('counts Japanese and Chinese in characters, and Thai in words, with targets that fit', () => {
    const length = rule(japanese, 'length');
    expect(length.state).toBe('pass');
    expect(length.message).toMatch(
      /^3,\d{3} characters; no competitor pages were read for this post, so the default target of 1,600 characters applies\.$/,
    );
    expect(rule(japanese, 'keyword-density').message).toMatch(/^“パン” is \d\.\d% of the characters \(\d+ times\)\.$/);
    expect(rule(chinese, 'length')).toMatchObject({
      state: 'pass',
      message: expect.stringMatching(/^1,\d{3} characters;/),
    });
    expect(rule(chinese, 'section-length').message).toMatch(/characters/);
    const thaiLength = rule(thai, 'length');
    expect(thaiLength.state).toBe('pass');
    const thaiWords = Number(/^([\d,]+) words;/.exec(thaiLength.message)?.[1]?.replace(/,/g, ''));
    expect(thaiWords).toBeGreaterThan(800);
    expect(thaiWords).toBeLessThan(1500);
  });

  it('matches the keyword inside a longer word and keeps the marks that make another word (パ is not ハ)', () => {
    const bakery = good({
      lang: 'ja',
      target_keyword: 'パン',
      title: '東京のパン屋めぐり：朝から行きたい人気店の選び方',
    });
    const burger = good({
      lang: 'ja',
      target_keyword: 'パン',
      title: 'ハンバーガーの名店めぐり：東京で人気の店の選び方',
    });

    expect(rule(bakery, 'keyword-title').state).toBe('pass');
    expect(rule(burger, 'keyword-title').state).toBe('fail');
  });

  it('lets the quality gate through a Japanese, Chinese or Thai post that uses its keyword well', () => {
    for (const post of [japanese, chinese, thai]) {
      const checklist = runChecklist(post);
      expect(gateVerdict(checklist, { min_score: 70, hold_claims: true }), post.lang).toEqual({
        passes: true,
        reasons: [],
      });
    }
  });
});

describe('own words', () => {
  const source = {
    url: 'https://news.example.com/cycling',
    title: 'City cycling news',
    text: 'The city council said that the new bike lanes along the river will open to riders next spring after a long delay.',
  };

  it('fails a run of 8 or more words taken from a source without quotation marks, naming it', () => {
    const markdown = `${BODY}\n\nThe new bike lanes along the river will open to riders next spring, we hear.`;

    expect(rule(good({ markdown, sourceTexts: [source] }), 'copied')).toMatchObject({
      state: 'fail',
      message:
        '1 passage copied without quotation marks, e.g. 13 words from City cycling news: “The new bike lanes along the river will open to riders next spring”. Quote it or say it in your own words.',
    });
  });

  it('passes the same words in quotation marks or a block quote, and 7 words in a row', () => {
    const quoted = `${BODY}\n\nThe council said “the new bike lanes along the river will open to riders next spring”.`;
    const blockquote = `${BODY}\n\n> The new bike lanes along the river will open to riders next spring.`;
    const seven = `${BODY}\n\nThe new bike lanes along the river are great.`;

    for (const markdown of [quoted, blockquote, seven])
      expect(rule(good({ markdown, sourceTexts: [source] }), 'copied').state).toBe('pass');
  });

  it('does not apply without stored source text', () => {
    expect(rule(good({ sourceTexts: [] }), 'copied')).toMatchObject({
      state: 'na',
      message: 'No stored source text to compare with.',
    });
  });
});

describe('the quality gate', () => {
  const settings = { min_score: 70, hold_claims: true };

  it('passes a post at or above the minimum with no unsupported or copied claims', () => {
    expect(
      gateVerdict(runChecklist(good()), settings, [
        { text: '12 bakers', state: 'supported' },
        { text: '3 hours', state: 'uncited' },
      ]),
    ).toEqual({
      passes: true,
      reasons: [],
    });
  });

  it('holds a post below the minimum, naming the failing rules to fix first', () => {
    const weak = runChecklist(good({ title: 'Fixing flats', meta_description: '', competitorWords: 4000 }));

    const verdict = gateVerdict(weak, settings);

    expect(verdict.passes).toBe(false);
    expect(verdict.reasons[0]).toMatch(
      /^Score \d+ is below the project's minimum of 70 \(fix first: length against competitors, keyword in the title, meta description length\)\.$/,
    );
  });

  it('holds unsupported and copied claims while the setting is on, and not when it is off', () => {
    const source = { url: 'https://x.example.com', text: 'one two three four five six seven eight nine ten' };
    const copied = runChecklist(
      good({ markdown: `${BODY}\n\none two three four five six seven eight nine`, sourceTexts: [source] }),
    );
    const claims = [
      { text: '40 bakers', state: 'unsupported' as const },
      { text: '3 hours', state: 'unsupported' as const },
    ];

    expect(gateVerdict(copied, settings, claims).reasons).toEqual([
      '2 claims are not supported by the source cited for them: “40 bakers”, “3 hours”.',
      'Text is copied from a source without quotation marks.',
    ]);
    expect(gateVerdict(copied, { min_score: 0, hold_claims: false }, claims)).toEqual({ passes: true, reasons: [] });
  });

  it('names at most three unsupported claims, counting the rest', () => {
    const claims = ['40 bakers', '3 hours', '90%', '1 in 5', '£12'].map((text) => ({
      text,
      state: 'unsupported' as const,
    }));

    expect(gateVerdict(runChecklist(good()), settings, claims).reasons).toEqual([
      '5 claims are not supported by the source cited for them: “40 bakers”, “3 hours”, “90%” and 2 more.',
    ]);
  });
});

describe('parseMarkdown', () => {
  it('reads headings (ATX and setext), items, quotes, tables, links and images, and skips fenced code', () => {
    const parsed = parseMarkdown(
      [
        'Title line',
        '===',
        '## Section ##',
        'Some **bold** and [a link](https://a.example) with <img src="/x.png" alt="X">.',
        '- item one',
        '1. item two',
        '> quoted',
        '| a | b |',
        '|---|---|',
        '| c | d |',
        '```js',
        '# not a heading',
        '```',
        '![alt text](/y.png "title")',
      ].join('\n'),
    );

    expect(parsed.blocks.map((block) => [block.kind, block.level, block.text.trim()])).toEqual([
      ['heading', 1, 'Title line'],
      ['heading', 2, 'Section'],
      ['paragraph', 0, 'Some bold and a link with  .'],
      ['item', 0, 'item one'],
      ['item', 0, 'item two'],
      ['quote', 0, 'quoted'],
      ['table', 0, 'a  ·  b'],
      ['table', 0, 'c  ·  d'],
      ['paragraph', 0, ''],
    ]);
    expect(parsed.links).toEqual([{ text: 'a link', url: 'https://a.example' }]);
    expect(parsed.images).toEqual([
      { alt: 'X', url: '/x.png' },
      { alt: 'alt text', url: '/y.png' },
    ]);
  });
});
