import { defineRoute } from '../../lib/route.ts';
import { deletePrompt } from '../../services/prompts/verbs.ts';
import { notFound, promptIdParam, viewers } from './schema.ts';

/** DELETE /api/prompts/{id}: deletes a style guide (owners, editors); 204. */
export const deletePromptRoute = defineRoute({
  method: 'delete',
  path: '/api/prompts/{id}',
  tag: 'Style guides',
  summary: 'Deletes a style guide (owners, editors).',
  params: promptIdParam,
  responses: { 204: { description: 'Deleted.' }, ...viewers, ...notFound },
  handler: async (c, { params }) => {
    await deletePrompt({ ctx: c.get('ctx'), input: { id: params.id } });
    return c.body(null, 204);
  },
});
