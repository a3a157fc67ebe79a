import { calendarEntry } from '../../../src/lib/calendar/schema.ts';
import { startedRun } from '../../../src/lib/workflows/schema.ts';
import { errorBody, validationErrorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { generateEntry } from '../../services/calendar/verbs.ts';
import { entryIdParam, noEntry, tag, viewers } from './schema.ts';

/** POST /api/calendar/entries/{id}/generate: queues a run of the default workflow for the entry. */
export const generateEntryRoute = defineRoute({
  method: 'post',
  path: '/api/calendar/entries/{id}/generate',
  tag,
  summary:
    "Queues a run of the project's default workflow for the entry, with its title, keywords and outline (owners, editors). No body.",
  params: entryIdParam,
  responses: {
    202: {
      description: 'Queued; the entry is linked to the run (poll GET /api/workflows/runs/{runId} or the entry).',
      schema: startedRun.extend({ entry: calendarEntry }),
    },
    402: {
      description:
        "The paying account has used its plan's posts this period; the message names the plan and the limit and points to /pricing.",
      schema: errorBody,
    },
    ...viewers,
    ...noEntry,
    409: { description: 'The entry is already being generated, or already has a post.', schema: errorBody },
    422: {
      description: "The project's default workflow cannot run (each problem names its node or edge and field).",
      schema: validationErrorBody,
    },
    503: { description: 'Background jobs are not running; try again later.', schema: errorBody },
  },
  handler: async (c, { params }) => c.json(await generateEntry({ ctx: c.get('ctx'), input: { id: params.id } }), 202),
});
