import { OFFLINE_WRITER, PLAN_DAYS, PLAN_FILL_LABEL } from '../../../src/lib/calendar/types.ts';
import type { Config } from '../../config.ts';
import type { Sql } from '../../db/sql.ts';
import { writePlanIdeas, type PlanIdea, type PlanSource } from '../../providers/ai/content-plan.ts';
import { createAi, offlineLabel } from '../../providers/ai/index.ts';
import { selectProjectLanguage } from '../projects/queries.ts';
import { composePlanDraft, offlinePlanLabel } from '../../providers/ai/offline/content-plan.ts';
import { writeQueryIdeas } from '../../providers/ai/query-ideas.ts';
import { addDays } from '../calendar/dates.ts';
import {
  deletePlannedEntries,
  insertPlannedEntry,
  selectAllEntries,
  selectPostKeywords,
} from '../calendar/queries/entries.ts';
import { selectPrompt } from '../prompts/queries.ts';
import { RISING_PLAN_MAX, RISING_QUERY_LABEL } from '../search-console/learning.ts';
import { risingQueriesOf } from '../search-console/reports.ts';
import { firstCompetitor, type Piece } from './cannibalisation.ts';
import { NO_STYLE_GUIDE, PLAN_FAILED, PLAN_READY, PLAN_WORKING } from './messages.ts';
import { countPlanTaskAttempt, selectPlanTask, setPlanTask, markProjectPlanned } from './queries.ts';

/** Requests for the missing ideas at most, and rounds in a row that may add none before the composer fills in. */
const AI_ROUNDS = 6;
const IDLE_ROUNDS = 2;

/**
 * One attempt at a plan task: the style guide's keywords and base knowledge become one entry per free day of the 30
 * from the task's start date. Entries already generated stay where they are (their days are not re-planned); planned
 * entries from the start date on are replaced. Every idea passes the cannibalisation guard against existing posts,
 * kept entries and the ideas accepted before it. The model is asked again for the missing ideas (told every title and
 * keyword already planned and those refused) for a bounded number of rounds; only then does the composer fill the rest.
 * Each entry records what wrote it.
 */
