import { z } from 'zod';
import { taskStatus } from '../prompts/schema.ts';
import { SEARCH_INTENTS } from './types.ts';

/** Derived from the entry's run and post: never stored. */
export const entryStatus = z.enum(['planned', 'generating', 'draft', 'published', 'failed']);
export type EntryStatus = z.infer<typeof entryStatus>;

/** One planned post on one day (issue 14). */
export const calendarEntry = z.object({
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
  language: z
    .string()
    .nullable()
    .describe("The language the entry's post is written in (ISO code); null follows the project's language."),
  status: entryStatus,
  error: z
    .string()
    .nullable()
    .describe("Why the entry failed (its run's error, or the autopilot's final failure); null otherwise."),
  run_id: z.uuid().nullable(),
  post_id: z.uuid().nullable(),
  post_brief: z
    .boolean()
    .describe("True while the entry's post is still the writer's brief an offline run made (not yet a post)."),
  draft_label: z.string().nullable(),
  written_by: z
    .string()
    .nullable()
    .describe("What planned the entry: the AI model's name, 'offline composer', or null when a person added it."),
  source_label: z
    .string()
    .nullable()
    .describe(
      "Where the idea came from when not from the style guide: 'From Search Console: rising query' for a query the blog gets impressions for but has no post about.",
    ),
  updated_at: z.iso.datetime({ offset: true }),
});
export type CalendarEntry = z.infer<typeof calendarEntry>;

/** The fields a writer sets on an entry. */
export type CalendarEntryEdit = Partial<
  Pick<
    CalendarEntry,
    | 'date'
    | 'title'
    | 'target_keyword'
    | 'secondary_keywords'
    | 'search_intent'
    | 'outline'
    | 'content_type'
    | 'language'
  >
>;

export const publishMode = z.enum(['publish', 'draft']);
export type PublishMode = z.infer<typeof publishMode>;

/** A project's autopilot: each planned entry is generated at slot_time in time_zone on its day. */
export const autopilotSettings = z.object({
  project_id: z.uuid(),
  enabled: z.boolean(),
  time_zone: z.string(),
  slot_time: z.string().regex(/^\d{2}:\d{2}$/),
  publish_mode: publishMode,
});
export type AutopilotSettings = z.infer<typeof autopilotSettings>;

/** A post or planned entry whose keyword competes with the one asked about. */
export const competitor = z.object({
  kind: z.enum(['post', 'entry']),
  id: z.uuid(),
  title: z.string(),
  target_keyword: z.string(),
  date: z.iso.date().nullable(),
  reason: z.string(),
});
export type Competitor = z.infer<typeof competitor>;

/** Where a 30-day plan task is (spec §3 Plan task), with the message to show. */
export const planTaskStatus = z.object({
  task_id: z.uuid(),
  status: taskStatus,
  message: z.string().describe('What to tell the user, e.g. "Your 30-day plan is ready!".'),
});
export type PlanTaskStatus = z.infer<typeof planTaskStatus>;
