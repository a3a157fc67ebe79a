// The voice match of a post: how close its measured voice is to the example articles' (a score of 0–100) and why,
// in sentences ("Longer sentences than your examples", "Uses "we" like your examples").
import { notMeasuredSentence } from './describe.ts';
import { languageName } from './lexicons.ts';
import type { VoiceProfile } from './schema.ts';

/** A post shorter than this is not compared: a few sentences say little about a voice. */
export const MIN_POST_WORDS = 50;

/** One finding: a difference from the examples or a likeness to them. */
export interface VoiceNote {
  kind: 'unlike' | 'like' | 'info';
  text: string;
}

export type VoiceVerdict = 'close' | 'partly' | 'far';

export type VoiceMatch =
  | { status: 'too_short'; words: number }
  | { status: 'compared'; score: number; verdict: VoiceVerdict; notes: VoiceNote[] };

/** The verdict's words, as the editor shows them. */
export const VERDICT_LABEL: Record<VoiceVerdict, string> = {
  close: 'Close to your voice',
  partly: 'Partly your voice',
  far: 'Far from your voice',
};

const number = (value: number) => Math.round(value).toLocaleString('en-US');
/** 1 when equal, falling like a bell curve with the distance in units of `scale`. */
const closeness = (distance: number, scale: number) => Math.exp(-((distance / scale) ** 2) / 2);

interface Dimension {
  weight: number;
  similarity: number;
  notes: VoiceNote[];
}

function sentences(examples: VoiceProfile, post: VoiceProfile): Dimension {
  const e = examples.sentence_length;
  const p = post.sentence_length;
  const margin = Math.max(3, 0.25 * e.mean);
  const about = `about ${number(p.mean)} words against ${number(e.mean)}`;
  const notes: VoiceNote[] =
    p.mean >= e.mean + margin
      ? [{ kind: 'unlike', text: `Longer sentences than your examples (${about}).` }]
      : p.mean <= e.mean - margin
        ? [{ kind: 'unlike', text: `Shorter sentences than your examples (${about}).` }]
        : [{ kind: 'like', text: `Sentence length like your examples (about ${number(p.mean)} words).` }];
  if (notes[0]?.kind === 'like' && e.spread >= 4 && p.spread < e.spread / 2)
    notes.push({ kind: 'unlike', text: 'More even sentence lengths than your examples, which mix short and long.' });
  return {
    weight: 3,
    similarity: closeness(Math.abs(p.mean - e.mean), Math.max(3, e.spread) * 1.2),
    notes,
  };
}

const PERSON_WORD = { i: '"I"', we: '"we"', you: '"you"' } as const;

function person(examples: NonNullable<VoiceProfile['person']>, post: NonNullable<VoiceProfile['person']>): Dimension {
  const notes: VoiceNote[] = [];
  const scores = (['we', 'you', 'i'] as const).map((key) => {
    const e = examples[key];
    const p = post[key];
    const word = PERSON_WORD[key];
    const uses = (rate: number) => rate >= 4;
    if (!uses(e) && !uses(p)) return 1;
    if (uses(e) && !uses(p)) {
      notes.push({
        kind: 'unlike',
        text: `Does not use ${word}; your examples do (${number(e)} per 1,000 words).`,
      });
      return 0;
    }
    if (!uses(e) && uses(p)) {
      notes.push({ kind: 'unlike', text: `Uses ${word}, which your examples do not.` });
      return 0;
    }
    notes.push({ kind: 'like', text: `Uses ${word} like your examples.` });
    return closeness(Math.log(p / e), Math.log(3));
  });
  return { weight: 3, similarity: scores.reduce((sum, value) => sum + value, 0) / scores.length, notes };
}

function formality(
  examples: NonNullable<VoiceProfile['formality']>,
  post: NonNullable<VoiceProfile['formality']>,
  exclamations: { examples: number; post: number },
): Dimension {
  const difference = post.score - examples.score;
  const why: string[] = [];
  if (Math.abs(post.contractions - examples.contractions) >= Math.max(4, examples.contractions / 2))
    why.push(
      `${post.contractions > examples.contractions ? 'more' : 'fewer'} contractions (${number(post.contractions)} per 1,000 words against ${number(examples.contractions)})`,
    );
  if (Math.abs(post.formal_words - examples.formal_words) >= Math.max(2, examples.formal_words))
    why.push(
      `${post.formal_words > examples.formal_words ? 'more' : 'fewer'} formal words like "therefore" (${number(post.formal_words)} per 1,000 words against ${number(examples.formal_words)})`,
    );
  if (Math.abs(exclamations.post - exclamations.examples) >= Math.max(4, exclamations.examples / 2))
    why.push(
      `${exclamations.post > exclamations.examples ? 'more' : 'fewer'} exclamations (${number(exclamations.post)}% of sentences against ${number(exclamations.examples)}%)`,
    );
  const detail = why.length ? `: ${why.join(', ')}` : '';
  const notes: VoiceNote[] =
    difference >= 15
      ? [{ kind: 'unlike', text: `More formal than your examples${detail}.` }]
      : difference <= -15
        ? [{ kind: 'unlike', text: `Less formal than your examples${detail}.` }]
        : [{ kind: 'like', text: 'As formal as your examples.' }];
  return { weight: 3, similarity: closeness(difference, 15), notes };
}

