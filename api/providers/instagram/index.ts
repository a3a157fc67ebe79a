import { NotFoundError, UpstreamError, ValidationError } from '../../lib/errors.ts';
import { safeFetch, SafeFetchError } from '../safe-fetch/index.ts';
import { buildEmbed } from './embed.ts';
import { readPostPage, type PostPage } from './page.ts';
import type { ReelRef } from './reel-url.ts';

export { parseReelUrl, REEL_URL_MESSAGE, type ReelRef } from './reel-url.ts';

export interface FetchLimits {
  baseUrl: string;
  maxBytes: number;
  timeoutMs: number;
  allowLoopback: boolean;
}

/** A Reel's public page as a transcription uses it: the video's address is known (a post without one is refused). */
export interface ReelPost extends PostPage {
  mediaUrl: string;
  embedHtml: string;
}

export interface ReelMedia {
  bytes: Buffer;
  contentType: string;
}

const PAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Maps a refused or failed guarded fetch to a plain message for the visitor; the underlying error is logged, never answered. */
function fetchFailure(error: unknown, what: string): Error {
  console.error(`[instagram] could not fetch the ${what}:`, error instanceof Error ? error.message : error);
  if (!(error instanceof SafeFetchError)) return new UpstreamError(`Could not fetch the ${what} from Instagram.`);
  switch (error.reason) {
    case 'blocked':
    case 'bad_url':
      return new ValidationError(`The ${what} address is not allowed.`);
    case 'too_large':
      return new ValidationError(`The ${what} is too large to transcribe.`);
    case 'timeout':
      return new UpstreamError(`Instagram took too long to send the ${what}.`, { timedOut: true });
    default:
      return new UpstreamError(`Could not fetch the ${what} from Instagram.`);
  }
}

/** Reads the public post page of a Reel through the guarded fetch: caption, hashtags, video, thumbnail, embed. */
export async function fetchReelPost(ref: ReelRef, limits: FetchLimits): Promise<ReelPost> {
  const pageUrl = new URL(`/${ref.kind}/${ref.code}/`, limits.baseUrl).href;
  const page = await safeFetch(pageUrl, {
    maxBytes: PAGE_MAX_BYTES,
    timeoutMs: limits.timeoutMs,
    allowLoopback: limits.allowLoopback,
    headers: { accept: 'text/html' },
  }).catch((error: unknown) => {
    throw fetchFailure(error, 'post');
  });
  if (page.status === 404)
    throw new NotFoundError('This Reel could not be found. Check that the post exists and is public.');
  if (page.status < 200 || page.status >= 300)
    throw new UpstreamError(`Instagram answered ${page.status} for this post.`);
  const post = readPostPage(page.body.toString('utf8'), page.url);
  const { mediaUrl } = post;
  if (!mediaUrl) throw new ValidationError('This post has no public video to transcribe.');
  return { ...post, mediaUrl, embedHtml: buildEmbed(ref.url) };
}

/** Downloads a Reel's video with the size and time caps; redirects are re-checked hop by hop. */
export async function downloadMedia(mediaUrl: string, limits: FetchLimits): Promise<ReelMedia> {
  const media = await safeFetch(mediaUrl, {
    maxBytes: limits.maxBytes,
    timeoutMs: limits.timeoutMs,
    allowLoopback: limits.allowLoopback,
  }).catch((error: unknown) => {
    throw fetchFailure(error, 'video');
  });
  if (media.status < 200 || media.status >= 300)
    throw new UpstreamError(`Instagram answered ${media.status} for the video.`);
  if (media.body.length === 0) throw new UpstreamError('Instagram sent an empty video.');
  if (/^(text|application\/(json|xhtml))/i.test(media.contentType))
    throw new UpstreamError('Instagram did not send a video for this post.');
  return { bytes: media.body, contentType: media.contentType.split(';')[0]?.trim() || 'video/mp4' };
}
