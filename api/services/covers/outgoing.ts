import type { Post } from '../../../src/lib/posts/types.ts';
import { findMedia } from '../../blog/queries.ts';
import { blogUrl } from '../../blog/render/html.ts';
import type { BlogSite } from '../../blog/sites.ts';
import type { Db } from '../../db/sql.ts';
import { DestinationError, type DestinationIo, type OutgoingPost } from '../../destinations/types.ts';
import { coverMediaId, rasterCoverOf } from './raster.ts';

function contentTypeOf(url: string): string {
  const extension = /\.(png|jpe?g|webp|gif|svg)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  if (extension === 'jpg' || extension === 'jpeg') return 'image/jpeg';
  if (extension === 'svg') return 'image/svg+xml';
  return extension ? `image/${extension}` : 'image/png';
}

/**
 * A post's cover as it leaves for a destination (`OutgoingPost.cover`): for a cover the app stored, its raster image
 * (the PNG of a drawn SVG, made on first need: WordPress, Ghost, Webflow and Shopify refuse or mishandle SVG) at its
 * public address on the project's blog, `/media/{id}`, where destinations that take images by URL (Webflow, Shopify)
 * download it, and its bytes, read when asked, for those that upload (WordPress, Ghost). A cover at an outside http(s)
 * address goes as it is, its bytes fetched through the destination's guarded fetch when asked. Null without a cover.
 * The alt text is the cover's, else the post's title.
 */
export async function outgoingCover(
  db: Db,
  io: DestinationIo,
  post: Pick<Post, 'project_id' | 'title' | 'cover_image_url' | 'cover_image_alt'>,
  site: BlogSite,
): Promise<OutgoingPost['cover']> {
  const url = post.cover_image_url;
  const alt = post.cover_image_alt || post.title;
  const mediaId = coverMediaId(url);
  if (mediaId) {
    const raster = await rasterCoverOf(db, post.project_id, mediaId);
    if (!raster) return null;
    let read: Promise<{ content_type: string; body: Buffer }> | undefined;
    const load = () =>
      (read ??= findMedia(db, { projectId: post.project_id, id: raster.id }).then((row) => {
        if (!row) throw new DestinationError('The post’s cover image is gone: choose another one.', { retry: false });
        return row;
      }));
    return {
      url: blogUrl(site, `/media/${raster.id}`),
      alt,
      content_type: raster.content_type,
      bytes: async () => new Uint8Array((await load()).body),
    };
  }
  if (!url || !/^https?:\/\//i.test(url)) return null;
  let fetched: Promise<Uint8Array> | undefined;
  return {
    url,
    alt,
    content_type: contentTypeOf(url),
    bytes: () =>
      (fetched ??= io.fetch(url).then(async (response) => {
        if (!response.ok)
          throw new DestinationError(`The cover image at ${url} could not be read (${response.status}).`, {
            retry: response.status >= 500,
          });
        return new Uint8Array(await response.arrayBuffer());
      })),
  };
}