function vocabulary(examples: VoiceProfile, post: VoiceProfile, sameLanguage: boolean): Dimension {
  const e = examples.vocabulary;
  const p = post.vocabulary;
  const notes: VoiceNote[] = [];
  const difference = p.word_length - e.word_length;
  if (difference >= 0.5)
    notes.push({
      kind: 'unlike',
      text: `Longer words than your examples (${p.word_length} letters on average against ${e.word_length}).`,
    });
  else if (difference <= -0.5)
    notes.push({
      kind: 'unlike',
      text: `Shorter words than your examples (${p.word_length} letters on average against ${e.word_length}).`,
    });
  else notes.push({ kind: 'like', text: 'Word length like your examples.' });
  if (sameLanguage) {
    const shared = e.favourite_words.filter((word) => p.favourite_words.includes(word));
    if (shared.length)
      notes.push({ kind: 'like', text: `Shares favourite words with your examples: ${shared.join(', ')}.` });
  }
  return {
    weight: 2,
    similarity: (closeness(difference, 0.5) * 2 + closeness(p.variety - e.variety, 0.1)) / 3,
    notes,
  };
}

function structure(examples: VoiceProfile, post: VoiceProfile): Dimension {
  const e = examples.structure;
  const p = post.structure;
  const notes: VoiceNote[] = [];
  const about = `about ${number(p.paragraph_length)} words against ${number(e.paragraph_length)}`;
  if (p.paragraph_length >= e.paragraph_length * 1.5 && p.paragraph_length - e.paragraph_length >= 15)
    notes.push({ kind: 'unlike', text: `Longer paragraphs than your examples (${about}).` });
  else if (p.paragraph_length <= e.paragraph_length / 1.5 && e.paragraph_length - p.paragraph_length >= 15)
    notes.push({ kind: 'unlike', text: `Shorter paragraphs than your examples (${about}).` });
  if (e.questions >= 5 && p.questions < e.questions / 3)
    notes.push({
      kind: 'unlike',
      text: `Asks fewer questions than your examples (${number(p.questions)}% of sentences against ${number(e.questions)}%).`,
    });
  else if (p.questions >= 5 && e.questions < p.questions / 3)
    notes.push({
      kind: 'unlike',
      text: `Asks more questions than your examples (${number(p.questions)}% of sentences against ${number(e.questions)}%).`,
    });
  else if (e.questions >= 5) notes.push({ kind: 'like', text: 'Asks the reader questions like your examples.' });
  if (e.headings_per_1000 >= 2 && p.headings_per_1000 === 0 && post.words >= 300)
    notes.push({
      kind: 'unlike',
      text: `No headings; your examples have one every ${number(1000 / e.headings_per_1000)} words.`,
    });
  const paragraphs = closeness(
    Math.log(Math.max(1, p.paragraph_length) / Math.max(1, e.paragraph_length)),
    Math.log(1.6),
  );
  const questions = closeness(p.questions - e.questions, Math.max(5, e.questions / 2));
  return { weight: 2, similarity: (paragraphs + questions) / 2, notes };
}

/**
 * How close a post's voice is to the examples': a weighted mean of the closeness of each aspect (sentence length,
 * person and formality count 3, vocabulary and structure 2) on 0–100, and the findings, differences first. Person
 * and formality are compared only when both texts are in the same language with word lists; the phrases the examples
 * repeat are pointed out when the post uses them.
 */
export function compareVoice(examples: VoiceProfile, post: VoiceProfile, postText = ''): VoiceMatch {
  if (post.words < MIN_POST_WORDS) return { status: 'too_short', words: post.words };
  const sameLanguage = examples.language === post.language;
  const dimensions: Dimension[] = [sentences(examples, post)];
  const info: VoiceNote[] = [];
  if (!sameLanguage && examples.language !== 'und' && post.language !== 'und')
    info.push({
      kind: 'info',
      text: `Your examples are in ${languageName(examples.language)} and this post is in ${languageName(post.language)}: person, formality and favourite words are not compared.`,
    });
  const missing = sameLanguage ? notMeasuredSentence(examples) : null;
  if (missing) info.push({ kind: 'info', text: missing });
  if (sameLanguage && examples.person && post.person) dimensions.push(person(examples.person, post.person));
  if (sameLanguage && examples.formality && post.formality)
    dimensions.push(
      formality(examples.formality, post.formality, {
        examples: examples.structure.exclamations,
        post: post.structure.exclamations,
      }),
    );
  dimensions.push(vocabulary(examples, post, sameLanguage), structure(examples, post));
  const weights = dimensions.reduce((sum, dimension) => sum + dimension.weight, 0);
  const score = Math.round(
    (100 * dimensions.reduce((sum, dimension) => sum + dimension.weight * dimension.similarity, 0)) / weights,
  );
  const notes = dimensions.flatMap((dimension) => dimension.notes);
  const lower = ` ${postText
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, ' ')} `;
  const used = sameLanguage ? examples.phrases.filter((phrase) => lower.includes(` ${phrase} `)) : [];
  if (used.length)
    notes.push({
      kind: 'like',
      text: `Uses ${used.length === 1 ? 'a phrase' : 'phrases'} from your examples: ${used.map((phrase) => `"${phrase}"`).join(', ')}.`,
    });
  return {
    status: 'compared',
    score,
    verdict: score >= 75 ? 'close' : score >= 50 ? 'partly' : 'far',
    notes: [
      ...info,
      ...notes.filter((note) => note.kind === 'unlike'),
      ...notes.filter((note) => note.kind === 'like'),
    ],
  };
}
