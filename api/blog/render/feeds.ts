import type { Db } from '../../db/sql.ts';
import { listAllPublished, listPublished } from '../queries.ts';
import type { BlogSite } from '../sites.ts';
import { alternatesOf } from './alternates.ts';
import { blogUrl } from './html.ts';
import type { Rendered } from './pages.ts';

/** Text for XML content and attribute values. */
export function escapeXml(text: string): string {
  // Characters XML 1.0 forbids are dropped, not escaped: a feed reader rejects the whole document otherwise.
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const xml = (type: string, body: string): Rendered => ({ status: 200, type, body, styleHashes: [] });

/** Posts in the feed. */
export const FEED_SIZE = 20;

/**
 * RSS 2.0 of the latest posts, every link on the canonical address; the channel's language is the blog's (the
 * project's), and a post in another language says so with dc:language.
 */
export async function renderRss(sql: Db, site: BlogSite): Promise<Rendered> {
  const posts = await listPublished(sql, { projectId: site.projectId, offset: 0, limit: FEED_SIZE });
  const items = posts
    .map((post) => {
      const url = blogUrl(site, `/${post.slug}`);
      return `<item><title>${escapeXml(post.title || post.slug)}</title><link>${escapeXml(url)}</link><guid isPermaLink="true">${escapeXml(url)}</guid><pubDate>${post.published_at.toUTCString()}</pubDate>${post.excerpt || post.meta_description ? `<description>${escapeXml(post.excerpt || post.meta_description)}</description>` : ''}${post.author_name ? `<dc:creator>${escapeXml(post.author_name)}</dc:creator>` : ''}${post.tags.map((tag) => `<category>${escapeXml(tag)}</category>`).join('')}${post.lang === site.language ? '' : `<dc:language>${escapeXml(post.lang)}</dc:language>`}</item>`;
    })
    .join('\n');
  const self = blogUrl(site, '/rss.xml');
  return xml(
    'application/rss+xml; charset=utf-8',
    `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>${escapeXml(site.name)}</title><link>${escapeXml(blogUrl(site, '/'))}</link><description>${escapeXml(`The latest posts from ${site.name}.`)}</description><language>${escapeXml(site.language.toLowerCase())}</language><atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>${posts[0] ? `<lastBuildDate>${posts[0].updated_at.toUTCString()}</lastBuildDate>` : ''}
${items}
</channel></rss>
`,
  );
}

/**
 * The sitemap: home, every published post and every tag page. A post with published versions in other languages
 * lists them all and x-default as xhtml:link alternates (the same as its page's hreflang links), as Google reads them.
 */
export async function renderSitemap(sql: Db, site: BlogSite): Promise<Rendered> {
  const posts = await listAllPublished(sql, site.projectId);
  const tags = [...new Set(posts.flatMap((post) => post.tags))].sort();
  const groups = new Map<string, typeof posts>();
  for (const post of posts)
    if (post.translation_group)
      groups.set(post.translation_group, [...(groups.get(post.translation_group) ?? []), post]);
  const links = (post: (typeof posts)[number]) =>
    (post.translation_group ? alternatesOf(site, post.translation_group, groups.get(post.translation_group) ?? []) : [])
      .map(
        (alternate) =>
          `<xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${escapeXml(alternate.href)}"/>`,
      )
      .join('');
  const entry = (path: string, lastmod?: Date, alternates = '') =>
    `<url><loc>${escapeXml(blogUrl(site, path))}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}${alternates}</url>`;
  const urls = [
    entry('/', posts[0]?.updated_at),
    ...posts.map((post) => entry(`/${post.slug}`, post.updated_at, links(post))),
    ...tags.map((tag) => entry(`/tag/${encodeURIComponent(tag)}`)),
  ];
  return xml(
    'application/xml; charset=utf-8',
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`,
  );
}

/** robots.txt: everything may be crawled; the sitemap is named by its canonical address. */
export function renderRobots(site: BlogSite): Rendered {
  return {
    status: 200,
    type: 'text/plain; charset=utf-8',
    body: `User-agent: *\nAllow: /\n\nSitemap: ${blogUrl(site, '/sitemap.xml')}\n`,
    styleHashes: [],
  };
}

/** The IndexNow key file (/{key}.txt): its content is the key, which proves the blog's owner submits its addresses. */
export function renderIndexNowKey(site: BlogSite): Rendered {
  return { status: 200, type: 'text/plain; charset=utf-8', body: site.indexNowKey, styleHashes: [] };
}
