// Transcript slugs (spec §3), shared by the API that stores them and the pages that link to them.

const MAX_SLUG = 50;
const SUFFIX = 5;

/** Lowercase, no accents, word characters / spaces / hyphens only, runs of separators as one hyphen, at most 50 characters. */
export function slugify(text: string): string {
  return slugWords(text).slice(0, MAX_SLUG);
}

/** slugify's rules without its cut at 50 characters: post slugs are cut after a whole word instead (src/lib/posts/slug.ts). */
export function slugWords(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The last 5 alphanumeric characters of an id, lowercase: what makes two equal titles distinct. */
export function idSuffix(id: string): string {
  return id
    .replace(/[^a-z0-9]/gi, '')
    .slice(-SUFFIX)
    .toLowerCase();
}

/** The public slug of a transcription: slugified title (or the Reel code, or "unknown") + "-" + id suffix. */
export function transcriptionSlug(input: { id: string; title?: string | null; reelCode?: string | null }): string {
  const base = slugify(input.title ?? '') || slugify(input.reelCode ?? '') || 'unknown';
  return `${base}-${idSuffix(input.id)}`;
}
