// The brand's own sentences as examples for a writer (issue 24): the post writer adds this to its prompt, and a
// section-by-section writer adds it to each section's prompt, so every part is written in the measured voice.
import { voiceRules } from '../../src/lib/voice/describe.ts';
import type { StyleGuide } from './shapes.ts';

/**
 * The part of a writer's prompt that shows the voice: the sentences quoted from the brand's example articles and
 * the rules their measurements give; '' for a guide without example articles (its brand_voice says it all).
 */
export function voiceExamplesPrompt(guide: StyleGuide | undefined): string {
  const examples = guide?.voice_examples ?? [];
  const profile = guide?.voice_profile ?? null;
  if (examples.length === 0 && !profile) return '';
  return [
    examples.length
      ? "Examples of the brand's voice, quoted from its own articles (write like this; do not copy them):\n" +
        examples.map((example) => `- "${example.text}"`).join('\n')
      : '',
    profile
      ? `The voice, as measured in those articles:\n${voiceRules(profile)
          .map((rule) => `- ${rule}`)
          .join('\n')}`
      : '',
  ]
    .filter(Boolean)
    .join('\n');
}
