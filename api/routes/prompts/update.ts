import { prompt } from '../../../src/lib/prompts/schema.ts';
import { defineRoute } from '../../lib/route.ts';
import { updatePrompt } from '../../services/prompts/verbs.ts';
import { notFound, promptIdParam, updatePromptBody, viewers } from './schema.ts';

/** PATCH /api/prompts/{id}: edits a style guide (owners, editors). */
export const updatePromptRoute = defineRoute({
  method: 'patch',
  path: '/api/prompts/{id}',
  tag: 'Style guides',
  summary: 'Edits a style guide (owners, editors).',
  params: promptIdParam,
  body: updatePromptBody,
  responses: { 200: { description: 'The guide.', schema: prompt }, ...viewers, ...notFound },
  handler: async (c, { params, body }) =>
    c.json(await updatePrompt({ ctx: c.get('ctx'), input: { id: params.id, fields: body } })),
});
