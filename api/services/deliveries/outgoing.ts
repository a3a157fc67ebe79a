import { blogUrl } from '../../blog/render/html.ts';
import type { BlogSite } from '../../blog/sites.ts';
import type { Db } from '../../db/sql.ts';
import type { DestinationIo, OutgoingPost } from '../../destinations/types.ts';
import { outgoingCover } from '../covers/outgoing.ts';
import type { DeliveredPost } from './queries.ts';

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

/**
 * A post as it leaves Inkpilot for a destination. `blogCanonical`: the hosted blog is canonical for it (the
 * destination is told the blog's address as the canonical one); otherwise the destination's own page is.
 */
export async function outgoingPost(
  db: Db,
  io: DestinationIo,
  post: DeliveredPost,
  site: BlogSite,
  blogCanonical: boolean,
): Promise<OutgoingPost> {
  const live = post.status === 'published';
  const blog = live ? blogUrl(site, `/${post.slug}`) : null;
  const keywords = [post.target_keyword, ...post.keywords].map((word) => word.trim()).filter(Boolean);
  const cover = await outgoingCover(db, io, post, site);
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
