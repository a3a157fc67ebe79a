import type { Db } from '../../../db/sql.ts';

/** A day of one page (and, for query rows, one query) as Search Analytics reported it. */
export interface PageDay {
  page: string;
  day: string;
  clicks: number;
  impressions: number;
  position: number;
}
export interface QueryDay extends PageDay {
  query: string;
}

const CHUNK = 2000;

/** Replaces the project's metrics of the days from `from` to `to` with what Google answered for them. */
export async function replaceMetricDays(
  tx: Db,
  projectId: string,
  range: { from: string; to: string },
  rows: { pages: PageDay[]; queries: QueryDay[] },
): Promise<void> {
  await tx`delete from search_console_page_days where project_id = ${projectId} and day between ${range.from} and ${range.to}`;
  await tx`delete from search_console_query_days where project_id = ${projectId} and day between ${range.from} and ${range.to}`;
  for (let start = 0; start < rows.pages.length; start += CHUNK) {
    const chunk = rows.pages.slice(start, start + CHUNK).map((row) => ({ project_id: projectId, ...row }));
    await tx`
      insert into search_console_page_days
        ${tx(chunk, 'project_id', 'page', 'day', 'clicks', 'impressions', 'position')}
      on conflict do nothing`;
  }
  for (let start = 0; start < rows.queries.length; start += CHUNK) {
    const chunk = rows.queries.slice(start, start + CHUNK).map((row) => ({ project_id: projectId, ...row }));
    await tx`
      insert into search_console_query_days
        ${tx(chunk, 'project_id', 'page', 'query', 'day', 'clicks', 'impressions', 'position')}
      on conflict do nothing`;
  }
}

/** The last day the project has metrics for, or null. */
export async function selectLastMetricDay(sql: Db, projectId: string): Promise<string | null> {
  const [row]: [{ day: string | null }?] = await sql`
    select max(day)::text as day from search_console_page_days where project_id = ${projectId}`;
  return row?.day ?? null;
}

/** Sums over days: clicks, impressions and the impression-weighted position (null without impressions). */
export interface Totals {
  clicks: number;
  impressions: number;
  position: number | null;
}

/** Each page's totals from `from` to `to`. */
export async function selectPageTotals(
  sql: Db,
  projectId: string,
  range: { from: string; to: string },
): Promise<(Totals & { page: string })[]> {
  return sql<(Totals & { page: string })[]>`
    select page, sum(clicks)::int as clicks, sum(impressions)::int as impressions,
           (sum(position * impressions) / nullif(sum(impressions), 0))::float8 as position
    from search_console_page_days
    where project_id = ${projectId} and day between ${range.from} and ${range.to}
    group by page`;
}

/** Clicks and impressions by day of a post's page (the forms of its URL Google reported). */
export async function selectPageDays(
  sql: Db,
  projectId: string,
  pages: string[],
  range: { from: string; to: string },
): Promise<{ date: string; clicks: number; impressions: number }[]> {
  if (pages.length === 0) return [];
  return sql`
    select day::text as date, sum(clicks)::int as clicks, sum(impressions)::int as impressions
    from search_console_page_days
    where project_id = ${projectId} and page in ${sql(pages)} and day between ${range.from} and ${range.to}
    group by day order by day`;
}

/** The queries of a post's page with their totals, most clicks (then impressions) first. */
export async function selectPageQueries(
  sql: Db,
  projectId: string,
  pages: string[],
  range: { from: string; to: string },
  limit: number,
): Promise<(Totals & { query: string })[]> {
  if (pages.length === 0) return [];
  return sql<(Totals & { query: string })[]>`
    select query, sum(clicks)::int as clicks, sum(impressions)::int as impressions,
           (sum(position * impressions) / nullif(sum(impressions), 0))::float8 as position
    from search_console_query_days
    where project_id = ${projectId} and page in ${sql(pages)} and day between ${range.from} and ${range.to}
    group by query
    order by sum(clicks) desc, sum(impressions) desc, query
    limit ${limit}`;
}

/** Each (query, page) total for the queries that more than one page got impressions for: candidates of competition. */
export async function selectQueriesOnSeveralPages(
  sql: Db,
  projectId: string,
  range: { from: string; to: string },
): Promise<(Totals & { query: string; page: string })[]> {
  return sql<(Totals & { query: string; page: string })[]>`
    with per_page as (
      select query, page, sum(clicks)::int as clicks, sum(impressions)::int as impressions,
             (sum(position * impressions) / nullif(sum(impressions), 0))::float8 as position
      from search_console_query_days
      where project_id = ${projectId} and day between ${range.from} and ${range.to}
      group by query, page
      having sum(impressions) > 0
    )
    select * from per_page
    where query in (select query from per_page group by query having count(*) >= 2)
    order by query, impressions desc, page`;
}

/** Each page's clicks in consecutive 7-day weeks ending on `lastDay`, oldest week first. */
export async function selectWeeklyClicks(
  sql: Db,
  projectId: string,
  lastDay: string,
  weeks: number,
): Promise<{ page: string; weekly: number[] }[]> {
  return sql<{ page: string; weekly: number[] }[]>`
    select page,
           array(select coalesce(sum(d.clicks), 0)::int
                 from generate_series(${weeks - 1}::int, 0, -1) as w
                 left join search_console_page_days d
                   on d.project_id = ${projectId} and d.page = pages.page
                  and d.day between ${lastDay}::date - (w * 7 + 6) and ${lastDay}::date - (w * 7)
                 group by w order by w desc) as weekly
    from (select distinct page from search_console_page_days
          where project_id = ${projectId} and day > ${lastDay}::date - ${weeks * 7}::int) as pages`;
}

/**
 * Each query's impressions (and clicks) over the `days` days ending on `lastDay` and over the `days` before them,
 * for queries with at least `minImpressions` in the recent span.
 */
export async function selectQueryTrends(
  sql: Db,
  projectId: string,
  lastDay: string,
  days: number,
  minImpressions: number,
): Promise<{ query: string; impressions: number; previous_impressions: number; clicks: number }[]> {
  return sql`
    select query,
           coalesce(sum(impressions) filter (where day > ${lastDay}::date - ${days}::int), 0)::int as impressions,
           coalesce(sum(impressions) filter (where day <= ${lastDay}::date - ${days}::int), 0)::int as previous_impressions,
           coalesce(sum(clicks) filter (where day > ${lastDay}::date - ${days}::int), 0)::int as clicks
    from search_console_query_days
    where project_id = ${projectId} and day > ${lastDay}::date - ${days * 2}::int and day <= ${lastDay}::date
    group by query
    having coalesce(sum(impressions) filter (where day > ${lastDay}::date - ${days}::int), 0) >= ${minImpressions}`;
}
