import { z } from 'zod';
import { destination, destinationKindInfo } from '../../../src/lib/destinations/schema.ts';
import { defineRoute } from '../../lib/route.ts';
import { listDestinationKinds, listDestinations } from '../../services/destinations/verbs.ts';
import { noProject, projectParam, tag } from './schema.ts';

/** GET /api/destinations/kinds: what this server can publish to, with each kind's form. */
export const destinationKindsRoute = defineRoute({
  method: 'get',
  path: '/api/destinations/kinds',
  tag,
  summary: "The kinds of destination this server publishes to, each with its settings' fields (any signed-in user).",
  responses: { 200: { description: 'The kinds.', schema: z.array(destinationKindInfo) } },
  handler: (c) => c.json(listDestinationKinds()),
});

/** GET /api/projects/{id}/destinations: the project's destinations (any member). */
export const listDestinationsRoute = defineRoute({
  method: 'get',
  path: '/api/projects/{id}/destinations',
  tag,
  summary: "The project's publishing destinations, oldest first, secrets left out (any member).",
  params: projectParam,
  responses: { 200: { description: 'The destinations.', schema: z.array(destination) }, ...noProject },
  handler: async (c, { params }) =>
    c.json(await listDestinations({ ctx: c.get('ctx'), input: { projectId: params.id } })),
});
