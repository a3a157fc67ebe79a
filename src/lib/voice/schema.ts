import { z } from 'zod';

/** The measures that need a language's word lists; listed in `not_measured` when the language has none. */
export const languageMeasure = z.enum(['person', 'formality', 'favourite_words']);
export type LanguageMeasure = z.infer<typeof languageMeasure>;

/** A voice measured from example articles (or from a post, to compare): src/lib/voice/profile.ts. */
export const voiceProfile = z.object({
  language: z.string().describe("The articles' language (ISO 639 code), 'und' when it could not be told."),
  documents: z.number().int().describe('How many articles were measured.'),
  words: z.number().int(),
  sentences: z.number().int(),
  sentence_length: z
    .object({ mean: z.number(), spread: z.number() })
    .describe('Words per sentence: the mean and the standard deviation.'),
  person: z
    .object({ i: z.number(), we: z.number(), you: z.number() })
    .nullable()
    .describe('Uses of I, we and you per 1,000 words; null when the language has no word list.'),
  formality: z
    .object({ score: z.number(), contractions: z.number(), hedges: z.number(), formal_words: z.number() })
    .nullable()
    .describe(
      'Score 0 (casual) to 100 (formal); contractions, hedges and formal words per 1,000 words; null when the language has no word list.',
    ),
  vocabulary: z.object({
    variety: z.number().describe('Distinct words among any 50 running words (moving-average type-token ratio), 0–1.'),
    word_length: z.number().describe('Letters per word.'),
    favourite_words: z.array(z.string()).describe('Content words the articles use most, in most of the articles.'),
  }),
  phrases: z.array(z.string()).describe('Phrases of 2–4 words repeated across the articles.'),
  structure: z.object({
    paragraph_length: z.number().describe('Words per paragraph.'),
    headings_per_1000: z.number(),
    lists_per_1000: z.number(),
    questions: z.number().describe('Questions per 100 sentences.'),
    exclamations: z.number().describe('Exclamations per 100 sentences.'),
  }),
  not_measured: z.array(languageMeasure),
});
export type VoiceProfile = z.infer<typeof voiceProfile>;

/** A sentence quoted verbatim from an example article. */
export const voiceExample = z.object({
  text: z.string().describe('The sentence as the article has it (at most 30 words).'),
  url: z.string(),
  title: z.string().describe("The article's title."),
});
export type VoiceExample = z.infer<typeof voiceExample>;

/** What became of one example article: read (with its title and length) or not, and why not. */
export const voiceArticle = z.object({
  url: z.string(),
  read: z.boolean(),
  title: z.string(),
  words: z.number().int(),
  reason: z.string().nullable().describe('Why the article could not be used, in words its owner can act on.'),
});
export type VoiceArticle = z.infer<typeof voiceArticle>;
