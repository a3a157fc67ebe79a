// A post's slug is its address on the hosted blog: the same rule for the API that stores it and the editor that
// checks it as you type (and the blog_posts check constraint of migration 0008).
import { slugWords } from '../slugify.ts';

export const SLUG_MAX = 80;
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SLUG_RULE =
  'A slug may hold only lowercase letters, digits and single hyphens between them (for example my-first-post).';
export const SLUG_TOO_LONG = `A slug must be at most ${SLUG_MAX} characters.`;
export const SLUG_REQUIRED = 'The slug is required: it is the address of the post on your blog.';

/** Why a slug is refused, or null when it is fine. */
export function slugProblem(slug: string): string | null {
  if (!slug) return SLUG_REQUIRED;
  if (slug.length > SLUG_MAX) return SLUG_TOO_LONG;
  if (!SLUG_PATTERN.test(slug)) return SLUG_RULE;
  return null;
}

/**
 * A slug no longer than `max`, cut after its last whole word (`…-their-e` never happens); a single word longer than
 * `max` is the only thing ever cut mid-word.
 */
export function cutSlug(slug: string, max = SLUG_MAX): string {
  if (slug.length <= max) return slug;
  const lastHyphen = slug.slice(0, max + 1).lastIndexOf('-');
  return (lastHyphen > 0 ? slug.slice(0, lastHyphen) : slug.slice(0, max)).replace(/-+$/, '');
}

/** The slug a title suggests (lowercase words joined by hyphens, whole words), or the fallback when nothing is left. */
export function slugFromTitle(title: string, fallback = 'untitled-post', max = SLUG_MAX): string {
  const base = slugWords(title).replace(/_/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '');
  return cutSlug(base, max) || fallback;
}
