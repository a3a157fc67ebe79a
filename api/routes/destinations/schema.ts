import { z } from 'zod';
import { canonicalChoice } from '../../../src/lib/destinations/schema.ts';
import { errorBody } from '../../lib/openapi.ts';

export const projectParam = z.object({ id: z.uuid({ error: 'Project not found.' }) });
export const destinationParams = z.object({
  id: z.uuid({ error: 'Project not found.' }),
  destinationId: z.uuid({ error: 'Destination not found.' }),
});

const name = z
  .string({ error: 'Give the destination a name.' })
  .trim()
  .min(1, { error: 'Give the destination a name.' })
  .max(100, { error: 'A name has at most 100 characters.' });
const settings = z
  .record(z.string().max(100), z.unknown(), { error: 'settings is an object of the kind’s fields.' })
  .describe("The kind's fields (GET /api/destinations/kinds); a secret left empty keeps its saved value");

export const createDestinationBody = z
  .object({
    kind: z.string({ error: 'Choose the kind of destination.' }).max(50),
    name,
    settings: settings.default({}),
    canonical: canonicalChoice.optional().describe('Where posts are canonical: the hosted blog (default) or here'),
    enabled: z.boolean().optional(),
  })
  .strict();

export const updateDestinationBody = z
  .object({
    name: name.optional(),
    settings: settings.optional(),
    canonical: canonicalChoice.optional(),
    enabled: z.boolean().optional(),
  })
  .strict();

export const testDestinationBody = z
  .object({
    kind: z.string({ error: 'Choose the kind of destination.' }).max(50),
    settings: settings.default({}),
    destination_id: z.uuid().optional().describe('A saved destination whose stored secrets fill the empty ones'),
  })
  .strict();

export const tag = 'Publishing';
export const noProject = { 404: { description: 'No such project (or destination) of the caller.', schema: errorBody } };
export const viewers = { 403: { description: 'Viewers cannot change this project.', schema: errorBody } };
export const oneCanonical = {
  409: {
    description: 'Another destination of the project is already where posts are canonical; nothing changed.',
    schema: errorBody,
  },
};
