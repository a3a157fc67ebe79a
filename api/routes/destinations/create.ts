import { connectionCheck, savedDestination } from '../../../src/lib/destinations/schema.ts';
import { validationErrorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { createDestination, testDestination } from '../../services/destinations/verbs.ts';
import {
  createDestinationBody,
  noProject,
  oneCanonical,
  projectParam,
  tag,
  testDestinationBody,
  viewers,
} from './schema.ts';

/** POST /api/projects/{id}/destinations/test: "Test connection" with settings not saved yet (owners, editors). */
export const testDestinationRoute = defineRoute({
  method: 'post',
  path: '/api/projects/{id}/destinations/test',
  tag,
  summary:
    "Checks a destination's credentials and permissions against the remote before saving (owners, editors): ok, or the remote's own words. A webhook gets a signed webhook.test event.",
  params: projectParam,
  body: testDestinationBody,
  responses: {
    200: {
      description: 'What the remote answered (ok false with its words when it refused).',
      schema: connectionCheck,
    },
    ...viewers,
    ...noProject,
    422: { description: 'A setting is missing or refused, or the kind is not available.', schema: validationErrorBody },
  },
  handler: async (c, { params, body }) =>
    c.json(
      await testDestination({
        ctx: c.get('ctx'),
        input: { projectId: params.id, kind: body.kind, settings: body.settings, destinationId: body.destination_id },
      }),
    ),
});

/** POST /api/projects/{id}/destinations: adds a destination (owners, editors). */
export const createDestinationRoute = defineRoute({
  method: 'post',
  path: '/api/projects/{id}/destinations',
  tag,
  summary:
    'Adds a publishing destination (owners, editors); its secrets are encrypted at once. A webhook gets a whsec_ signing secret, in this answer only.',
  params: projectParam,
  body: createDestinationBody,
  responses: {
    201: { description: 'The destination, with the secrets the server made (shown once).', schema: savedDestination },
    ...viewers,
    ...noProject,
    ...oneCanonical,
    422: { description: 'A setting is missing or refused, or the kind is not available.', schema: validationErrorBody },
  },
  handler: async (c, { params, body }) =>
    c.json(
      await createDestination({
        ctx: c.get('ctx'),
        input: {
          projectId: params.id,
          kind: body.kind,
          name: body.name,
          settings: body.settings,
          canonical: body.canonical,
          enabled: body.enabled,
        },
      }),
      201,
    ),
});
