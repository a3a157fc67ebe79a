import { z } from 'zod';
import { defineBlock } from './types.ts';

/** Ends the post's body with a call to action (before Related posts and Sources). */
export const ctaInserter = defineBlock({
  type: 'cta_inserter',
  title: 'CTA inserter',
  description: 'Adds a call to action to the post.',
  input: z.object({ markdown: z.string() }),
  output: z.object({ markdown: z.string() }),
  config: z.object({
    text: z.string().max(500).default('').describe('The call to action; none is added when empty'),
    url: z.string().max(2000).default('').describe('Where the call to action links to'),
  }),
  async run({ input, config }) {
    const text = config.text.trim();
    if (!text) return { markdown: input.markdown };
    const url = /^(https?:\/\/|\/)/.test(config.url.trim()) ? config.url.trim() : '';
    const cta = url ? `**[${text.replace(/[[\]]/g, '')}](${url})**` : `**${text}**`;
    const at = input.markdown.search(/^##\s+(Related posts|Sources)\s*$/m);
    const markdown =
      at >= 0
        ? `${input.markdown.slice(0, at)}${cta}\n\n${input.markdown.slice(at)}`
        : `${input.markdown.trimEnd()}\n\n${cta}\n`;
    return { markdown };
  },
});
