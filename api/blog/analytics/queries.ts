import type { Db } from '../../db/sql.ts';

/** Views added up in memory: one row per day, project, page, referrer host and country. */
export interface ViewCount {
  project_id: string;
  day: string;
  post_id: string | null;
  referrer_host: string;
  country: string;
  views: number;
}

/** A reader seen on a day: of the whole blog (post_id null) or of one post. */
export interface ReaderSeen {
  project_id: string;
  day: string;
  post_id: string | null;
  reader: string;
}

/**
 * Adds a batch of counted views. Rows of a project deleted since they were counted are left out (a join, so one
 * deletion never fails the batch of every other blog).
 */
export async function addViews(sql: Db, rows: ViewCount[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    insert into blog_views (project_id, day, post_id, referrer_host, country, views)
    select v.project_id, v.day, v.post_id, v.referrer_host, v.country, v.views
    from jsonb_to_recordset(${sql.json(rows as never)}) as v(project_id uuid, day date, post_id uuid, referrer_host text,
                                                               country text, views integer)
    join projects p on p.id = v.project_id
    on conflict on constraint blog_views_key do update set views = blog_views.views + excluded.views`;
}

/**
 * Records readers and counts as visitors those no process recorded before that day (the insert that lands is the
 * one that counts, so two processes seeing the same reader count it once).
 */
export async function addReaders(sql: Db, rows: ReaderSeen[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    with fresh as (
      insert into blog_readers (day, project_id, post_id, reader)
      select r.day, r.project_id, r.post_id, r.reader
      from jsonb_to_recordset(${sql.json(rows as never)}) as r(project_id uuid, day date, post_id uuid, reader text)
      join projects p on p.id = r.project_id
      on conflict on constraint blog_readers_key do nothing
      returning project_id, day, post_id
    )
    insert into blog_visitors (project_id, day, post_id, visitors)
    select project_id, day, post_id, count(*) from fresh group by project_id, day, post_id
    on conflict on constraint blog_visitors_key do update set visitors = blog_visitors.visitors + excluded.visitors`;
}

/** The salts of the given days, made at random where missing (the first process to ask makes them). */
export async function daySalts(sql: Db, made: { day: string; salt: string }[]): Promise<Map<string, string>> {
  await sql`
    insert into blog_reader_salts (day, salt)
    select s.day, s.salt from jsonb_to_recordset(${sql.json(made as never)}) as s(day date, salt text)
    on conflict (day) do nothing`;
  const rows = await sql<{ day: string; salt: string }[]>`
    select day::text as day, salt from blog_reader_salts where day in ${sql(made.map((row) => row.day))}`;
  return new Map(rows.map((row) => [row.day, row.salt]));
}

/** Forgets the salts and reader hashes of the days before `today`: once its day is over a salt is never kept. */
export async function forgetPastReaders(sql: Db, today: string): Promise<void> {
  await sql`delete from blog_reader_salts where day < ${today}`;
  await sql`delete from blog_readers where day < ${today}`;
}
