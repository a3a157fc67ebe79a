import { z } from 'zod';
import { calendarEntry } from '../../../src/lib/calendar/schema.ts';
import { defineRoute } from '../../lib/route.ts';
import { deleteEntry, getEntry, updateEntry } from '../../services/calendar/verbs.ts';
import { entryIdParam, noEntry, refused, tag, updateEntryBody, viewers } from './schema.ts';

/** GET /api/calendar/entries/{id}: one entry. */
export const getEntryRoute = defineRoute({
  method: 'get',
  path: '/api/calendar/entries/{id}',
  tag,
  summary: 'One entry, with its status derived from its run and post.',
  params: entryIdParam,
  responses: { 200: { description: 'The entry.', schema: calendarEntry }, ...noEntry },
  handler: async (c, { params }) => c.json(await getEntry({ ctx: c.get('ctx'), input: { id: params.id } })),
});

/** PATCH /api/calendar/entries/{id}: edits an entry (owners, editors). */
export const updateEntryRoute = defineRoute({
  method: 'patch',
  path: '/api/calendar/entries/{id}',
  tag,
  summary: 'Edits an entry (owners, editors); a new date moves it to the end of that day.',
  params: entryIdParam,
  body: updateEntryBody,
  responses: { 200: { description: 'The entry.', schema: calendarEntry }, ...viewers, ...noEntry, ...refused },
  handler: async (c, { params, body }) =>
    c.json(await updateEntry({ ctx: c.get('ctx'), input: { id: params.id, fields: body } })),
});

/** DELETE /api/calendar/entries/{id}: removes an entry (owners, editors); a post it made stays. */
export const deleteEntryRoute = defineRoute({
  method: 'delete',
  path: '/api/calendar/entries/{id}',
  tag,
  summary: 'Removes an entry (owners, editors); a post it made stays.',
  params: entryIdParam,
  responses: {
    200: { description: '"Calendar entry deleted."', schema: z.object({ message: z.string() }) },
    ...viewers,
    ...noEntry,
  },
  handler: async (c, { params }) => c.json(await deleteEntry({ ctx: c.get('ctx'), input: { id: params.id } })),
});
