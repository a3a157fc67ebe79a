import type {
  AutopilotSettings,
  CalendarEntry,
  CalendarEntryEdit,
  Competitor,
} from '../../../src/lib/calendar/types.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { authorize } from '../authorize.ts';
import { competes } from '../plan/cannibalisation.ts';
import { localParts } from './dates.ts';
import { deleteFailedSlot, selectAutopilot, upsertAutopilot } from './queries/autopilot.ts';
import {
  deleteEntryRow,
  insertEntry,
  linkEntryRun,
  nextPosition,
  selectAllEntries,
  selectEntries,
  selectEntry,
  selectPostKeywords,
  updateEntryFields,
} from './queries/entries.ts';
import { startRun as defaultStartRun, type StartRun } from './run-starter.ts';
import { creditedUserId } from '../actor.ts';

const ENTRY_NOT_FOUND = 'Calendar entry not found.';
const isUuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

/** An entry just written, read back as the API shows it. */
async function reread(ctx: ServiceContext, id: string): Promise<CalendarEntry> {
  const entry = await selectEntry(ctx.sql, id);
  if (!entry) throw new NotFoundError(ENTRY_NOT_FOUND);
  return entry;
}

/** An entry the caller may act on (read: any member; write: owners and editors), or 404 as if missing. */
async function entryFor(ctx: ServiceContext, id: string, action: 'read' | 'write'): Promise<CalendarEntry> {
  const entry = isUuid(id) ? await selectEntry(ctx.sql, id) : undefined;
  if (!entry) throw new NotFoundError(ENTRY_NOT_FOUND);
  await authorize(ctx, entry.project_id, action, ENTRY_NOT_FOUND);
  return entry;
}

/** A project's entries between two days (a month view asks for its month). */
export async function listEntries({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; from: string; to: string };
}): Promise<{ items: CalendarEntry[] }> {
  await authorize(ctx, input.projectId, 'read');
  return { items: await selectEntries(ctx.sql, input.projectId, input.from, input.to) };
}

/** Entries whose generation failed, with the reason: what the dashboard puts in front of the team. */
export async function listFailures({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string };
}): Promise<{ items: CalendarEntry[] }> {
  await authorize(ctx, input.projectId, 'read');
  return { items: (await selectAllEntries(ctx.sql, input.projectId)).filter((entry) => entry.status === 'failed') };
}

/** One entry. */
export async function getEntry({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<CalendarEntry> {
  return entryFor(ctx, input.id, 'read');
}

/** Adds an entry on a day, after that day's other entries. */
export async function createEntry({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; fields: Required<Pick<CalendarEntryEdit, 'date' | 'title'>> & CalendarEntryEdit };
}): Promise<CalendarEntry> {
  await authorize(ctx, input.projectId, 'write');
  const f = input.fields;
  const position = await nextPosition(ctx.sql, input.projectId, f.date);
  const id = await insertEntry(ctx.sql, input.projectId, { ...f, position, userId: creditedUserId(ctx) });
  return reread(ctx, id);
}

/**
 * Edits an entry; a new date moves it to the end of that day. An entry whose scheduled generation failed for good is
 * put back on the autopilot: its reason, its failed run's link and its spent slot are cleared, so it is planned again
 * and the autopilot takes it at its (new) day's slot — at the next tick when that slot has already passed.
 */
export async function updateEntry({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: string; fields: CalendarEntryEdit };
}): Promise<CalendarEntry> {
  const entry = await entryFor(ctx, input.id, 'write');
  const f = input.fields;
  const moved = f.date !== undefined && f.date !== entry.date;
  await ctx.sql.begin(async (tx) => {
    const date = f.date ?? entry.date;
    const position = moved ? await nextPosition(tx, entry.project_id, date) : entry.position;
    const row = await updateEntryFields(tx, entry.project_id, entry.id, {
      date,
      position,
      title: f.title ?? entry.title,
      target_keyword: f.target_keyword ?? entry.target_keyword,
      secondary_keywords: f.secondary_keywords ?? entry.secondary_keywords,
      search_intent: f.search_intent ?? entry.search_intent,
      outline: f.outline ?? entry.outline,
      content_type: f.content_type ?? entry.content_type,
      language: f.language === undefined ? entry.language : f.language,
    });
    if (row?.scheduled_failure) await deleteFailedSlot(tx, entry.project_id, entry.id);
  });
  return reread(ctx, entry.id);
}

