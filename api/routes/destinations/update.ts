import { destination } from '../../../src/lib/destinations/schema.ts';
import { messageBody, validationErrorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { deleteDestination, updateDestination } from '../../services/destinations/verbs.ts';
import { destinationParams, noProject, oneCanonical, tag, updateDestinationBody, viewers } from './schema.ts';

/** PATCH /api/projects/{id}/destinations/{destinationId}: changes a destination (owners, editors). */
export const updateDestinationRoute = defineRoute({
  method: 'patch',
  path: '/api/projects/{id}/destinations/{destinationId}',
  tag,
  summary:
    'Changes a destination (owners, editors): a field left out stays, a secret left empty keeps its saved value; secrets are never returned.',
  params: destinationParams,
  body: updateDestinationBody,
  responses: {
    200: { description: 'The destination.', schema: destination },
    ...viewers,
    ...noProject,
    ...oneCanonical,
    422: { description: 'A setting is refused; nothing changed.', schema: validationErrorBody },
  },
  handler: async (c, { params, body }) =>
    c.json(
      await updateDestination({
        ctx: c.get('ctx'),
        input: { projectId: params.id, id: params.destinationId, ...body },
      }),
    ),
});

/** DELETE /api/projects/{id}/destinations/{destinationId}: removes a destination (owners, editors). */
export const deleteDestinationRoute = defineRoute({
  method: 'delete',
  path: '/api/projects/{id}/destinations/{destinationId}',
  tag,
  summary:
    'Removes a destination and its delivery log (owners, editors); posts already published there stay on that site.',
  params: destinationParams,
  responses: { 200: { description: 'What happened.', schema: messageBody }, ...viewers, ...noProject },
  handler: async (c, { params }) =>
    c.json(await deleteDestination({ ctx: c.get('ctx'), input: { projectId: params.id, id: params.destinationId } })),
});
