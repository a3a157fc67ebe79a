// The measured voice in a brand guide (issue 24): what a model is told about it, and the voice section the offline
// composer writes from the measurements alone.
import { describeVoice, voiceRules } from '../../../../src/lib/voice/describe.ts';
import type { VoiceExample, VoiceProfile } from '../../../../src/lib/voice/schema.ts';
import type { BrandGuide } from '../brand-guide.ts';

type Voice = { profile: VoiceProfile; examples: VoiceExample[] };

/** Told to a model when the brand's own articles were measured. */
export const VOICE_INSTRUCTION =
  'The voice was measured from the brand’s own example articles: write brand_voice from those measurements in plain ' +
  'words and quote two or three of the example sentences exactly as given; make writing_style_guide follow the ' +
  'measurements (sentence length, person, formality, structure).';

/** The example sentences as a list: each quoted, with its article. */
export function quotedExamples(examples: VoiceExample[]): string {
  return examples.map((example) => `- "${example.text}" (${example.title || example.url})`).join('\n');
}

/** The measurements and quotes as the model reads them, before the site's pages. */
export function voiceMaterial(voice: Voice): string {
  return [
    `## Voice measured from ${voice.profile.documents} example article${voice.profile.documents === 1 ? '' : 's'}`,
    describeVoice(voice.profile).join('\n'),
    voice.examples.length ? `Example sentences (verbatim):\n${quotedExamples(voice.examples)}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * The offline guide with its voice written from the measurements: brand_voice states the measured voice and quotes
 * the articles; writing_style_guide starts with the rules the measurements give.
 */
export function withMeasuredVoice(guide: BrandGuide, voice: Voice): BrandGuide {
  const { profile, examples } = voice;
  const brand_voice = [
    `Measured from your ${profile.documents === 1 ? 'example article' : `${profile.documents} example articles`} (${profile.words.toLocaleString('en-US')} words):`,
    ...describeVoice(profile).map((line) => `- ${line}`),
    examples.length ? `In your articles' own words:\n${quotedExamples(examples)}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const rules = voiceRules(profile).map((rule) => `- ${rule}`);
  return { ...guide, brand_voice, writing_style_guide: [...rules, guide.writing_style_guide].join('\n') };
}
