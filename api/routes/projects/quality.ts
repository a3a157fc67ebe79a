import { z } from 'zod';
import { qualitySettings } from '../../../src/lib/quality/schema.ts';
import { validationErrorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { changeQualitySettings, getQualitySettings } from '../../services/quality/verbs.ts';
import { notFound, projectIdParam, viewers } from './schema.ts';

const MIN_SCORE = 'The minimum score must be a whole number from 0 to 100.';

/** PATCH /api/projects/{id}/quality: the fields to change, each optional. */
export const qualityBody = z
  .object({
    min_score: z
      .number({ error: MIN_SCORE })
      .int({ error: MIN_SCORE })
      .min(0, { error: MIN_SCORE })
      .max(100, { error: MIN_SCORE })
      .optional()
      .describe('The lowest checklist score the autopilot (and runs started to publish) may put live.'),
    hold_claims: z
      .boolean({ error: 'Hold claims must be true or false.' })
      .optional()
      .describe('Hold back posts with claims their sources do not support, or text copied from a source.'),
    ai_disclosure: z
      .boolean({ error: 'The AI-assisted note must be on (true) or off (false).' })
      .optional()
      .describe('Show an "AI-assisted" note on posts a run wrote, on the hosted blog.'),
  })
  .strict();

/** GET /api/projects/{id}/quality: the project's quality gate and disclosure (issue 27). */
export const getQualityRoute = defineRoute({
  method: 'get',
  path: '/api/projects/{id}/quality',
  tag: 'Projects',
  summary: "The project's quality gate (minimum score, holding unsupported or copied claims) and AI-assisted note.",
  params: projectIdParam,
  responses: { 200: { description: 'The settings.', schema: qualitySettings }, ...notFound },
  handler: async (c, { params }) =>
    c.json(await getQualitySettings({ ctx: c.get('ctx'), input: { projectId: params.id } })),
});

/** PATCH /api/projects/{id}/quality: changes the gate or the disclosure (owners, editors). */
export const updateQualityRoute = defineRoute({
  method: 'patch',
  path: '/api/projects/{id}/quality',
  tag: 'Projects',
  summary:
    "Changes the project's quality gate or AI-assisted note (owners, editors). Fields left out stay as they are; the blog shows the note from its next page.",
  params: projectIdParam,
  body: qualityBody,
  responses: {
    200: { description: 'The settings.', schema: qualitySettings },
    ...viewers,
    ...notFound,
    422: {
      description: 'A score outside 0–100 or a setting that is not true or false. Nothing changed.',
      schema: validationErrorBody,
    },
  },
  handler: async (c, { params, body }) =>
    c.json(await changeQualitySettings({ ctx: c.get('ctx'), input: { projectId: params.id, ...body } })),
});
