import type { BlogSite } from '../../blog/sites.ts';
import { blogUrl } from '../../blog/render/html.ts';
import type { Db } from '../../db/sql.ts';
import { DestinationError, type OutgoingPost } from '../../destinations/types.ts';
import { safeFetch } from '../../providers/safe-fetch/index.ts';
import { selectMediaBytes } from './queries.ts';
import { coverMediaId, rasterCoverOf } from './raster.ts';

/** Largest cover taken from an outside address for a destination (what WordPress, Ghost and Shopify accept easily). */
const OUTSIDE_COVER_MAX_BYTES = 10 * 1024 * 1024;

const typeByExtension = (url: string) => {
  const extension = /\.(png|jpe?g|webp|gif)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  return extension === 'png'
    ? 'image/png'
    : extension === 'webp'
      ? 'image/webp'
      : extension === 'gif'
        ? 'image/gif'
        : 'image/jpeg';
};

/**
 * A post's cover as it leaves for a destination (`OutgoingPost.cover`): for a cover the app stored, the raster one
 * (the PNG of a drawn SVG, made on first need) at its public address on the project's blog, `/media/{id}`, where a
 * destination that takes images by URL (Webflow, Shopify) downloads it; its bytes for those that upload (WordPress,
 * Ghost). A cover at an outside https address goes as it is, its bytes fetched through the guarded fetch when asked.
 * Null without a cover.
 */
export async function outgoingCover(
  deps: { sql: Db; allowLoopback: boolean; timeoutMs: number },
  site: BlogSite,
  post: { project_id: string; title: string; cover_image_url: string | null; cover_image_alt: string },
): Promise<OutgoingPost['cover']> {
  const alt = post.cover_image_alt || post.title;
  const mediaId = coverMediaId(post.cover_image_url);
  if (mediaId) {
    const raster = await rasterCoverOf(deps.sql, post.project_id, mediaId);
    if (!raster) return null;
    return {
      url: blogUrl(site, `/media/${raster.id}`),
      alt,
      content_type: raster.content_type,
      bytes: async () => {
        const bytes = await selectMediaBytes(deps.sql, post.project_id, raster.id);
        if (!bytes) throw new DestinationError('The cover was deleted before it was sent.', { retry: false });
        return new Uint8Array(bytes);
      },
    };
  }
  const url = post.cover_image_url ?? '';
  if (!/^https?:\/\//i.test(url)) return null;
  return {
    url,
    alt,
    content_type: typeByExtension(url),
    bytes: async () => {
      try {
        const answer = await safeFetch(url, {
          maxBytes: OUTSIDE_COVER_MAX_BYTES,
          timeoutMs: deps.timeoutMs,
          allowLoopback: deps.allowLoopback,
        });
        if (answer.status !== 200) throw new Error(`its server answered ${answer.status}`);
        return new Uint8Array(answer.body);
      } catch (error) {
        throw new DestinationError(
          `The cover at ${url} could not be fetched (${error instanceof Error ? error.message : String(error)}).`,
          { retry: true },
        );
      }
    },
  };
}
