import { z } from 'zod';
import { claim } from '../../src/lib/claims/schema.ts';
import { defineBlock } from './types.ts';

/**
 * Checks every number, statistic, quotation and attributed name of the post against the text of the source it cites
 * (stored when the research read it, else fetched through the guarded fetch and stored): supported, unsupported or
 * uncited. Deterministic (src/lib/claims): the same markdown and sources always give the same claims.
 */
export const factCheck = defineBlock({
  type: 'fact_check',
  title: 'Fact check',
  description:
    'Checks each number, statistic, quote and named claim against the source it cites: supported, unsupported or uncited.',
  input: z.object({ markdown: z.string() }),
  output: z.object({
    claims: z.array(claim),
    supported: z.number().int(),
    unsupported: z.number().int(),
    uncited: z.number().int(),
  }),
  config: z.object({}),
  async run({ ctx, input }) {
    const claims = await ctx.sources.check(input.markdown);
    const count = (state: string) => claims.filter((found) => found.state === state).length;
    return {
      claims,
      supported: count('supported'),
      unsupported: count('unsupported'),
      uncited: count('uncited'),
    };
  },
});
