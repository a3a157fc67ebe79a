// A measured voice in words: one sentence per aspect for people (the style guide, the Prompts page), and rules a
// writer (a model or a person) can follow.
import { languageName } from './lexicons.ts';
import type { VoiceProfile } from './schema.ts';

const number = (value: number) => Math.round(value).toLocaleString('en-US');
const quoted = (items: string[]) => items.map((item) => `"${item}"`).join(', ');

/** "Short", "medium-length" or "long", for a mean sentence length in words. */
export function sentencePace(mean: number): string {
  return mean <= 12 ? 'short' : mean <= 20 ? 'medium-length' : 'long';
}

/** "informal" … "formal", for a formality score. */
export function formalityWord(score: number): string {
  if (score <= 30) return 'informal';
  if (score <= 45) return 'fairly informal';
  if (score <= 60) return 'neutral';
  if (score <= 75) return 'fairly formal';
  return 'formal';
}

/** The likely range of sentence lengths (mean ± one spread), as [6, 16]. */
function lengthRange(profile: VoiceProfile): [number, number] {
  const { mean, spread } = profile.sentence_length;
  return [Math.max(1, Math.round(mean - spread)), Math.round(mean + spread)];
}

/** How the writer and the reader appear: 'writes as "we" and speaks to the reader as "you"'. */
export function personPhrase(person: NonNullable<VoiceProfile['person']>): string {
  const writer =
    person.we >= 4 && person.we >= person.i
      ? 'writes as "we"'
      : person.i >= 4
        ? 'writes as "I"'
        : 'keeps the writer out of the text (no "I" or "we")';
  const reader = person.you >= 4 ? ' and speaks to the reader as "you"' : ', without addressing the reader as "you"';
  return writer + reader;
}

/** Which measures the language's missing word lists left out, as one sentence; null when none. */
export function notMeasuredSentence(profile: VoiceProfile): string | null {
  const names = profile.not_measured.map((measure) =>
    measure === 'person'
      ? 'person (I / we / you)'
      : measure === 'formality'
        ? 'formality'
        : 'favourite words and phrases',
  );
  if (names.length === 0) return null;
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const text = `${list} not measured for ${languageName(profile.language)} (no word lists for it yet).`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The measured voice, one sentence per aspect (sentences, person, formality, vocabulary, phrases, structure). */
export function describeVoice(profile: VoiceProfile): string[] {
  const lines: string[] = [];
  const { mean, spread } = profile.sentence_length;
  lines.push(
    `Sentences: ${sentencePace(mean)}, about ${number(mean)} words on average, ${spread >= mean / 2 ? 'varied' : 'even'} (most between ${lengthRange(profile).join(' and ')} words).`,
  );
  const person = profile.person;
  if (person)
    lines.push(
      `Person: ${personPhrase(person)} ("we" ${number(person.we)}, "you" ${number(person.you)}, "I" ${number(person.i)} per 1,000 words).`,
    );
  const formality = profile.formality;
  if (formality) {
    const parts = [
      formality.contractions >= 2
        ? `contractions (it's, we're) ${number(formality.contractions)} per 1,000 words`
        : 'no contractions',
      profile.structure.exclamations >= 1
        ? `exclamations in ${number(profile.structure.exclamations)}% of sentences`
        : 'no exclamations',
      formality.hedges >= 3 ? `hedges (maybe, perhaps) ${number(formality.hedges)} per 1,000 words` : 'few hedges',
      formality.formal_words >= 2
        ? `formal words (therefore, furthermore) ${number(formality.formal_words)} per 1,000 words`
        : 'no formal connectives like "therefore"',
    ];
    lines.push(`Formality: ${formalityWord(formality.score)} (${formality.score} of 100): ${parts.join(', ')}.`);
  }
  const { vocabulary } = profile;
  const length =
    vocabulary.word_length <= 4.4
      ? 'plain, short words'
      : vocabulary.word_length <= 5
        ? 'everyday words'
        : 'long words';
  const variety = vocabulary.variety >= 0.8 ? 'varied' : vocabulary.variety >= 0.7 ? 'fairly varied' : 'repetitive';
  lines.push(
    `Vocabulary: ${length} (${vocabulary.word_length} letters on average), ${variety}${vocabulary.favourite_words.length ? `; favourite words: ${vocabulary.favourite_words.join(', ')}` : ''}.`,
  );
  if (profile.phrases.length) lines.push(`Recurring phrases: ${quoted(profile.phrases)}.`);
  const { structure } = profile;
  const structureParts = [
    `${structure.paragraph_length <= 40 ? 'short' : structure.paragraph_length <= 80 ? 'medium' : 'long'} paragraphs (about ${number(structure.paragraph_length)} words)`,
    structure.headings_per_1000 > 0
      ? `a heading every ${number(1000 / structure.headings_per_1000)} words`
      : 'no headings',
    structure.lists_per_1000 > 0 ? `${number(structure.lists_per_1000)} lists per 1,000 words` : 'no lists',
    structure.questions >= 1 ? `questions in ${number(structure.questions)}% of sentences` : 'no questions',
  ];
  lines.push(`Structure: ${structureParts.join(', ')}.`);
  const missing = notMeasuredSentence(profile);
  if (missing) lines.push(missing);
  return lines;
}

/** The voice as rules a writer follows (the writer's prompt, the offline style guide). */
export function voiceRules(profile: VoiceProfile): string[] {
  const rules: string[] = [];
  const { mean, spread } = profile.sentence_length;
  rules.push(
    `Keep sentences around ${number(mean)} words${spread >= mean / 2 ? `, mixing short and longer ones (${lengthRange(profile).join(' to ')})` : ''}.`,
  );
  const person = profile.person;
  if (person) {
    const writer = person.we >= 4 && person.we >= person.i ? 'Write as "we"' : person.i >= 4 ? 'Write as "I"' : null;
    if (writer) rules.push(`${writer}${person.you >= 4 ? ' and speak to the reader as "you"' : ''}.`);
    else rules.push(`Stay impersonal: no "I" or "we"${person.you >= 4 ? ', but speak to the reader as "you"' : ''}.`);
  }
  const formality = profile.formality;
  if (formality && formality.contractions >= 8) rules.push("Use contractions (it's, we're, don't) as the examples do.");
  if (formality && formality.score >= 65 && formality.contractions < 2)
    rules.push('Keep a formal register: no contractions.');
  const { structure } = profile;
  if (structure.questions >= 8)
    rules.push(`Ask the reader a question now and then (about 1 sentence in ${number(100 / structure.questions)}).`);
  if (structure.exclamations >= 5) rules.push('An exclamation now and then is in character.');
  if (structure.exclamations === 0 && formality && formality.score >= 60) rules.push('No exclamation marks.');
  if (profile.phrases.length)
    rules.push(
      `Phrases the brand comes back to: ${quoted(profile.phrases.slice(0, 4))} (where they fit, not in every paragraph).`,
    );
  rules.push(`Keep paragraphs to about ${number(Math.max(15, structure.paragraph_length))} words.`);
  if (structure.headings_per_1000 > 0)
    rules.push(`Put a heading about every ${number(1000 / structure.headings_per_1000)} words.`);
  return rules;
}
