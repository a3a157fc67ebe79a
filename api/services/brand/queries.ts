import type { TaskStage, TaskStatus } from '../../../src/lib/prompts/types.ts';
import type { Db } from '../../db/sql.ts';

export interface BrandTaskRow {
  id: string;
  project_id: string;
  brand_url: string;
  status: TaskStatus;
  stage: TaskStage;
  progress: number;
  message: string;
  result_prompt_id: string | null;
  job_id: string | null;
  attempts: number;
  /** Why the task failed, for its user; null unless it failed. */
  reason: string | null;
  /** Who started it: its job runs in that account's group (one at a time per account and worker). */
  created_by?: string | null;
}

/** One brand task row. */
export async function selectBrandTask(sql: Db, id: string): Promise<BrandTaskRow | undefined> {
  const [row] = await sql<BrandTaskRow[]>`
    select id, project_id, brand_url, status, stage, progress, message, result_prompt_id, job_id, attempts, reason
    from brand_tasks where id = ${id}`;
  return row;
}

/** Moves a task on; progress never goes backwards within an attempt. */
export async function updateBrandTask(
  sql: Db,
  id: string,
  change: {
    status: TaskStatus;
    stage: TaskStage;
    progress: number;
    message: string;
    error?: string | null;
    reason?: string | null;
    result_prompt_id?: string | null;
  },
): Promise<void> {
  await sql`
    update brand_tasks
    set status = ${change.status}, stage = ${change.stage}, progress = ${change.progress}, message = ${change.message},
        error = coalesce(${change.error ?? null}, error), reason = coalesce(${change.reason ?? null}, reason),
        result_prompt_id = coalesce(${change.result_prompt_id ?? null}, result_prompt_id),
        updated_at = now()
    where id = ${id}`;
}

/** Tasks of one queue not yet finished, for the start-up sweep. */
export async function selectOpenBrandTasks(sql: Db, queue: string): Promise<BrandTaskRow[]> {
  return sql<BrandTaskRow[]>`
    select id, project_id, brand_url, status, stage, progress, message, result_prompt_id, job_id, attempts, reason, created_by
    from brand_tasks where status in ('pending', 'in_progress') and job_queue = ${queue} order by created_at`;
}

/** The project's brand task still under way on this queue, if any. */
export async function findOpenBrandTask(
  sql: Db,
  projectId: string,
  queue: string,
): Promise<{ id: string } | undefined> {
  const [row]: [{ id: string }?] = await sql`
    select id from brand_tasks
    where project_id = ${projectId} and status in ('pending', 'in_progress') and job_queue = ${queue}
    order by created_at desc limit 1`;
  return row;
}

/**
 * The same, with the project's brand starts held back until the transaction ends: one task per project runs at a
 * time, and two starts at once cannot both make one.
 */
export async function lockOpenBrandTask(
  sql: Db,
  projectId: string,
  queue: string,
): Promise<{ id: string } | undefined> {
  await sql`select pg_advisory_xact_lock(hashtext(${`brand-task:${projectId}`}))`;
  return findOpenBrandTask(sql, projectId, queue);
}

/**
 * Queues a brand task for a project on `queue` (written with the row, so the start-up sweep finds a task whose job
 * was never sent) and answers its id.
 */
export async function insertBrandTask(
  sql: Db,
  task: { projectId: string; userId: string; brandUrl: string; message: string; queue: string },
): Promise<string> {
  const [row]: [{ id: string }?] = await sql`
    insert into brand_tasks (project_id, created_by, brand_url, message, job_queue)
    values (${task.projectId}, ${task.userId}, ${task.brandUrl}, ${task.message}, ${task.queue})
    returning id`;
  if (!row) throw new Error('brand task insert returned nothing');
  return row.id;
}

/** Records the job (and its queue's pg-boss name) that works a task. */
export async function setBrandTaskJob(sql: Db, id: string, jobId: string, queue: string): Promise<void> {
  await sql`update brand_tasks set job_id = ${jobId}, job_queue = ${queue} where id = ${id}`;
}

/** Counts an attempt at a task. */
export async function countBrandTaskAttempt(sql: Db, id: string): Promise<void> {
  await sql`update brand_tasks set attempts = attempts + 1 where id = ${id}`;
}

/** Puts a task whose job was lost back in the queue with a new job. */
export async function requeueBrandTask(sql: Db, id: string, jobId: string, message: string): Promise<void> {
  await sql`
    update brand_tasks set job_id = ${jobId}, status = 'pending', stage = 'queued', message = ${message}, updated_at = now()
    where id = ${id}`;
}

/** The project's brand processing state, as its project shows it. */
export async function setProjectBrandStatus(
  sql: Db,
  projectId: string,
  status: 'pending' | 'in_progress' | 'completed' | 'failed',
): Promise<void> {
  await sql`update projects set brand_info_status = ${status}, updated_at = now() where id = ${projectId}`;
}

/** Records the website a project's brand is being read from; its processing starts pending. */
export async function setProjectBrandUrl(sql: Db, projectId: string, brandUrl: string): Promise<void> {
  await sql`
    update projects set brand_url = ${brandUrl}, brand_info_status = 'pending', updated_at = now()
    where id = ${projectId}`;
}

/** Stores what a brand task found: the guide as the default style guide, the site's text, logo and colour. */
export async function storeProjectBrand(
  sql: Db,
  projectId: string,
  brand: {
    promptId: string;
    brandUrl: string;
    content: string;
    logoUrl: string | null;
    color: string | null;
    name: string | null;
    /** The website's language (a listed code), or null; the project takes it while nobody chose one. */
    language: string | null;
  },
): Promise<void> {
  await sql`
    update projects
    set default_prompt_id = ${brand.promptId}, brand_url = ${brand.brandUrl}, brand_content = ${brand.content},
        brand_logo_url = ${brand.logoUrl}, brand_color = ${brand.color}, brand_name = ${brand.name},
        brand_language = ${brand.language},
        language = case when language_chosen then language else coalesce(${brand.language}, language) end,
        brand_info_status = 'completed', updated_at = now()
    where id = ${projectId}`;
}

/** A page of the project's website as the brand task crawled it. */
export interface SitePage {
  url: string;
  title: string;
  text: string;
}

/** Keeps the pages a brand task crawled (their main text) in place of the ones an earlier crawl left. */
export async function replaceSitePages(tx: Db, projectId: string, pages: SitePage[]): Promise<void> {
  await tx`delete from site_pages where project_id = ${projectId}`;
  const rows = [...new Map(pages.map((page) => [page.url, page])).values()].map((page) => ({
    project_id: projectId,
    url: page.url,
    title: page.title,
    text: page.text,
  }));
  if (rows.length) await tx`insert into site_pages ${tx(rows, 'project_id', 'url', 'title', 'text')}`;
}

/** The project's crawled website pages, home page first. */
export async function selectSitePages(sql: Db, projectId: string): Promise<SitePage[]> {
  return sql<SitePage[]>`
    select url, title, text from site_pages where project_id = ${projectId} order by length(url), url`;
}

/** The project's language and whether a person chose it (else the website's language may replace it). */
export async function selectProjectLanguageChoice(
  sql: Db,
  projectId: string,
): Promise<{ language: string; language_chosen: boolean }> {
  const [row]: [{ language: string; language_chosen: boolean }?] =
    await sql`select language, language_chosen from projects where id = ${projectId}`;
  return row ?? { language: 'en', language_chosen: false };
}
