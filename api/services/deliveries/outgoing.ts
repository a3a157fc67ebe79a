import type { Post } from '../../../src/lib/posts/types.ts';
import { findMedia } from '../../blog/queries.ts';
import { blogUrl } from '../../blog/render/html.ts';
import type { BlogSite } from '../../blog/sites.ts';
import type { Db } from '../../db/sql.ts';
import { DestinationError, type DestinationIo, type OutgoingPost } from '../../destinations/types.ts';
import { rasterCoverOf } from '../covers/raster.ts';

const MEDIA = /^\/api\/media\/([0-9a-f-]{36})$/i;

/**
 * The body with addresses that work on another site: media the app serves (`/api/media/{id}`) become the blog's own
 * media URLs, and any other root-relative link or image points at the blog's host, as it does on the blog itself.
 */
export function absoluteHtml(html: string, site: BlogSite): string {
  return html.replace(/\b(src|href)="(\/(?!\/)[^"]*)"/g, (_all, attribute: string, path: string) => {
    const media = MEDIA.exec(path);
    const url = media?.[1] ? blogUrl(site, `/media/${media[1].toLowerCase()}`) : `${site.origin}${path}`;
    return `${attribute}="${url}"`;
  });
}

/** The cover as destinations get it: its absolute address, alt text and type, its bytes read when asked for. */
async function coverOf(db: Db, io: DestinationIo, post: Post, site: BlogSite): Promise<OutgoingPost['cover']> {
  const url = post.cover_image_url;
  if (!url) return null;
  const media = MEDIA.exec(url);
  if (media?.[1]) {
    // A drawn SVG cover goes as its raster PNG (made on first need): Ghost, Webflow and Shopify refuse SVG images.
    const raster = await rasterCoverOf(db, post.project_id, media[1].toLowerCase());
    if (!raster) return null;
    const { id, content_type: type } = raster;
    let read: Promise<{ content_type: string; body: Buffer }> | undefined;
    const load = () =>
      (read ??= findMedia(db, { projectId: post.project_id, id }).then((row) => {
        if (!row) throw new DestinationError('The post’s cover image is gone: choose another one.', { retry: false });
        return row;
      }));
    return {
      url: blogUrl(site, `/media/${id}`),
      alt: post.cover_image_alt,
      content_type: type,
      bytes: async () => new Uint8Array((await load()).body),
    };
  }
  if (!/^https?:\/\//i.test(url)) return null;
  let fetched: Promise<Uint8Array> | undefined;
  return {
    url,
    alt: post.cover_image_alt,
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

function contentTypeOf(url: string): string {
  const extension = /\.(png|jpe?g|webp|gif|svg)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  if (extension === 'jpg' || extension === 'jpeg') return 'image/jpeg';
  if (extension === 'svg') return 'image/svg+xml';
  return extension ? `image/${extension}` : 'image/png';
}

/**
 * A post as it leaves Inkpilot for a destination. `blogCanonical`: the hosted blog is canonical for it (the
 * destination is told the blog's address as the canonical one); otherwise the destination's own page is.
 */
export async function outgoingPost(
  db: Db,
  io: DestinationIo,
  post: Post,
  site: BlogSite,
  blogCanonical: boolean,
): Promise<OutgoingPost> {
  const live = post.status === 'published';
  const blog = live ? blogUrl(site, `/${post.slug}`) : null;
  const keywords = [post.target_keyword, ...post.keywords].map((word) => word.trim()).filter(Boolean);
  const cover = await coverOf(db, io, post, site);
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    html: absoluteHtml(post.html, site),
    markdown: post.markdown,
    excerpt: post.excerpt || post.meta_description,
    meta_title: post.meta_title,
    meta_description: post.meta_description,
    tags: post.tags,
    keywords: [...new Set(keywords)],
    lang: post.lang,
    published_at: post.published_at,
    updated_at: post.updated_at,
    cover,
    canonical_url: blogCanonical ? blog : null,
    blog_url: blog,
  };
}
