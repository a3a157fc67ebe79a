// Issue 24: the voice match. The examples are the demo site's three journal articles (tests/fixtures/demo-site): a
// post written in that voice scores close, a formal, impersonal post of long sentences scores far, and the findings
// name the differences in words.
import { describe, expect, it } from 'vitest';
import { voiceExamplesPrompt } from '../../api/blocks/voice-examples.ts';
import { extractArticle } from '../../api/providers/crawler/article.ts';
import { compareVoice, MIN_POST_WORDS, type VoiceMatch } from '../../src/lib/voice/compare.ts';
import { describeVoice, voiceRules } from '../../src/lib/voice/describe.ts';
import { pickVoiceExamples } from '../../src/lib/voice/examples.ts';
import { guessLanguage } from '../../src/lib/voice/lexicons.ts';
import { measureVoice } from '../../src/lib/voice/profile.ts';
import { blocksFromMarkdown, sentencesOf, type VoiceDocument, wordsOf } from '../../src/lib/voice/text.ts';
import { JOURNAL } from '../fixtures/demo-site/pages.mjs';

const articles: VoiceDocument[] = Object.entries(JOURNAL).map(([path, html]) => {
  const article = extractArticle(html);
  return { title: article.title, url: path, blocks: article.blocks };
});
const examples = measureVoice(articles, 'en');

const IN_THE_VOICE = `Shaping is where a lot of home bakers panic. Don't! Here's the thing: your dough already knows what to do. You just guide it.

## Start with a loose round

Tip the dough onto a clean bench. We use no flour at this stage, and you shouldn't either. Cup your hands and drag it towards you. Feel it tighten? That's the skin forming.

## Let it rest

Leave it for twenty minutes. Trust us, the gluten needs the break. Then flip it, fold the sides in and roll it up like a sleeping bag.

Is it lopsided? That's fine. We've shaped thousands of loaves and plenty still come out wonky. Low and slow in the fridge overnight, and it'll bake up beautifully.`;

const FORMAL = `The shaping of bread dough constitutes a critical stage in the production process, since the structural integrity of the final loaf depends substantially upon the tension that is developed in the outer surface of the dough during this operation. Consequently, it is recommended that the dough be transferred to an unfloured work surface, whereupon it should be rotated repeatedly in order to establish a taut exterior membrane that is capable of retaining the gases produced during fermentation.

Furthermore, a rest period of approximately twenty minutes is generally considered sufficient to permit the relaxation of the gluten network, after which the final shaping may be undertaken without significant risk of tearing. It should be noted, moreover, that irregularities in the form of the loaf are not necessarily indicative of deficiencies in technique, inasmuch as numerous variables, including flour composition and ambient temperature, influence the outcome.

Subsequently, the shaped dough is typically retarded at a reduced temperature for an extended period, thereby facilitating the development of flavour compounds and improving the handling characteristics of the loaf prior to baking.`;

function match(markdown: string, lang = 'en'): Extract<VoiceMatch, { status: 'compared' }> {
  const post = measureVoice([{ title: 'Post', blocks: blocksFromMarkdown(markdown) }], lang, { phrases: false });
  const result = compareVoice(examples, post, markdown);
  if (result.status !== 'compared') throw new Error(`not compared: ${JSON.stringify(result)}`);
  return result;
}

const texts = (result: { notes: { text: string }[] }) => result.notes.map((note) => note.text);

