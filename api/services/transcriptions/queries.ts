import type { Transcription, TagUsage } from '../../../src/lib/transcripts/types.ts';
import type { Db } from '../../db/sql.ts';

// The answer shapes are shared with the pages and islands that read them (src/lib/transcripts/types.ts).
export type { Transcription, TagUsage } from '../../../src/lib/transcripts/types.ts';

export interface NewTranscription extends Omit<Transcription, 'created_at'> {
  reel_code: string;
}

/** One transcription by its public slug. */
export async function findBySlug(sql: Db, slug: string): Promise<Transcription | undefined> {
  const [row]: [Transcription?] = await sql`
    select id, slug, title, reel_url, transcription, tags, embed_code, media_url, thumbnail_url, created_at
    from transcriptions where slug = ${slug}`;
  return row;
}

/** The stored transcription of a Reel shortcode, if it was transcribed before. */
export async function findByReelCode(sql: Db, code: string): Promise<Transcription | undefined> {
  const [row]: [Transcription?] = await sql`
    select id, slug, title, reel_url, transcription, tags, embed_code, media_url, thumbnail_url, created_at
    from transcriptions where reel_code = ${code}`;
  return row;
}

/** Stores a transcription with its tags and updates the per-tag summary; call inside a transaction. False when the Reel was already stored. */
export async function insertTranscription(sql: Db, row: NewTranscription): Promise<boolean> {
  const inserted = await sql`
    insert into transcriptions ${sql(row, 'id', 'slug', 'title', 'reel_url', 'reel_code', 'transcription', 'tags', 'embed_code', 'media_url', 'thumbnail_url')}
    on conflict (reel_code) do nothing
    returning created_at`;
  const createdAt = inserted[0]?.created_at as Date | undefined;
  if (!createdAt) return false;
  if (row.tags.length === 0) return true;
  const tags = [...row.tags].sort(); // a fixed order keeps concurrent inserts from deadlocking on the summary rows
  await sql`
    insert into transcription_tags (transcription_id, tag, created_at)
    select ${row.id}, tag, ${createdAt} from unnest(${tags}::text[]) as tag`;
  await sql`
    insert into transcription_tag_stats (tag, count, first_used, last_used)
    select tag, 1, ${createdAt}, ${createdAt} from unnest(${tags}::text[]) as tag
    on conflict (tag) do update set count = transcription_tag_stats.count + 1, last_used = excluded.last_used`;
  return true;
}

/** True when a slug is taken (the 5-character id suffix can, rarely, repeat). */
export async function slugExists(sql: Db, slug: string): Promise<boolean> {
  const [row]: [{ found: boolean }?] =
    await sql`select exists(select 1 from transcriptions where slug = ${slug}) as found`;
  return Boolean(row?.found);
}

/** One page of a tag's transcriptions, newest first, through the (tag, created_at) index. */
export function listByTag(sql: Db, tag: string, limit: number, offset: number): Promise<Transcription[]> {
  return sql<Transcription[]>`
    select t.id, t.slug, t.title, t.reel_url, t.transcription, t.tags, t.embed_code, t.media_url, t.thumbnail_url, t.created_at
    from transcription_tags tt join transcriptions t on t.id = tt.transcription_id
    where tt.tag = ${tag}
    order by tt.created_at desc, tt.transcription_id desc
    limit ${limit} offset ${offset}`;
}

/** How many transcriptions carry a tag, from the summary table. */
export async function countForTag(sql: Db, tag: string): Promise<number> {
  const [row]: [{ count: number }?] = await sql`select count from transcription_tag_stats where tag = ${tag}`;
  return row?.count ?? 0;
}

/** Every tag with its usage, most used first. */
export function listTags(sql: Db): Promise<TagUsage[]> {
  return sql<
    TagUsage[]
  >`select tag, count, first_used, last_used from transcription_tag_stats order by count desc, tag`;
}
