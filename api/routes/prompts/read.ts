import { z } from 'zod';
import { prompt } from '../../../src/lib/prompts/schema.ts';
import { defineRoute } from '../../lib/route.ts';
import { getDefaultPrompt, getPrompt, listPrompts } from '../../services/prompts/verbs.ts';
import { notFound, projectIdParam, promptIdParam } from './schema.ts';

/** GET /api/prompts/project/{projectId}/all: every style guide of a project. */
export const listPromptsRoute = defineRoute({
  method: 'get',
  path: '/api/prompts/project/{projectId}/all',
  tag: 'Style guides',
  summary: 'Every style guide of a project.',
  params: projectIdParam,
  responses: { 200: { description: 'Guides.', schema: z.array(prompt) }, ...notFound },
  handler: async (c, { params }) =>
    c.json(await listPrompts({ ctx: c.get('ctx'), input: { projectId: params.projectId } })),
});

/** GET /api/prompts/project/{projectId}: the project's default style guide. */
export const defaultPromptRoute = defineRoute({
  method: 'get',
  path: '/api/prompts/project/{projectId}',
  tag: 'Style guides',
  summary: "The project's default style guide.",
  params: projectIdParam,
  responses: { 200: { description: 'The guide.', schema: prompt }, ...notFound },
  handler: async (c, { params }) =>
    c.json(await getDefaultPrompt({ ctx: c.get('ctx'), input: { projectId: params.projectId } })),
});

/** GET /api/prompts/{id}: one style guide. */
export const getPromptRoute = defineRoute({
  method: 'get',
  path: '/api/prompts/{id}',
  tag: 'Style guides',
  summary: 'One style guide.',
  params: promptIdParam,
  responses: { 200: { description: 'The guide.', schema: prompt }, ...notFound },
  handler: async (c, { params }) => c.json(await getPrompt({ ctx: c.get('ctx'), input: { id: params.id } })),
});
