import type {
  AutopilotSettings,
  CalendarEntry,
  CalendarEntryEdit,
  Competitor,
  PublishMode,
} from '../calendar/types.ts';
import { api } from './client.ts';

/** GET /calendar/project/{id}?from=&to=: a project's entries between two days. */
export function fetchEntries(projectId: string, from: string, to: string): Promise<{ items: CalendarEntry[] }> {
  return api.get(`calendar/project/${projectId}`, { searchParams: { from, to } }).json();
}

/** POST /calendar/project/{id}: adds an entry. */
export function createEntry(
  projectId: string,
  fields: CalendarEntryEdit & { date: string; title: string },
): Promise<CalendarEntry> {
  return api.post(`calendar/project/${projectId}`, { json: fields }).json();
}

/** PATCH /calendar/entries/{id}: edits or moves an entry. */
export function updateEntry(id: string, fields: CalendarEntryEdit): Promise<CalendarEntry> {
  return api.patch(`calendar/entries/${id}`, { json: fields }).json();
}

/** DELETE /calendar/entries/{id}. */
export function deleteEntry(id: string): Promise<{ message: string }> {
  return api.delete(`calendar/entries/${id}`).json();
}

/** POST /calendar/entries/{id}/generate: starts the project's default workflow for the entry. */
export function generateEntry(id: string): Promise<{ run_id: string; queue_item_id: string; entry: CalendarEntry }> {
  return api.post(`calendar/entries/${id}/generate`).json();
}

/** What the competition check compares: a piece's keyword, title and other keywords, leaving out the piece itself. */
export interface CompetitionQuery {
  keyword: string;
  title?: string;
  secondaryKeywords?: string[];
  /** The post being edited (its own calendar entry is left out too). */
  excludePostId?: string;
  /** The calendar entry being edited. */
  excludeEntryId?: string;
}

/** GET /calendar/project/{id}/competition: posts and entries competing with a keyword. */
export function fetchCompetition(projectId: string, query: CompetitionQuery): Promise<{ items: Competitor[] }> {
  const searchParams: Record<string, string> = { keyword: query.keyword };
  if (query.title) searchParams.title = query.title;
  if (query.secondaryKeywords?.length) searchParams.secondary_keywords = query.secondaryKeywords.join(',');
  if (query.excludeEntryId) searchParams.exclude_entry_id = query.excludeEntryId;
  if (query.excludePostId) searchParams.exclude_post_id = query.excludePostId;
  return api.get(`calendar/project/${projectId}/competition`, { searchParams }).json();
}

/** GET /calendar/project/{id}/autopilot. */
export function fetchAutopilot(projectId: string): Promise<AutopilotSettings> {
  return api.get(`calendar/project/${projectId}/autopilot`).json();
}

/** PUT /calendar/project/{id}/autopilot. */
export function saveAutopilot(
  projectId: string,
  settings: { enabled: boolean; time_zone: string; publish_mode: PublishMode },
): Promise<AutopilotSettings> {
  return api.put(`calendar/project/${projectId}/autopilot`, { json: settings }).json();
}
