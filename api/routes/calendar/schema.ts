import { z } from 'zod';
import { errorBody, validationErrorBody } from '../../lib/openapi.ts';
import { SEARCH_INTENTS } from '../../../src/lib/calendar/types.ts';
import { isRealDay, isTimeZone } from '../../services/calendar/dates.ts';
import { languageField } from '../../../src/lib/languages/schema.ts';

// Requests and responses of the calendar routes (/api/calendar); the plan routes' live in api/routes/blogs/schema.ts.

export const projectIdParam = z.object({ projectId: z.uuid({ error: 'Project not found.' }) });
export const entryIdParam = z.object({ id: z.uuid({ error: 'Calendar entry not found.' }) });

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

/** ?month=YYYY-MM, or ?from=&to= days (at most 100 days apart; the handler checks the span). */
const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Month must look like 2026-01.' })
  .refine((value) => !value.startsWith('0000'), { error: 'Month must be in a year from 0001 to 9999.' });
export const listEntriesQuery = z.union([
  z.object({ month: month.describe('A month like 2026-01; or leave it out and give from and to.') }),
  z.object({
    from: day.describe('First day (with to, instead of month).'),
    to: day.describe('Last day, on or after from and at most 100 days later.'),
  }),
]);

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
  language: languageField
    .nullable()
    .describe("The language of the entry's post (an ISO 639-1 code like pt); null follows the project's language."),
};

export const createEntryBody = z.object(entryFields).partial().required({ title: true, date: true }).strict();
export const updateEntryBody = z.object(entryFields).partial().strict();

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

export const autopilotBody = z
  .object({
    enabled: z.boolean({ error: 'Enabled must be true or false.' }),
    time_zone: z
      .string({ error: 'Time zone must be text.' })
      .refine(isTimeZone, { error: 'Time zone must be an IANA name like Europe/Paris.' }),
    publish_mode: z.enum(['publish', 'draft'], { error: 'Publish mode must be publish or draft.' }),
  })
  .strict();

export const tag = 'Calendar';
export const noProject = { 404: { description: 'No such project of the caller.', schema: errorBody } };
export const noEntry = {
  404: {
    description: 'No such calendar entry in a project of the caller ("Calendar entry not found.").',
    schema: errorBody,
  },
};
export const viewers = { 403: { description: 'Viewers cannot change this project.', schema: errorBody } };
export const refused = {
  422: { description: 'A field was refused (each problem names it); nothing changed.', schema: validationErrorBody },
};
