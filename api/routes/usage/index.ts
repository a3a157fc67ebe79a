import { usage } from '../../../src/lib/usage/schema.ts';
import { defineRoute } from '../../lib/route.ts';
import { getUsage } from '../../services/usage/verbs.ts';

/** GET /api/usage: the signed-in account's plan and posts against its allowance. */
export const usageRoute = defineRoute({
  method: 'get',
  path: '/api/usage',
  tag: 'Usage',
  summary:
    "The caller's plan and this period's posts against its allowance, with the bonus left and the last 6 calendar months.",
  responses: { 200: { description: 'The usage of the signed-in account.', schema: usage } },
  handler: async (c) => c.json(await getUsage({ ctx: c.get('ctx') })),
});

/** /api/usage. */
export const usageRoutes = [usageRoute];
