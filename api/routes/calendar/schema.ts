import { z } from 'zod';
import { SEARCH_INTENTS } from '../../../src/lib/calendar/types.ts';
import { isTimeZone } from '../../services/calendar/dates.ts';

// Requests and responses of the plan routes (/api/blogs/posts/plan) and the calendar routes (/api/calendar).

export const planStartParams = z.object({ projectId: z.string(), promptId: z.string() });
export const planStartResponse = z.object({ task_id: z.uuid() });
export const planTaskParams = z.object({ taskId: z.string() });
export const planStatusResponse = z.object({ task_id: z.uuid(), status: z.string(), message: z.string() });

export const projectIdParam = z.object({ projectId: z.uuid() });
export const entryIdParam = z.object({ id: z.uuid() });

const day = z
  .string({ error: 'Date must be a day like 2026-01-31.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date must be a day like 2026-01-31.' })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    error: 'Date must be a real day.',
  });
const text = (label: string, max: number) => z.string({ error: `${label} must be text.` }).trim().max(max, { error: `${label} must be at most ${max} characters.` });
const keywordList = z.array(text('Keyword', 120).min(1, { error: 'Keywords cannot be empty.' }), { error: 'Secondary keywords must be a list of text.' }).max(10, {
  error: 'You can add a maximum of 10 keywords.',
});

/** ?month=YYYY-MM, or ?from=&to= days (at most 100 days apart). */
export const listEntriesQuery = z.union([
  z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Month must look like 2026-01.' }) }),
  z.object({ from: day, to: day }),
]);

const entryFields = {
  title: text('Title', 200).min(1, { error: 'Title is required.' }),
  date: day,
  target_keyword: text('Target keyword', 120),
  secondary_keywords: keywordList,
  search_intent: z.enum(SEARCH_INTENTS, { error: `Search intent must be one of ${SEARCH_INTENTS.join(', ')}.` }),
  outline: z.array(text('Outline heading', 200), { error: 'Outline must be a list of headings.' }).max(20, { error: 'An outline has at most 20 headings.' }),
  content_type: text('Content type', 40).min(1, { error: 'Content type is required.' }),
};

export const createEntryBody = z.object(entryFields).partial().required({ title: true, date: true }).strict();
export const updateEntryBody = z.object(entryFields).partial().strict();

export const entryResponse = z.object({
  id: z.uuid(),
  project_id: z.uuid(),
  date: z.string(),
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
  updated_at: z.string(),
});
export const entryListResponse = z.object({ items: z.array(entryResponse) });
export const deleteEntryResponse = z.object({ message: z.string() });
export const generateEntryResponse = z.object({ run_id: z.uuid(), queue_item_id: z.string(), entry: entryResponse });

export const competitionQuery = z.object({
  keyword: text('Keyword', 120).min(1, { error: 'Keyword is required.' }),
  title: text('Title', 200).optional(),
  exclude_post_id: z.uuid().optional(),
  exclude_entry_id: z.uuid().optional(),
});
export const competitionResponse = z.object({
  items: z.array(
    z.object({ kind: z.enum(['post', 'entry']), id: z.uuid(), title: z.string(), target_keyword: z.string(), date: z.string().nullable(), reason: z.string() }),
  ),
});

export const autopilotBody = z
  .object({
    enabled: z.boolean({ error: 'Enabled must be true or false.' }),
    time_zone: z.string({ error: 'Time zone must be text.' }).refine(isTimeZone, { error: 'Time zone must be an IANA name like Europe/Paris.' }),
    publish_mode: z.enum(['publish', 'draft'], { error: 'Publish mode must be publish or draft.' }),
  })
  .strict();
export const autopilotResponse = z.object({
  project_id: z.uuid(),
  enabled: z.boolean(),
  time_zone: z.string(),
  slot_time: z.string(),
  publish_mode: z.enum(['publish', 'draft']),
});
