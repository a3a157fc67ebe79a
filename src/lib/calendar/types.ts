// Calendar entries, their derived status and the autopilot settings as the API returns them (issue 14).

/** Spec §9: plan length. */
export const PLAN_DAYS = 30;

export const SEARCH_INTENTS = ['informational', 'commercial', 'transactional', 'navigational'] as const;
export type SearchIntent = (typeof SEARCH_INTENTS)[number];

/** What `written_by` says of an entry the offline composer planned (a model's entries carry the model's name). */
export const OFFLINE_WRITER = 'offline composer';

/** The draft label of an entry the composer planned because the configured model planned too few. */
export const PLAN_FILL_LABEL = 'draft — planned offline: the AI model planned too few';

/** Derived from the entry's run and post: never stored. */
export type EntryStatus = 'planned' | 'generating' | 'draft' | 'published' | 'failed';

/** One planned post on one day. */
export interface CalendarEntry {
  id: string;
  project_id: string;
  date: string; // YYYY-MM-DD
  position: number;
  title: string;
  target_keyword: string;
  secondary_keywords: string[];
  search_intent: SearchIntent;
  outline: string[];
  content_type: string;
  status: EntryStatus;
  /** Why the entry failed (its run's error, or the autopilot's final failure); null otherwise. */
  error: string | null;
  run_id: string | null;
  post_id: string | null;
  draft_label: string | null;
  /** What planned the entry: the AI model's name, OFFLINE_WRITER, or null when a person added it. */
  written_by: string | null;
  updated_at: string;
}

/** The fields a writer sets on an entry. */
export interface CalendarEntryEdit {
  date?: string;
  title?: string;
  target_keyword?: string;
  secondary_keywords?: string[];
  search_intent?: SearchIntent;
  outline?: string[];
  content_type?: string;
}

export type PublishMode = 'publish' | 'draft';

/** A project's autopilot: each planned entry is generated at slot_time in time_zone on its day. */
export interface AutopilotSettings {
  project_id: string;
  enabled: boolean;
  time_zone: string;
  slot_time: string; // HH:MM
  publish_mode: PublishMode;
}

/** A post or planned entry whose keyword competes with the one asked about. */
export interface Competitor {
  kind: 'post' | 'entry';
  id: string;
  title: string;
  target_keyword: string;
  date: string | null;
  reason: string;
}
