import type {
  AutopilotSettings,
  CalendarEntry,
  CalendarEntryEdit,
  Competitor,
  SearchIntent,
} from '../../../src/lib/calendar/types.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { authorize } from '../authorize.ts';
import { competes } from '../plan/cannibalisation.ts';
import { localParts } from './dates.ts';
import { nextPosition, selectAllEntries, selectEntries, selectEntry, selectPostKeywords } from './queries.ts';
import { startRun as defaultStartRun, type StartRun } from './run-starter.ts';
import { creditedUserId } from '../actor.ts';

const ENTRY_NOT_FOUND = 'Calendar entry not found.';
const isUuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

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
  const [row] = await ctx.sql<{ id: string }[]>`
    insert into calendar_entries (project_id, entry_date, position, title, target_keyword, secondary_keywords, search_intent, outline, content_type, created_by)
    values (${input.projectId}, ${f.date}, ${position}, ${f.title}, ${f.target_keyword ?? ''}, ${f.secondary_keywords ?? []},
            ${f.search_intent ?? 'informational'}, ${f.outline ?? []}, ${f.content_type ?? 'guide'}, ${creditedUserId(ctx)})
    returning id`;
  return (await selectEntry(ctx.sql, row!.id))!;
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
    const position = moved ? await nextPosition(tx, entry.project_id, f.date!) : entry.position;
    const [row] = await tx<{ scheduled_failure: boolean }[]>`
      update calendar_entries e set
        entry_date = ${f.date ?? entry.date}, position = ${position}, title = ${f.title ?? entry.title},
        target_keyword = ${f.target_keyword ?? entry.target_keyword}, secondary_keywords = ${f.secondary_keywords ?? entry.secondary_keywords},
        search_intent = ${(f.search_intent ?? entry.search_intent) as SearchIntent}, outline = ${f.outline ?? entry.outline},
        content_type = ${f.content_type ?? entry.content_type}, updated_at = now(),
        run_id = case when e.error is not null and e.post_id is null then null else e.run_id end,
        error = null
      from calendar_entries old
      where e.id = ${entry.id} and old.id = e.id
      returning old.error is not null and old.post_id is null as scheduled_failure`;
    if (row?.scheduled_failure)
      await tx`delete from autopilot_slots where entry_id = ${entry.id} and status = 'failed'`;
  });
  return (await selectEntry(ctx.sql, entry.id))!;
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
  await ctx.sql`delete from calendar_entries where id = ${entry.id}`;
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
    },
  });
  await ctx.sql`update calendar_entries set run_id = ${started.run_id}, post_id = null, error = null, updated_at = now() where id = ${entry.id}`;
  return { ...started, entry: (await selectEntry(ctx.sql, entry.id))! };
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

type SettingsRow = Omit<AutopilotSettings, 'project_id'>;

/** The project's autopilot (off, 09:00 UTC, keep as draft until set). */
export async function getAutopilot({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string };
}): Promise<AutopilotSettings> {
  await authorize(ctx, input.projectId, 'read');
  const [row] = await ctx.sql<SettingsRow[]>`
    select enabled, time_zone, to_char(slot_time, 'HH24:MI') as slot_time, publish_mode from project_autopilot where project_id = ${input.projectId}`;
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
  await ctx.sql`
    insert into project_autopilot (project_id, enabled, time_zone, publish_mode, enabled_from)
    values (${input.projectId}, ${input.enabled}, ${input.time_zone}, ${input.publish_mode}, ${input.enabled ? today : null})
    on conflict (project_id) do update set
      enabled = excluded.enabled, time_zone = excluded.time_zone, publish_mode = excluded.publish_mode,
      enabled_from = case when project_autopilot.enabled and excluded.enabled then project_autopilot.enabled_from else excluded.enabled_from end,
      updated_at = now()`;
  return getAutopilot({ ctx, input: { projectId: input.projectId } });
}
