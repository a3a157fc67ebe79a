// What every rule reads of a post, worked out once per check.
import { type Block, type ParsedPost, parseMarkdown } from './markdown.ts';
import { keywordTerms, terms } from './text.ts';
import type { ChecklistInput } from './types.ts';

export interface Analysis {
  input: ChecklistInput;
  parsed: ParsedPost;
  /** Blocks a reader reads as running text: paragraphs, list items, quotes, table rows (not headings). */
  body: Block[];
  /** The target keyword as matched: folded, stemmed words; empty when there is none. */
  keyword: string[];
  /** The keyword as the user wrote it, trimmed. */
  keywordText: string;
  /** The folded, stemmed words of each block of `parsed.blocks`. */
  blockTerms: string[][];
  /** The folded, stemmed words of the body and headings, in order. */
  terms: string[];
  /** Words a reader reads (headings included). */
  wordCount: number;
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
  return {
    input,
    parsed,
    body,
    keyword: keywordTerms(keywordText),
    keywordText,
    blockTerms: all,
    terms: flat,
    wordCount: flat.length,
    searchTitle: (input.meta_title.trim() || input.title.trim()).replace(/\s+/g, ' '),
  };
}
