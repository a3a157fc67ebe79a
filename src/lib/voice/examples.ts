// The short quotes a style guide shows as the voice: whole sentences, verbatim, from the example articles, chosen
// for carrying what the measurements found (the person, contractions, questions, recurring phrases).
import { lexiconOf } from './lexicons.ts';
import type { VoiceExample, VoiceProfile } from './schema.ts';
import { sentencesOf, type VoiceDocument, wordsOf } from './text.ts';

/** A quote is at most this many words long. */
export const MAX_EXAMPLE_WORDS = 30;
const MIN_EXAMPLE_WORDS = 6;

interface Candidate {
  text: string;
  document: number;
  position: number;
  score: number;
  phrases: string[];
}

/**
 * Up to `limit` sentences quoted from the documents (each of 6 to 30 words, a whole sentence as the article has it),
 * spread over the documents (at most three from one), each naming its article; in article order.
 */
export function pickVoiceExamples(documents: VoiceDocument[], profile: VoiceProfile, limit = 6): VoiceExample[] {
  const read = documents.filter((document) => document.blocks.length > 0);
  if (read.length === 0 || limit <= 0) return [];
  const perDocument = Math.min(3, Math.ceil(limit / read.length));
  const chosen: Candidate[] = [];
  read.forEach((document, index) => {
    const candidates = candidatesOf(document, index, profile);
    for (let picked = 0; picked < perDocument; picked += 1) {
      // Each quote should show something the others do not: a phrase already quoted counts against a sentence.
      const quoted = new Set(chosen.flatMap((candidate) => candidate.phrases));
      const best = candidates
        .filter((candidate) => !chosen.includes(candidate))
        .map((candidate) => ({
          candidate,
          score: candidate.score - 1.5 * candidate.phrases.filter((phrase) => quoted.has(phrase)).length,
        }))
        .sort((a, b) => b.score - a.score || a.candidate.position - b.candidate.position)[0];
      if (!best) break;
      chosen.push(best.candidate);
    }
  });
  return chosen
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .sort((a, b) => a.document - b.document || a.position - b.position)
    .map((candidate) => {
      const document = read[candidate.document] as VoiceDocument;
      return { text: candidate.text, url: document.url ?? '', title: document.title };
    });
}

/** Every quotable sentence of a document, scored by how much of the measured voice it shows. */
// A whole sentence starts with a capital, a digit, or a letter of a script without case (Japanese, Arabic…), and ends
// with a full stop of its script (。！？ in Chinese and Japanese, ؟ in Arabic, ။ in Burmese, ។ in Khmer).
const WHOLE_START = /^["'“‘(¿¡「『]?(?!\p{Ll})[\p{L}\p{N}]/u;
const WHOLE_END = /[.!?…。！？؟။។]["'”’)\]」』]*$/u;

function candidatesOf(document: VoiceDocument, index: number, profile: VoiceProfile): Candidate[] {
  const lexicon = lexiconOf(profile.language);
  const out: Candidate[] = [];
  const seen = new Set<string>();
  let position = 0;
  for (const block of document.blocks) {
    if (block.kind !== 'paragraph' && block.kind !== 'quote') continue;
    for (const text of sentencesOf(block.text)) {
      position += 1;
      const words = wordsOf(text);
      if (words.length < MIN_EXAMPLE_WORDS || words.length > MAX_EXAMPLE_WORDS) continue;
      if (!WHOLE_START.test(text) || !WHOLE_END.test(text)) continue;
      if (/https?:|www\.|@/.test(text) || seen.has(text.toLowerCase())) continue;
      seen.add(text.toLowerCase());
      const lower = ` ${words.join(' ')} `;
      const phrases = profile.phrases.filter((phrase) => lower.includes(` ${phrase} `));
      let score =
        1 -
        0.5 *
          Math.min(
            1,
            Math.abs(words.length - profile.sentence_length.mean) / Math.max(3, profile.sentence_length.spread),
          );
      const person = profile.person;
      const lists = lexicon?.person;
      if (person && lists) {
        for (const key of ['i', 'we', 'you'] as const)
          if (person[key] >= 4 && words.some((word) => lists[key].has(word))) score += 1;
      }
      const formality = lexicon?.formality;
      if (formality && profile.formality) {
        if (profile.formality.contractions >= 5 && words.some(formality.isContraction)) score += 1;
        if (profile.formality.score >= 65 && words.some((word) => formality.formal.has(word))) score += 1;
      }
      if (profile.structure.questions >= 5 && /\?["'”’)\]]*$/.test(text)) score += 0.5;
      if (profile.structure.exclamations >= 5 && /!["'”’)\]]*$/.test(text)) score += 0.5;
      score += 2 * Math.min(1, phrases.length);
      score += 0.25 * Math.min(4, profile.vocabulary.favourite_words.filter((word) => words.includes(word)).length);
      out.push({ text, document: index, position, score, phrases });
    }
  }
  return out;
}