/** Removes an entry; a post it made stays. */
export async function deleteEntry({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: string };
}): Promise<{ message: string }> {
  const entry = await entryFor(ctx, input.id, 'write');
  await deleteEntryRow(ctx.sql, entry.project_id, entry.id);
  return { message: 'Calendar entry deleted.' };
}

/** Starts a workflow run for an entry (the project's default workflow) and links the run; the post follows it. */
export async function generateEntry({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: string; publish?: boolean };
}): Promise<{ run_id: string; queue_item_id: string; entry: CalendarEntry }> {
  const entry = await entryFor(ctx, input.id, 'write');
  return startEntryRun(ctx, entry, input.publish ?? false);
}

/** The one way a run is started for an entry (the button and the autopilot): refuses entries under way or done. */
export async function startEntryRun(
  ctx: ServiceContext,
  entry: CalendarEntry,
  publish: boolean,
  startRun: StartRun = defaultStartRun,
): Promise<{ run_id: string; queue_item_id: string; entry: CalendarEntry }> {
  if (entry.status === 'generating') throw new ConflictError('This entry is already being generated.');
  if (entry.status === 'draft' || entry.status === 'published')
    throw new ConflictError('This entry already has a post.');
  const started = await startRun({
    ctx,
    input: {
      projectId: entry.project_id,
      topic: entry.title,
      target_keyword: entry.target_keyword,
      secondary_keywords: entry.secondary_keywords,
      outline: entry.outline.join('\n'),
      calendar_entry_id: entry.id,
      publish,
      ...(entry.language ? { language: entry.language } : {}),
    },
  });
  await linkEntryRun(ctx.sql, entry.project_id, entry.id, started.run_id);
  return { ...started, entry: await reread(ctx, entry.id) };
}

/** Posts and entries of a project whose keyword competes with the given one (the editor's warning). */
export async function findCompetition({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: {
    projectId: string;
    keyword: string;
    title?: string;
    secondaryKeywords?: string[];
    excludePostId?: string;
    excludeEntryId?: string;
  };
}): Promise<{ items: Competitor[] }> {
  await authorize(ctx, input.projectId, 'read');
  const piece = { title: input.title ?? '', target_keyword: input.keyword, keywords: input.secondaryKeywords ?? [] };
  const items: Competitor[] = [];
  for (const post of await selectPostKeywords(ctx.sql, input.projectId)) {
    if (post.id === input.excludePostId) continue;
    const reason = competes(piece, { title: post.title, target_keyword: post.target_keyword, keywords: post.keywords });
    if (reason)
      items.push({
        kind: 'post',
        id: post.id,
        title: post.title,
        target_keyword: post.target_keyword,
        date: null,
        reason,
      });
  }
  for (const entry of await selectAllEntries(ctx.sql, input.projectId)) {
    if (entry.id === input.excludeEntryId || (input.excludePostId && entry.post_id === input.excludePostId)) continue;
    const reason = competes(piece, {
      title: entry.title,
      target_keyword: entry.target_keyword,
      keywords: entry.secondary_keywords,
    });
    if (reason)
      items.push({
        kind: 'entry',
        id: entry.id,
        title: entry.title,
        target_keyword: entry.target_keyword,
        date: entry.date,
        reason,
      });
  }
  return { items };
}

/** The project's autopilot (off, 09:00 UTC, keep as draft until set). */
export async function getAutopilot({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string };
}): Promise<AutopilotSettings> {
  await authorize(ctx, input.projectId, 'read');
  const row = await selectAutopilot(ctx.sql, input.projectId);
  return {
    project_id: input.projectId,
    ...(row ?? { enabled: false, time_zone: 'UTC', slot_time: '09:00', publish_mode: 'draft' }),
  };
}

/** Sets the autopilot; turning it on starts with today's slot (earlier days are never replayed). */
export async function setAutopilot({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; enabled: boolean; time_zone: string; publish_mode: 'publish' | 'draft'; now?: Date };
}): Promise<AutopilotSettings> {
  await authorize(ctx, input.projectId, 'write');
  const today = localParts(input.now ?? new Date(), input.time_zone).day;
  await upsertAutopilot(ctx.sql, input.projectId, {
    enabled: input.enabled,
    time_zone: input.time_zone,
    publish_mode: input.publish_mode,
    enabledFrom: input.enabled ? today : null,
  });
  return getAutopilot({ ctx, input: { projectId: input.projectId } });
}
