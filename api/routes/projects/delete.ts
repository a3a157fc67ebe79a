import { errorBody, messageBody, validationErrorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { deleteProject } from '../../services/privacy/delete-project.ts';
import { deleteProjectBody, notFound, projectIdParam } from './schema.ts';

/** DELETE /api/projects/{id}: the project and everything in it (issue 22, privacy). */
export const deleteProjectRoute = defineRoute({
  method: 'delete',
  path: '/api/projects/{id}',
  tag: 'Projects',
  summary:
    'Deletes the project with everything in it: posts, blog and custom domain, style guides, plan, tasks, workflows, runs, media, invites and members (owners, from a signed-in session).',
  params: projectIdParam,
  body: deleteProjectBody,
  responses: {
    200: {
      description:
        'Deleted. Its blog answers 404 from the next request, in every server process; its queued work is dropped.',
      schema: messageBody,
    },
    403: {
      description: 'Editors and viewers cannot delete a project; nor an API key, nor an impersonating admin.',
      schema: errorBody,
    },
    ...notFound,
    422: { description: "The typed name is not the project's. Nothing deleted.", schema: validationErrorBody },
  },
  handler: async (c, { params, body }) =>
    c.json(await deleteProject({ ctx: c.get('ctx'), input: { id: params.id, confirmName: body.confirm_name } })),
});
