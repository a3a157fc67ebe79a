import type { Pagination } from '../../../src/lib/transcripts/types.ts';
import type { Sql } from '../../db/sql.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { countForTag, findBySlug, listByTag, type Transcription } from './queries.ts';

/** The page numbers of a list (spec §3 Pagination); no items means zero pages. */
export function paginate(totalCount: number, page: number, limit: number): Pagination {
  const totalPages = Math.ceil(totalCount / limit);
  return {
    current_page: page,
    total_pages: totalPages,
    total_count: totalCount,
    has_next: page < totalPages,
    has_previous: page > 1,
  };
}

/** Tags are stored lowercase without '#'; a visitor's spelling is brought to that form. */
export function normalizeTag(tag: string): string {
  return tag.trim().replace(/^#/, '').toLowerCase();
}

/** One transcription by slug for the detail page; 404 "Transcription not found" otherwise. */
export async function getTranscription({ sql, slug }: { sql: Sql; slug: string }): Promise<Transcription> {
  const row = await findBySlug(sql, slug.toLowerCase());
  if (!row) throw new NotFoundError('Transcription not found');
  return row;
}

/** One page of a tag's transcriptions with the pager figures. */
export async function listTagTranscriptions({
  sql,
  tag,
  page,
  limit,
}: {
  sql: Sql;
  tag: string;
  page: number;
  limit: number;
}) {
  const name = normalizeTag(tag);
  const [total, transcriptions] = await Promise.all([
    countForTag(sql, name),
    listByTag(sql, name, limit, (page - 1) * limit),
  ]);
  return { transcriptions, pagination: paginate(total, page, limit) };
}
