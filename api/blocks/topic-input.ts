import { z } from 'zod';
import { defineBlock } from './types.ts';

/** The start of a workflow: what the run was asked to write about. */
export const topicInput = defineBlock({
  type: 'topic_input',
  title: 'Topic input',
  description: 'The topic, target keyword, secondary keywords and optional outline the run was started with.',
  input: z.object({}),
  output: z.object({
    topic: z.string(),
    target_keyword: z.string(),
    secondary_keywords: z.array(z.string()),
    outline_brief: z.string(),
  }),
  config: z.object({}),
  async run({ ctx }) {
    const input = ctx.runInput;
    return {
      topic: input.topic,
      target_keyword: input.target_keyword?.trim() || input.topic,
      secondary_keywords: input.secondary_keywords ?? [],
      outline_brief: input.outline ?? '',
    };
  },
});
