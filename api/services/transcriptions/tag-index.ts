import type { Sql } from '../../db/sql.ts';
import type { TagInsights, TagUsage } from '../../../src/lib/transcripts/types.ts';
import { listTags } from './queries.ts';

export interface TagIndex {
  tags: TagUsage[];
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
