// Calendar entries, their derived status and the autopilot settings as the API returns them (issue 14): their zod
// schemas are in src/lib/calendar/schema.ts; the constants they are built from are here.

export type {
  AutopilotSettings,
  CalendarEntry,
  CalendarEntryEdit,
  Competitor,
  EntryStatus,
  PlanTaskStatus,
  PublishMode,
} from './schema.ts';

/** Spec §9: plan length. */
export const PLAN_DAYS = 30;

export const SEARCH_INTENTS = ['informational', 'commercial', 'transactional', 'navigational'] as const;
export type SearchIntent = (typeof SEARCH_INTENTS)[number];
