// Data of the on-demand pages. The server passes a gallery reader in Astro locals (api/app.ts), so rendering a
// page reads Postgres directly instead of calling the API over HTTP.
import { PAGE_SIZE } from '../../../lib/transcripts/format.ts';
import type { TagPageData, Transcription, TranscriptGallery } from '../../../lib/transcripts/types.ts';

function galleryOf(locals: unknown): TranscriptGallery | null {
  return (locals as { transcripts?: TranscriptGallery } | undefined)?.transcripts ?? null;
}

/** The transcription of a detail page, or null when it does not exist (or the gallery is unreachable). */
export async function loadDetail(locals: unknown, slug: string): Promise<Transcription | null> {
  const gallery = galleryOf(locals);
  if (!gallery || !slug) return null;
  try {
    return await gallery.getBySlug(slug);
  } catch (error) {
    console.error('transcript detail failed', error);
    return null;
  }
}

export type TagView = { tag: string; data: TagPageData } | { tag: string; error: string };

/** One page of a tag; a failure becomes the spec's "Failed to fetch transcriptions". */
export async function loadTagPage(locals: unknown, rawTag: string, rawPage: string | null): Promise<TagView> {
  const tag = rawTag.trim().replace(/^#/, '').toLowerCase();
  const page = Math.max(1, Math.min(100_000, Number.parseInt(rawPage ?? '1', 10) || 1));
  const gallery = galleryOf(locals);
  if (!gallery) return { tag, error: 'Failed to fetch transcriptions' };
  try {
    return { tag, data: await gallery.listByTag(tag, page) };
  } catch (error) {
    console.error('transcript tag page failed', error);
    return { tag, error: 'Failed to fetch transcriptions' };
  }
}

/** What an on-demand page needs of Astro's global: its locals, params, URL and the response it may adjust. */
interface PageContext {
  locals: unknown;
  params: Record<string, string | undefined>;
  url: URL;
  response: { status?: number; headers: Headers };
}

/** A detail route's data with its answer set: 404 when missing, briefly cacheable when found. */
export async function detailForRoute(page: PageContext): Promise<Transcription | null> {
  const item = await loadDetail(page.locals, page.params.slug ?? '');
  page.response.status = item ? 200 : 404;
  if (item) page.response.headers.set('Cache-Control', 'public, max-age=60');
  return item;
}

/** A tag route's data with its answer set: 503 when the gallery failed, briefly cacheable otherwise. */
export async function tagPageForRoute(page: PageContext): Promise<TagView> {
  const view = await loadTagPage(page.locals, page.params.tag ?? '', page.url.searchParams.get('page'));
  if ('error' in view) page.response.status = 503;
  else page.response.headers.set('Cache-Control', 'public, max-age=60');
  return view;
}

export { PAGE_SIZE };
