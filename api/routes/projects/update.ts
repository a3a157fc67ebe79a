import { project } from '../../../src/lib/projects/schema.ts';
import { validationErrorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { updateProject } from '../../services/projects/verbs.ts';
import { notFound, projectIdParam, updateProjectBody, viewers } from './schema.ts';

/** PATCH /api/projects/{id}: the default style guide and the hosted blog's brand and place. */
export const updateProjectRoute = defineRoute({
  method: 'patch',
  path: '/api/projects/{id}',
  tag: 'Projects',
  summary:
    "Changes the project's default style guide and its hosted blog's logo, accent colour and base path (owners, editors). Fields left out stay as they are.",
  params: projectIdParam,
  body: updateProjectBody,
  responses: {
    200: {
      description: 'The project. Its blog shows the new brand from the next request, in every server process.',
      schema: project,
    },
    ...viewers,
    ...notFound,
    422: {
      description:
        'A style guide of another project, a logo that is neither https nor an image of this project, a colour that is not #rrggbb or too light on white, or a base path without a custom domain. Nothing changed.',
      schema: validationErrorBody,
    },
  },
  handler: async (c, { params, body }) =>
    c.json(await updateProject({ ctx: c.get('ctx'), input: { id: params.id, ...body } })),
});
