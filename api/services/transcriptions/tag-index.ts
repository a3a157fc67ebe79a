import type { Sql } from '../../db/sql.ts';
import { listTags, type TagRow } from './queries.ts';

export interface TagInsights {
  total_unique_tags: number;
  total_tag_usage: number;
  most_popular_tag: { tag: string; count: number } | null;
  average_usage_per_tag: number;
}

export interface TagIndex {
  tags: TagRow[];
  insights: TagInsights;
}

/** The tag index is the same for every visitor and changes slowly: each process keeps its serialized answer this long. */
const CACHE_MS = 5_000;
let cached: { at: number; body: string } | undefined;

/** Drops this process's cached tag index (after a new transcription is stored here). */
export function forgetTagIndex(): void {
  cached = undefined;
}

/** Every tag with counts and dates, plus the four insight figures (spec §3 Tag insights). */
export async function getTagIndex(sql: Sql): Promise<TagIndex> {
  const tags = await listTags(sql);
  const total = tags.reduce((sum, row) => sum + row.count, 0);
  const top = tags[0];
  return {
    tags,
    insights: {
      total_unique_tags: tags.length,
      total_tag_usage: total,
      most_popular_tag: top ? { tag: top.tag, count: top.count } : null,
      average_usage_per_tag: tags.length ? Math.round((total / tags.length) * 100) / 100 : 0,
    },
  };
}

/** The tag index as a JSON string, served from a 5-second per-process cache. */
export async function getTagIndexJson(sql: Sql): Promise<string> {
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.body;
  const body = JSON.stringify(await getTagIndex(sql));
  cached = { at: Date.now(), body };
  return body;
}
