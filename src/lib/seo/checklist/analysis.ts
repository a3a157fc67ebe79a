// What every rule reads of a post, worked out once per check.
import { characterCount, countsCharacters } from '../../languages/words.ts';
import { type Block, type ParsedPost, parseMarkdown } from './markdown.ts';
import { type Keyword, keywordOf, terms } from './text.ts';
import type { ChecklistInput } from './types.ts';

/** What a post's length is counted in: words, or characters in the languages that count those (Japanese, Chinese). */
export interface Unit {
  one: 'word' | 'character';
  many: 'words' | 'characters';
  /** A length the rules give in words, in this unit: 1 for words, 2 characters per word for characters. */
  perWord: number;
}

const WORDS: Unit = { one: 'word', many: 'words', perWord: 1 };
// About 2 characters of Japanese or Chinese for each English word (translators' rule of thumb; Chinese runs a little
// shorter), so "800 words" is 1,600 characters there.
const CHARACTERS: Unit = { one: 'character', many: 'characters', perWord: 2 };

export interface Analysis {
  input: ChecklistInput;
  parsed: ParsedPost;
  /** Blocks a reader reads as running text: paragraphs, list items, quotes, table rows (not headings). */
  body: Block[];
  /** The target keyword as matched: folded, stemmed words; empty when there is none. */
  keyword: string[];
  /** The target keyword as matched, with its text form for scripts written without spaces. */
  match: Keyword;
  /** The keyword as the user wrote it, trimmed. */
  keywordText: string;
  /** The folded, stemmed words of each block of `parsed.blocks`. */
  blockTerms: string[][];
  /** The folded, stemmed words of the body and headings, in order. */
  terms: string[];
  /** What the length is counted in (the post's language decides). */
  unit: Unit;
  /** The length of each block of `parsed.blocks`, in `unit`. */
  blockSizes: number[];
  /** The length a reader reads (headings included), in `unit`. */
  size: number;
  /** The title search results show: the meta title, else the title. */
  searchTitle: string;
}

/** Parses the post and gathers what the rules share. */
export function analyse(input: ChecklistInput): Analysis {
  const parsed = parseMarkdown(input.markdown);
  const body = parsed.blocks.filter((block) => block.kind !== 'heading');
  const all = parsed.blocks.map((block) => terms(block.text));
  const flat = all.flat();
  const keywordText = input.target_keyword.trim();
  const match = keywordOf(keywordText);
  const unit = countsCharacters(input.lang) ? CHARACTERS : WORDS;
  const blockSizes =
    unit === CHARACTERS ? parsed.blocks.map((block) => characterCount(block.text)) : all.map((list) => list.length);
  return {
    input,
    parsed,
    body,
    keyword: match.terms,
    match,
    keywordText,
    blockTerms: all,
    terms: flat,
    unit,
    blockSizes,
    size: unit === CHARACTERS ? blockSizes.reduce((sum, size) => sum + size, 0) : flat.length,
    searchTitle: (input.meta_title.trim() || input.title.trim()).replace(/\s+/g, ' '),
  };
}
