// What a post's new title carries along: the fields still derived from the old title follow it; a field someone
// edited on purpose (it no longer reads as made from the title) keeps its value. One rule for the editor, which
// shows the change as the title is typed, and the API's PATCH, which applies it when only the title is sent.
import type { PostEdit } from './types.ts';
import { shortenToWords, TITLE_MAX } from '../seo/limits.ts';

type Followers = Pick<PostEdit, 'meta_title' | 'cover_image_alt'>;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The meta title a title gives: the title itself, shortened to whole words within the search-result limit. */
export function metaTitleFor(title: string): string {
  return shortenToWords(oneLine(title), TITLE_MAX);
}

/** True when a meta title reads as made from the title: the title itself, or its start cut at a word with "…". */
export function metaFollowsTitle(metaTitle: string, title: string): boolean {
  const meta = oneLine(metaTitle);
  const full = oneLine(title);
  if (!meta || !full) return false;
  if (meta === full || meta === metaTitleFor(full)) return true;
  return meta.endsWith('…') && meta.length > 1 && full.startsWith(meta.slice(0, -1).trimEnd());
}

/**
 * The fields a title change moves along, given the post before it: the meta title when it was made from the old
 * title, and the cover's description wherever it names the old title ("Cover image for <title>"). An empty meta
 * title already means "the title" and stays empty; fields in `given` are the caller's own and are left alone.
 */
export function followTitle(
  before: Pick<PostEdit, 'title' | 'meta_title' | 'cover_image_alt'>,
  title: string,
  given: Partial<Record<keyof Followers, unknown>> = {},
): Partial<Followers> {
  const old = oneLine(before.title);
  const next = oneLine(title);
  if (!old || !next || old === next) return {};
  const changes: Partial<Followers> = {};
  if (given.meta_title === undefined && metaFollowsTitle(before.meta_title, old))
    changes.meta_title = metaTitleFor(next);
  if (given.cover_image_alt === undefined && before.cover_image_alt.includes(old))
    changes.cover_image_alt = before.cover_image_alt.replace(old, next);
  return changes;
}
