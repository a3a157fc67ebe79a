import { z } from 'zod';
import { errorBody, operation, validationErrorBody } from '../../lib/openapi.ts';
import { SEARCH_INTENTS } from '../../../src/lib/calendar/types.ts';
import { isRealDay, isTimeZone } from '../../services/calendar/dates.ts';

// Requests and responses of the calendar routes (/api/calendar); the plan routes' live in api/routes/blogs/schema.ts.

export const projectIdParam = z.object({ projectId: z.uuid() });
export const entryIdParam = z.object({ id: z.uuid() });

const day = z
  .string({ error: 'Date must be a day like 2026-01-31.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date must be a day like 2026-01-31.' })
  .refine(isRealDay, { error: 'Date must be a real day.' })
  .refine((value) => !value.startsWith('0000'), { error: 'Date must be in a year from 0001 to 9999.' });
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` });
const keywordList = z
  .array(text('Keyword', 120).min(1, { error: 'Keywords cannot be empty.' }), {
    error: 'Secondary keywords must be a list of text.',
  })
  .max(10, {
    error: 'You can add a maximum of 10 keywords.',
  });

/** ?month=YYYY-MM, or ?from=&to= days (at most 100 days apart). */
const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Month must look like 2026-01.' })
  .refine((value) => !value.startsWith('0000'), { error: 'Month must be in a year from 0001 to 9999.' });
export const listEntriesQuery = z.union([z.object({ month }), z.object({ from: day, to: day })]);
/** listEntriesQuery as query parameters for the OpenAPI document (a union has none): month, or from and to. */
export const listEntriesQueryParams = z.object({
  month: month.optional().describe('A month like 2026-01; or leave it out and give from and to.'),
  from: day.optional().describe('First day (with to, instead of month).'),
  to: day.optional().describe('Last day, on or after from and at most 100 days later.'),
});

const entryFields = {
  title: text('Title', 200).min(1, { error: 'Title is required.' }),
  date: day,
  target_keyword: text('Target keyword', 120),
  secondary_keywords: keywordList,
  search_intent: z.enum(SEARCH_INTENTS, { error: `Search intent must be one of ${SEARCH_INTENTS.join(', ')}.` }),
  outline: z
    .array(text('Outline heading', 200), { error: 'Outline must be a list of headings.' })
    .max(20, { error: 'An outline has at most 20 headings.' }),
  content_type: text('Content type', 40).min(1, { error: 'Content type is required.' }),
};

export const createEntryBody = z.object(entryFields).partial().required({ title: true, date: true }).strict();
export const updateEntryBody = z.object(entryFields).partial().strict();

export const entryResponse = z.object({
  id: z.uuid(),
  project_id: z.uuid(),
  date: z.iso.date(),
  position: z.number().int(),
  title: z.string(),
  target_keyword: z.string(),
  secondary_keywords: z.array(z.string()),
  search_intent: z.enum(SEARCH_INTENTS),
  outline: z.array(z.string()),
  content_type: z.string(),
  status: z.enum(['planned', 'generating', 'draft', 'published', 'failed']),
  error: z.string().nullable(),
  run_id: z.uuid().nullable(),
  post_id: z.uuid().nullable(),
  draft_label: z.string().nullable(),
  written_by: z
    .string()
    .nullable()
    .describe("What planned the entry: the AI model's name, 'offline composer', or null when a person added it."),
  updated_at: z.iso.datetime({ offset: true }),
});
export const entryListResponse = z.object({ items: z.array(entryResponse) });
export const deleteEntryResponse = z.object({ message: z.string() });
export const generateEntryResponse = z.object({ run_id: z.uuid(), queue_item_id: z.uuid(), entry: entryResponse });

// The check takes what a post holds too (its keywords run to 200 characters; an entry's to 120).
export const competitionQuery = z.object({
  keyword: text('Keyword', 200).min(1, { error: 'Keyword is required.' }),
  title: text('Title', 200).optional(),
  secondary_keywords: z
    .string({ error: 'Secondary keywords must be text.' })
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((keyword) => keyword.trim())
        .filter(Boolean),
    )
    .pipe(z.array(text('Keyword', 200)).max(10, { error: 'You can add a maximum of 10 keywords.' }))
    .describe("The piece's other keywords, comma-separated (at most 10): a set that overlaps another's competes too."),
  exclude_post_id: z.uuid().optional(),
  exclude_entry_id: z.uuid().optional(),
});
export const competitionResponse = z.object({
  items: z.array(
    z.object({
      kind: z.enum(['post', 'entry']),
      id: z.uuid(),
      title: z.string(),
      target_keyword: z.string(),
      date: z.iso.date().nullable(),
      reason: z.string(),
    }),
  ),
});

export const autopilotBody = z
  .object({
    enabled: z.boolean({ error: 'Enabled must be true or false.' }),
    time_zone: z
      .string({ error: 'Time zone must be text.' })
      .refine(isTimeZone, { error: 'Time zone must be an IANA name like Europe/Paris.' }),
    publish_mode: z.enum(['publish', 'draft'], { error: 'Publish mode must be publish or draft.' }),
  })
  .strict();
export const autopilotResponse = z.object({
  project_id: z.uuid(),
  enabled: z.boolean(),
  time_zone: z.string(),
  slot_time: z.string().regex(/^\d{2}:\d{2}$/),
  publish_mode: z.enum(['publish', 'draft']),
});

const tag = 'Calendar';
const noProject = { 404: { description: 'No such project of the caller.', schema: errorBody } };
const noEntry = {
  404: {
    description: 'No such calendar entry in a project of the caller ("Calendar entry not found.").',
    schema: errorBody,
  },
};
const viewers = { 403: { description: 'Viewers cannot change this project.', schema: errorBody } };
const refused = {
  422: { description: 'A field was refused (each problem names it); nothing changed.', schema: validationErrorBody },
};

export const operations = [
  operation({
    method: 'get',
    path: '/api/calendar/project/{projectId}',
    tag,
    summary:
      "The project's entries of a month (?month=2026-01) or of a range of at most 100 days (?from=&to=), by day and position.",
    params: projectIdParam,
    query: listEntriesQueryParams,
    responses: {
      200: { description: 'The entries.', schema: entryListResponse },
      ...noProject,
      422: {
        description: 'Neither a month nor a valid range of days was given; nothing changed.',
        schema: validationErrorBody,
      },
    },
  }),
  operation({
    method: 'post',
    path: '/api/calendar/project/{projectId}',
    tag,
    summary:
      "Adds an entry on a day, after that day's other entries (owners, editors); unset fields take their defaults.",
    params: projectIdParam,
    body: createEntryBody,
    responses: {
      201: { description: 'The new entry (planned).', schema: entryResponse },
      ...viewers,
      ...noProject,
      ...refused,
    },
  }),
  operation({
    method: 'get',
    path: '/api/calendar/project/{projectId}/competition',
    tag,
    summary:
      "The project's posts and entries whose keyword competes with the given one (the editor's warning), each with the reason.",
    params: projectIdParam,
    query: competitionQuery,
    responses: {
      200: { description: 'The competing posts and entries (none: an empty list).', schema: competitionResponse },
      ...noProject,
      ...refused,
    },
  }),
  operation({
    method: 'get',
    path: '/api/calendar/project/{projectId}/failures',
    tag,
    summary: 'The entries whose generation failed, with the reason.',
    params: projectIdParam,
    responses: { 200: { description: 'The failed entries.', schema: entryListResponse }, ...noProject },
  }),
  operation({
    method: 'get',
    path: '/api/calendar/project/{projectId}/autopilot',
    tag,
    summary: "The project's autopilot settings (off, 09:00 UTC, keep as draft until set).",
    params: projectIdParam,
    responses: { 200: { description: 'The settings.', schema: autopilotResponse }, ...noProject },
  }),
  operation({
    method: 'put',
    path: '/api/calendar/project/{projectId}/autopilot',
    tag,
    summary:
      "Sets the autopilot (owners, editors); turning it on starts with today's slot, earlier days are never replayed.",
    params: projectIdParam,
    body: autopilotBody,
    responses: {
      200: { description: 'The settings.', schema: autopilotResponse },
      ...viewers,
      ...noProject,
      ...refused,
    },
  }),
  operation({
    method: 'get',
    path: '/api/calendar/entries/{id}',
    tag,
    summary: 'One entry, with its status derived from its run and post.',
    params: entryIdParam,
    responses: { 200: { description: 'The entry.', schema: entryResponse }, ...noEntry },
  }),
  operation({
    method: 'patch',
    path: '/api/calendar/entries/{id}',
    tag,
    summary: 'Edits an entry (owners, editors); a new date moves it to the end of that day.',
    params: entryIdParam,
    body: updateEntryBody,
    responses: { 200: { description: 'The entry.', schema: entryResponse }, ...viewers, ...noEntry, ...refused },
  }),
  operation({
    method: 'delete',
    path: '/api/calendar/entries/{id}',
    tag,
    summary: 'Removes an entry (owners, editors); a post it made stays.',
    params: entryIdParam,
    responses: {
      200: { description: '"Calendar entry deleted."', schema: deleteEntryResponse },
      ...viewers,
      ...noEntry,
    },
  }),
  operation({
    method: 'post',
    path: '/api/calendar/entries/{id}/generate',
    tag,
    summary:
      "Queues a run of the project's default workflow for the entry, with its title, keywords and outline (owners, editors). No body.",
    params: entryIdParam,
    responses: {
      202: {
        description: 'Queued; the entry is linked to the run (poll GET /api/workflows/runs/{runId} or the entry).',
        schema: generateEntryResponse,
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
  }),
];