describe('the voice of the example articles', () => {
  it('is measured as short sentences, "we" talking to "you", informal, with its recurring phrases', () => {
    expect(examples).toMatchObject({ language: 'en', documents: 3, not_measured: [] });
    expect(examples.sentence_length.mean).toBeLessThan(10);
    expect(examples.person?.we).toBeGreaterThan(30);
    expect(examples.person?.you).toBeGreaterThan(30);
    expect(examples.person?.i).toBe(0);
    expect(examples.formality?.score).toBeLessThan(25);
    expect(examples.formality?.contractions).toBeGreaterThan(30);
    expect(examples.phrases).toEqual(["here's the thing", 'low and slow', 'trust us']);
    expect(examples.structure.questions).toBeGreaterThan(5);
    expect(examples.structure.headings_per_1000).toBeGreaterThan(5);
    expect(examples.vocabulary.favourite_words).toEqual(expect.arrayContaining(['dough', 'loaf', 'bread']));
  });

  it('is described in words and as rules a writer can follow', () => {
    const described = describeVoice(examples);

    expect(described[0]).toMatch(
      /^Sentences: short, about \d words on average, varied \(most between \d+ and \d+ words\)\.$/,
    );
    expect(described).toContain(
      'Person: writes as "we" and speaks to the reader as "you" ("we" 46, "you" 46, "I" 0 per 1,000 words).',
    );
    expect(described.join('\n')).toContain('Recurring phrases: "here\'s the thing", "low and slow", "trust us".');
    expect(described.join('\n')).toMatch(
      /Formality: informal \(\d+ of 100\): contractions \(it's, we're\) \d+ per 1,000 words/,
    );
    expect(voiceRules(examples)).toEqual(
      expect.arrayContaining([
        'Write as "we" and speak to the reader as "you".',
        "Use contractions (it's, we're, don't) as the examples do.",
      ]),
    );
  });

  it('is quoted in whole sentences of at most 30 words, from every article, word for word', () => {
    const quotes = pickVoiceExamples(articles, examples);

    expect(quotes.length).toBe(6);
    expect(new Set(quotes.map((quote) => quote.url))).toEqual(new Set(Object.keys(JOURNAL)));
    for (const quote of quotes) {
      const article = articles.find((candidate) => candidate.url === quote.url);
      expect(article?.blocks.map((block) => block.text).join(' ')).toContain(quote.text);
      expect(wordsOf(quote.text).length).toBeLessThanOrEqual(30);
      expect(quote.text).toMatch(/^[A-Z"].*[.!?]$/);
      expect(quote.title).toBe(article?.title);
    }
    // The recurring phrases are what the quotes show.
    expect(quotes.some((quote) => /here's the thing/i.test(quote.text))).toBe(true);
    expect(quotes.some((quote) => /low and slow/i.test(quote.text))).toBe(true);
    expect(quotes.some((quote) => /trust us/i.test(quote.text))).toBe(true);
  });
});

describe('the voice match of a post', () => {
  it('scores a post written in that voice close, and says what it shares', () => {
    const result = match(IN_THE_VOICE);

    expect(result.verdict).toBe('close');
    expect(result.score).toBeGreaterThanOrEqual(80);
    expect(result.notes.filter((note) => note.kind === 'unlike')).toEqual([]);
    expect(texts(result)).toEqual(
      expect.arrayContaining([
        'Uses "we" like your examples.',
        'Uses "you" like your examples.',
        'As formal as your examples.',
        expect.stringMatching(/^Sentence length like your examples/),
        'Uses phrases from your examples: "here\'s the thing", "low and slow", "trust us".',
      ]),
    );
  });

  it('scores a formal, impersonal post of long sentences far, and names each difference', () => {
    const result = match(FORMAL);

    expect(result.verdict).toBe('far');
    expect(result.score).toBeLessThan(30);
    const unlike = result.notes.filter((note) => note.kind === 'unlike').map((note) => note.text);
    expect(unlike).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Longer sentences than your examples \(about 3\d words against \d\)\.$/),
        expect.stringMatching(/^Does not use "we"; your examples do \(\d+ per 1,000 words\)\.$/),
        expect.stringMatching(/^Does not use "you"; your examples do/),
        expect.stringMatching(/^More formal than your examples: fewer contractions \(0 per 1,000 words against \d+\)/),
        expect.stringMatching(/^Longer words than your examples/),
        expect.stringMatching(/^Asks fewer questions than your examples/),
      ]),
    );
    // Differences come first.
    expect(result.notes[0]?.kind).toBe('unlike');
  });

  it('moves with the text: the voice post rewritten in long sentences drops, and says why', () => {
    const close = match(IN_THE_VOICE);
    const longer = match(IN_THE_VOICE.replace(/([a-z])[.!?] (?=[A-Z])/g, '$1, and then ').replace(/\? /g, ', and '));

    expect(longer.score).toBeLessThan(close.score);
    expect(texts(longer)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Longer sentences than your examples/)]),
    );
    expect(texts(longer)).toContain('Uses "we" like your examples.');
  });

  it('points out "I" where the examples speak as "we"', () => {
    const result = match(IN_THE_VOICE.replace(/\bWe\b/g, 'I').replace(/\bWe've\b/g, "I've"));

    expect(texts(result)).toContain('Uses "I", which your examples do not.');
  });

  it('does not judge a post shorter than 50 words', () => {
    const post = measureVoice(
      [{ title: 'Post', blocks: blocksFromMarkdown('Just a start. We will write more.') }],
      'en',
    );

    expect(compareVoice(examples, post)).toEqual({ status: 'too_short', words: 7 });
    expect(MIN_POST_WORDS).toBe(50);
  });

  it('compares only what fits across languages, and says so', () => {
    const portuguese = `Aqui está a questão: a massa já sabe o que fazer. Você só precisa guiá-la com calma.

Nós usamos pouca farinha nesta fase, e você também deve usar pouca. Sinta a massa ficar firme nas suas mãos.

Deixe descansar por vinte minutos. O glúten precisa dessa pausa, confie em nós. Depois dobre os lados e enrole a massa devagar, sem pressa nenhuma.`;

    const result = match(portuguese, 'pt');

    expect(result.notes[0]).toEqual({
      kind: 'info',
      text: 'Your examples are in English and this post is in Portuguese: person, formality and favourite words are not compared.',
    });
    expect(texts(result).some((text) => text.includes('"we"'))).toBe(false);
  });

  it('says which measures a language without word lists leaves out', () => {
    const japanese = measureVoice(
      [{ title: '記事', blocks: [{ kind: 'paragraph', text: 'Lorem ipsum dolor sit amet. '.repeat(30) }] }],
      'ja',
    );

    expect(japanese.person).toBeNull();
    expect(japanese.formality).toBeNull();
    expect(japanese.not_measured).toEqual(['person', 'formality', 'favourite_words']);
    expect(describeVoice(japanese).at(-1)).toBe(
      'Person (I / we / you), formality and favourite words and phrases not measured for Japanese (no word lists for it yet).',
    );
  });
});

