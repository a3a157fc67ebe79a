// A post's slug is its address on the hosted blog: the same rule for the API that stores it and the editor that
// checks it as you type (and the blog_posts check constraint of migration 0008).
import { slugify } from '../slugify.ts';

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

/** The slug a title suggests (lowercase words joined by hyphens), or the fallback when nothing is left. */
export function slugFromTitle(title: string, fallback = 'untitled-post'): string {
  const base = slugify(title)
    .replace(/_/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-$/, '');
  return base || fallback;
}
