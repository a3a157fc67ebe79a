import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { transcriptSharedSchema } from '../../src/content/_schemas/transcript.ts';
import { DESCRIPTION_MAX, DESCRIPTION_MIN, TITLE_MAX, textLength } from '../../src/lib/seo/limits.ts';
import * as templates from '../../src/pages/_components/transcript/meta.ts';

// The wordings the editors keep in src/content/transcript-shared/shared.yaml, read as the build reads them.
const shared = transcriptSharedSchema.parse(parse(readFileSync('src/content/transcript-shared/shared.yaml', 'utf8')));
const { meta } = shared;
const UNTITLED = shared.detail.untitled;
const detailTitle = (title: string) => templates.detailTitle(meta, title, UNTITLED);
const detailDescription = (title: string, words: string) => templates.detailDescription(meta, title, words);
const tagTitle = (tag: string, page?: number) => templates.tagTitle(meta, tag, page);
const tagDescription = (tag: string, page?: number) => templates.tagDescription(meta, tag, page);
const tagIndexTitle = (tool: string) => templates.tagIndexTitle(meta, tool);
const tagIndexDescription = (tool: string) => templates.tagIndexDescription(meta, tool);

const LONG_WORDS = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
const LONG_TAG = 'x'.repeat(120);
const REEL_TITLES = [
  '',
  'Pasta night',
  'A'.repeat(300),
  `Chef Marco shows his grandmother's pasta recipe, step by step, with every secret of the sauce`,
];
const TRANSCRIPTS = ['', 'Hi.', 'Short words only', LONG_WORDS, 'x'.repeat(400)];
const TAGS = ['a', 'food', 'receitas_faceis_e_rapidas', LONG_TAG];

const titleFits = (title: string) => textLength(title) <= TITLE_MAX;
const descriptionFits = (text: string) => textLength(text) >= DESCRIPTION_MIN && textLength(text) <= DESCRIPTION_MAX;

describe('on-demand transcript page titles and descriptions', () => {
  it('keep a detail page within the limits whatever the Reel title and words', () => {
    for (const title of REEL_TITLES) {
      expect(titleFits(detailTitle(title)), detailTitle(title)).toBe(true);
      for (const words of TRANSCRIPTS)
        expect(descriptionFits(detailDescription(title, words)), detailDescription(title, words)).toBe(true);
    }
  });

  it('name the Reel in the title with the brand when it fits, and shorten long titles at a word', () => {
    expect(detailTitle('Pasta night')).toBe('Pasta night — Transcript | Inkpilot');
    expect(detailTitle('')).toBe('Instagram Reel — Transcript | Inkpilot');
    expect(detailTitle(REEL_TITLES[3]!)).toBe("Chef Marco shows his grandmother's pasta… — Transcript");
  });

  it('use a long transcript as the snippet, ending at a whole word', () => {
    const description = detailDescription('Pasta night', LONG_WORDS);

    expect(description.endsWith('…')).toBe(true);
    expect(LONG_WORDS.startsWith(description.slice(0, -1))).toBe(true);
    expect(LONG_WORDS[description.length - 1]).toBe(' ');
  });

  it('introduce a short transcript so the snippet still says what the page is', () => {
    expect(detailDescription('Pasta night', 'Hi.')).toBe(
      'Transcript of the Instagram Reel “Pasta night”: Hi. Read, copy and edit the text for free.',
    );
  });

  it('keep tag pages within the limits for every tag length and page', () => {
    for (const tag of TAGS) {
      for (const page of [1, 2, 120]) {
        expect(titleFits(tagTitle(tag, page)), tagTitle(tag, page)).toBe(true);
        expect(descriptionFits(tagDescription(tag, page)), tagDescription(tag, page)).toBe(true);
      }
    }
  });

  it('give each page of a tag its own title and description', () => {
    expect(tagTitle('food', 1)).toBe('#food Instagram Reel Transcripts | Inkpilot');
    expect(tagTitle('food', 2)).toBe('#food Instagram Reel Transcripts — page 2 | Inkpilot');
    expect(tagDescription('food', 2)).not.toBe(tagDescription('food', 1));
  });

  it('keep the tag index and the not-found page within the limits', () => {
    for (const tool of ['Instagram Reel Transcript Generator', 'Reel Transcript', 'T'.repeat(200)]) {
      expect(titleFits(tagIndexTitle(tool)), tagIndexTitle(tool)).toBe(true);
      expect(descriptionFits(tagIndexDescription(tool)), tagIndexDescription(tool)).toBe(true);
    }
    expect(titleFits(meta.notFound.title)).toBe(true);
    expect(descriptionFits(meta.notFound.description)).toBe(true);
  });
});