describe('reading text for the voice', () => {
  it('reads markdown as headings, paragraphs, list items and quotes, leaving code and links out', () => {
    const blocks = blocksFromMarkdown(
      '# Title\n\nA [linked](https://example.com) *word* and `code`.\nSame paragraph.\n\n- one\n- two\n\n> quoted\n> more\n\n```js\nconst x = 1;\n```\n\n![img](a.png)\n\n| a | b |',
    );

    expect(blocks).toEqual([
      { kind: 'heading', text: 'Title' },
      { kind: 'paragraph', text: 'A linked word and code. Same paragraph.' },
      { kind: 'item', text: 'one' },
      { kind: 'item', text: 'two' },
      { kind: 'quote', text: 'quoted more' },
    ]);
  });

  it('splits sentences at their end, not after an abbreviation', () => {
    expect(sentencesOf('Dr. Smith bakes, e.g. rye. Is it good? Yes! Very.')).toEqual([
      'Dr. Smith bakes, e.g. rye.',
      'Is it good?',
      'Yes!',
      'Very.',
    ]);
  });

  it('splits sentences and words of scripts written without spaces (Japanese, Chinese, Thai)', () => {
    const japanese = 'パンを家で焼くのは簡単です。生地はゆっくり発酵させましょう！焼く前にもう一度休ませますか？';

    expect(sentencesOf(japanese)).toEqual([
      'パンを家で焼くのは簡単です。',
      '生地はゆっくり発酵させましょう！',
      '焼く前にもう一度休ませますか？',
    ]);
    expect(sentencesOf('我们每天烤面包。面团要慢慢发酵。')).toHaveLength(2);
    expect(sentencesOf('ฉันชอบขนมปัง ขนมปังของเราอร่อยมาก')).toHaveLength(2);
    // A sentence is several words, not one: "sentence length in words" means the same as in English.
    const words = wordsOf('パンを家で焼くのは簡単です。');
    expect(words).toContain('パン');
    expect(words.length).toBeGreaterThanOrEqual(6);
    expect(wordsOf('ฉันชอบขนมปัง')).toEqual(['ฉัน', 'ชอบ', 'ขนมปัง']);

    const profile = measureVoice([{ title: '記事', blocks: [{ kind: 'paragraph', text: japanese.repeat(10) }] }], 'ja');
    expect(profile.sentences).toBe(30);
    expect(profile.sentence_length.mean).toBeGreaterThan(4);
    expect(profile.sentence_length.mean).toBeLessThan(15);
    expect(profile.structure.questions).toBeCloseTo(33.3, 0);
    expect(profile.structure.exclamations).toBeCloseTo(33.3, 0);
  });

  it('tells a language from its function words when a page does not say', () => {
    expect(guessLanguage(wordsOf('We bake the bread and you eat it with the soup of the day.'))).toBe('en');
    expect(guessLanguage(wordsOf('Nós fazemos o pão e você come com a sopa do dia para o jantar.'))).toBe('pt');
    expect(guessLanguage(wordsOf('Xyz qrs tuv.'))).toBe('und');
  });

  it('gives the writer nothing extra for a guide without example articles', () => {
    const guide = { brand_voice: 'Warm.', writing_style_guide: '', image_style: '', keywords: [], base_knowledge: '' };

    expect(voiceExamplesPrompt(guide)).toBe('');
    expect(
      voiceExamplesPrompt({ ...guide, voice_profile: examples, voice_examples: pickVoiceExamples(articles, examples) }),
    ).toMatch(/^Examples of the brand's voice, quoted from its own articles/);
  });
});