export async function runPlanTask(env: { sql: Sql; config: Config }, taskId: string): Promise<void> {
  const { sql, config } = env;
  const task = await selectPlanTask(sql, taskId);
  if (!task || task.status === 'complete' || task.status === 'error') return;
  await countPlanTaskAttempt(sql, taskId);
  await setPlanTask(sql, taskId, { status: 'in_progress', message: PLAN_WORKING });
  const prompt = task.prompt_id ? await selectPrompt(sql, task.prompt_id) : undefined;
  const language = await selectProjectLanguage(sql, task.project_id);
  if (!prompt) {
    await setPlanTask(sql, taskId, { status: 'error', message: NO_STYLE_GUIDE, error: 'style guide deleted' });
    return;
  }

  const days = Array.from({ length: PLAN_DAYS }, (_, index) => addDays(task.start_date, index));
  const entries = await selectAllEntries(sql, task.project_id);
  const lastDay = addDays(task.start_date, PLAN_DAYS - 1);
  const replaced = (entry: { run_id: string | null; post_id: string | null; date: string }) =>
    !entry.run_id && !entry.post_id && entry.date >= task.start_date && entry.date <= lastDay;
  const kept = entries.filter((entry) => !replaced(entry));
  const taken = new Set(kept.filter((entry) => entry.run_id || entry.post_id).map((entry) => entry.date));
  const freeDays = days.filter((day) => !taken.has(day));
  const posts = await selectPostKeywords(sql, task.project_id);
  const guard: Piece[] = [
    ...posts.map((post) => ({ title: post.title, target_keyword: post.target_keyword, keywords: post.keywords })),
    ...kept.map((entry) => ({
      title: entry.title,
      target_keyword: entry.target_keyword,
      keywords: entry.secondary_keywords,
    })),
  ];
  const accepted: PlanIdea[] = [];
  // What wrote each accepted idea (the model's name or the composer), the draft label its entry carries, and where
  // the idea came from when not from the style guide (Search Console's rising queries).
  const origins: { writtenBy: string; draftLabel: string | null; sourceLabel?: string }[] = [];
  const refused: string[] = [];
  const asPiece = (idea: PlanIdea): Piece => ({
    title: idea.title,
    target_keyword: idea.target_keyword,
    keywords: idea.secondary_keywords,
  });
  const accept = (idea: PlanIdea, picked: PlanIdea[] = []) =>
    !firstCompetitor(asPiece(idea), [...guard, ...accepted.map(asPiece), ...picked.map(asPiece)]);
  const source = (): PlanSource => ({
    keywords: prompt.keywords,
    base_knowledge: prompt.base_knowledge,
    brand_voice: prompt.brand_voice,
    planned: [...guard, ...accepted.map(asPiece)].map(({ title, target_keyword }) => ({ title, target_keyword })),
    refused,
    language,
  });

  const ai = createAi(config, sql);
  // First the queries the blog rises for in Google without a post about them (issue 25): each becomes an entry
  // targeting the query, labelled "From Search Console: rising query". No connection, no data: none.
  const rising = (await risingQueriesOf(sql, task.project_id, { planned: guard }))
    .slice(0, Math.min(RISING_PLAN_MAX, freeDays.length))
    .map((trend) => trend.query);
  if (rising.length) {
    const written = await writeQueryIdeas(ai, prompt, rising, {
      projectId: task.project_id,
      taskId,
      purpose: 'content_plan',
    });
    for (const idea of written.ideas) {
      if (!accept(idea)) continue;
      accepted.push(idea);
      origins.push({
        writtenBy: written.model ?? OFFLINE_WRITER,
        draftLabel: written.draft_label,
        sourceLabel: RISING_QUERY_LABEL,
      });
    }
  }
  for (let round = 0, idle = 0; round < AI_ROUNDS && idle < IDLE_ROUNDS && accepted.length < freeDays.length; round++) {
    let answer;
    try {
      answer = await writePlanIdeas(ai, source(), freeDays.length - accepted.length, accept, {
        projectId: task.project_id,
        taskId,
        purpose: 'content_plan',
      });
    } catch (error) {
      if (round === 0) throw error; // the queue retries the task; a later round's failure is filled below
      break;
    }
    const before = accepted.length;
    for (const idea of answer.value.entries) {
      if (accepted.length >= freeDays.length) break;
      if (!accept(idea)) {
        refused.push(idea.target_keyword);
        continue;
      }
      accepted.push(idea);
      // Offline, the label also says when a simple tokeniser stood in for noun phrases (a language compromise lacks).
      const draftLabel = answer.model ? answer.draft_label : offlineLabel(language, offlinePlanLabel(language));
      origins.push({ writtenBy: answer.model ?? OFFLINE_WRITER, draftLabel });
    }
    idle = accepted.length === before ? idle + 1 : 0;
  }
  if (accepted.length < freeDays.length) {
    // What the model could not plan is composed offline, labelled as such: with a model configured the label says the
    // model fell short, never that no AI was configured.
    const draftLabel = offlineLabel(language, ai.model ? PLAN_FILL_LABEL : offlinePlanLabel(language));
    for (const idea of composePlanDraft(source(), freeDays.length - accepted.length, accept, language).entries) {
      if (accept(idea)) {
        accepted.push(idea);
        origins.push({ writtenBy: OFFLINE_WRITER, draftLabel });
      }
    }
  }
  if (accepted.length < freeDays.length)
    throw new Error(`only ${accepted.length} of ${freeDays.length} ideas passed the cannibalisation guard`);

  await sql.begin(async (tx) => {
    await deletePlannedEntries(tx, task.project_id, task.start_date, lastDay);
    for (const [index, idea] of accepted.entries()) {
      const date = freeDays[index];
      if (!date) break; // never: as many ideas were accepted as there are free days
      await insertPlannedEntry(tx, task.project_id, {
        ...idea,
        date,
        planTaskId: taskId,
        draftLabel: origins[index]?.draftLabel ?? null,
        writtenBy: origins[index]?.writtenBy ?? null,
        sourceLabel: origins[index]?.sourceLabel ?? null,
        userId: task.created_by,
      });
    }
    // The project has its plan: onboarding's last step is done (every process hears it through the change feed).
    await markProjectPlanned(tx, task.project_id);
    await setPlanTask(tx, taskId, { status: 'complete', message: PLAN_READY });
  });
}

/** Ends a task that ran out of retries; the calendar is left as it was. */
export async function failPlanTask(sql: Sql, taskId: string, reason: string): Promise<void> {
  const task = await selectPlanTask(sql, taskId);
  if (!task || task.status === 'complete') return;
  await setPlanTask(sql, taskId, { status: 'error', message: PLAN_FAILED, error: reason });
}
