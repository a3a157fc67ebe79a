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
