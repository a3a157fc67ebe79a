// The transcriber's route families (spec §2.2): the canonical tool path and six aliases, each with the same four families.

/** Base path of every tool page, keyed by its content entry id in src/content/transcript/. */
export const TRANSCRIPT_BASES = {
  'tools-insta-transcript': '/tools/insta-transcript',
  'insta-transcript': '/insta-transcript',
  'instagram-transcript': '/instagram-transcript',
  'instagram-reel-transcript': '/instagram-reel-transcript',
  'instagram-reels-transcription': '/instagram-reels-transcription',
  'reel-transcript': '/reel-transcript',
  'instagram-audio-transcript': '/instagram-audio-transcript',
} as const;

export type TranscriptAlias = keyof typeof TRANSCRIPT_BASES;

/** Detail and tag pages of every alias point search engines at this family (spec: canonical = the /insta-transcript path). */
export const CANONICAL_GALLERY_BASE = '/insta-transcript';

/** Content used for any path that is not a known alias (spec §2.2 fallback). */
export const FALLBACK_ALIAS: TranscriptAlias = 'insta-transcript';

/** The alias a base path belongs to, falling back to /insta-transcript's. */
export function aliasForPath(path: string): TranscriptAlias {
  const found = Object.entries(TRANSCRIPT_BASES).find(([, base]) => path === base || path.startsWith(`${base}/`));
  return (found?.[0] as TranscriptAlias | undefined) ?? FALLBACK_ALIAS;
}

/** Where a transcript's detail page lives under a base. */
export const detailPath = (base: string, slug: string) => `${base}/${encodeURIComponent(slug)}`;

/** Where a tag's page lives under a base. */
export const tagPath = (base: string, tag: string) => `${base}/tags/${encodeURIComponent(tag)}`;
