import type { Db } from '../../db/sql.ts';
import { findPublished, listPublished, listPublishedGroup, neighbours, type BlogPostSummary } from '../queries.ts';
import type { BlogSite } from '../sites.ts';
import { embedVideos } from '../../../src/lib/posts/video-facade.ts';
import { AI_NOTE_LABEL, AI_NOTE_TEXT } from '../../../src/lib/quality/disclosure.ts';
import { COVER_HEIGHT, COVER_WIDTH } from '../../providers/images/raster-cover.ts';
import { coverMediaId, rasterCoverOf } from '../../services/covers/raster.ts';
import { directionOf, languageName, ogLocale, ownName } from '../../../src/lib/languages/index.ts';
import { alternatesOf } from './alternates.ts';
import { sizeImages, VIDEO_SCRIPT_TAG } from './body.ts';
import { assetPath, assetUrl, blogPath, blogUrl, escapeHtml, humanDate, jsonLd, layout } from './html.ts';

/** Posts per home or tag page. */
export const PAGE_SIZE = 10;

/**
 * A rendered answer before caching: status, content type, body, the style hashes an HTML page's CSP allows, and
 * whether it holds a video (its CSP then allows the player's script and frame).
 */
export interface Rendered {
  status: number;
  type: string;
  body: string;
  styleHashes: string[];
  video?: boolean;
  /** Where a redirect (301) sends the reader. */
  location?: string;
  /** A page view when read: the post's id, or null for a page listing posts; absent for anything else. */
  viewOf?: string | null;
}

const html = (
  status: number,
  page: { html: string; styleHashes: string[] },
  video = false,
  viewOf?: string | null,
): Rendered => ({
  status,
  type: 'text/html; charset=utf-8',
  body: page.html,
  styleHashes: page.styleHashes,
  video,
  ...(viewOf !== undefined ? { viewOf } : {}),
});

/** The page's one h1 is the post title: a `# heading` in the body becomes an h2. */
const demoteH1 = (html: string) => html.replace(/<(\/?)h1\b/g, '<$1h2');

const tagPath = (tag: string) => `/tag/${encodeURIComponent(tag)}`;

/**
 * One post of a list, in its own language: a post in another language than the page's is marked (lang, dir), and
 * where the list mixes languages every post names its own, in that language ("português").
 */
function card(site: BlogSite, post: BlogPostSummary, page: { lang: string; mixed: boolean }): string {
  const by = post.author_name ? ` · by ${escapeHtml(post.author_name)}` : '';
  const summary = post.excerpt || post.meta_description;
  const marked = post.lang === page.lang ? '' : ` lang="${escapeHtml(post.lang)}" dir="${directionOf(post.lang)}"`;
  const language = page.mixed
    ? ` · <span class="lang">${escapeHtml(ownName(post.lang) ?? languageName(post.lang))}</span>`
    : '';
  return `<article class="card"${marked}><h2><a href="${escapeHtml(blogPath(site, `/${post.slug}`))}" hreflang="${escapeHtml(post.lang)}">${escapeHtml(post.title || post.slug)}</a></h2>
<p class="meta"><time datetime="${post.published_at.toISOString()}">${humanDate(post.published_at, post.lang)}</time>${language}${by}</p>${summary ? `<p>${escapeHtml(summary)}</p>` : ''}</article>`;
}

/** The home page (page 1) or a later page of the latest posts; a page past the end is not found. */
export async function renderList(
  sql: Db,
  site: BlogSite,
  input: { page: number; tag?: string },
): Promise<Rendered | null> {
  const { page, tag } = input;
  const rows = await listPublished(sql, {
    projectId: site.projectId,
    ...(tag ? { tag } : {}),
    offset: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE + 1,
  });
  if (page > 1 && rows.length === 0) return null;
  if (tag && rows.length === 0) return null;
  const posts = rows.slice(0, PAGE_SIZE);
  const root = tag ? tagPath(tag) : '';
  const pathOf = (n: number) => (n === 1 ? root || '/' : `${root}/page/${n}`);
  const prev = page > 1 ? pathOf(page - 1) : null;
  const next = rows.length > PAGE_SIZE ? pathOf(page + 1) : null;
  const heading = tag ? `Posts tagged “${tag}”` : site.name;
  const title = `${tag ? `${tag} · ` : ''}${site.name}${page > 1 ? ` · Page ${page}` : ''}`;
  // The blog's own language (the project's); posts in others say so on their card.
  const lang = site.language;
  const mixed = posts.some((post) => post.lang !== lang);
  const extra =
    (prev ? `<link rel="prev" href="${escapeHtml(blogUrl(site, prev))}">` : '') +
    (next ? `<link rel="next" href="${escapeHtml(blogUrl(site, next))}">` : '') +
    `<meta property="og:type" content="website"><meta property="og:title" content="${escapeHtml(title)}"><meta property="og:url" content="${escapeHtml(blogUrl(site, pathOf(page)))}"><meta property="og:site_name" content="${escapeHtml(site.name)}"><meta property="og:locale" content="${escapeHtml(ogLocale(lang))}">`;
  const pager =
    prev || next
      ? `<nav class="pager" aria-label="Pages">${prev ? `<a href="${escapeHtml(blogPath(site, prev))}" rel="prev">← Newer posts</a>` : '<span></span>'}${next ? `<a href="${escapeHtml(blogPath(site, next))}" rel="next">Older posts →</a>` : ''}</nav>`
      : '';
  const list = posts.length
    ? posts.map((post) => card(site, post, { lang, mixed })).join('\n')
    : '<p>No posts yet.</p>';
  const body = `<h1>${escapeHtml(heading)}</h1>${list}${pager}`;
  return html(
    200,
    layout(
      site,
      {
        title,
        description: tag ? `Posts about ${tag} on ${site.name}.` : `The latest posts from ${site.name}.`,
        path: pathOf(page),
        lang,
        extra,
      },
      body,
    ),
    false,
    null,
  );
}

/**
 * The cover link previews and search engines get: for a cover the app stored, its raster image (the PNG of a drawn
 * SVG, made on first need), since social networks ignore an SVG og:image. Null for an outside address, or when no
 * raster can be had (the page then names the cover itself rather than failing).
 */
async function sharedCover(
  sql: Db,
  site: BlogSite,
  cover: string | null,
): Promise<{ url: string; content_type: string; rendered: boolean } | null> {
  const mediaId = coverMediaId(cover);
  if (!mediaId) return null;
  const raster = await rasterCoverOf(sql, site.projectId, mediaId).catch(() => null);
  return raster ? { ...raster, url: blogUrl(site, `/media/${raster.id}`) } : null;
}

/** One published post with everything search engines and link previews read; null when it is not published. */
export async function renderPost(sql: Db, site: BlogSite, slug: string): Promise<Rendered | null> {
  const post = await findPublished(sql, { projectId: site.projectId, slug });
  if (!post) return null;
  const { prev, next } = await neighbours(sql, { projectId: site.projectId, post });
  // Its versions in other languages (issue 24): each page of the group names every published one and x-default.
  const group = post.translation_group
    ? await listPublishedGroup(sql, { projectId: site.projectId, group: post.translation_group })
    : [];
  const alternates = post.translation_group ? alternatesOf(site, post.translation_group, group) : [];
  const path = `/${post.slug}`;
  const url = blogUrl(site, path);
  const title = post.meta_title || post.title || post.slug;
  const description = post.meta_description || post.excerpt || '';
  const cover = assetPath(site, post.cover_image_url);
  const shared = await sharedCover(sql, site, post.cover_image_url);
  const coverUrl = shared?.url ?? assetUrl(site, post.cover_image_url);
  const published = post.published_at.toISOString();
  const modified = post.updated_at.toISOString();
  const author = post.author_name
    ? { '@type': 'Person', name: post.author_name }
    : { '@type': 'Organization', name: site.name };
  // Issue 27: the project's disclosure marks what a run wrote, on the page and in its JSON-LD (plain text).
  const disclosed = site.aiDisclosure && post.generated;
  const graph = [
    {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description,
      inLanguage: post.lang,
      datePublished: published,
      dateModified: modified,
      mainEntityOfPage: url,
      url,
      author,
      publisher: {
        '@type': 'Organization',
        name: site.name,
        ...(site.logoUrl ? { logo: assetUrl(site, site.logoUrl) } : {}),
      },
      ...(coverUrl ? { image: coverUrl } : {}),
      ...(post.keywords.length ? { keywords: post.keywords.join(', ') } : {}),
      ...(disclosed ? { backstory: AI_NOTE_TEXT } : {}),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: site.name, item: blogUrl(site, '/') },
        { '@type': 'ListItem', position: 2, name: post.title, item: url },
      ],
    },
  ];
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;
  const extra = [
    meta('og:type', 'article'),
    meta('og:title', title),
    meta('og:description', description),
    meta('og:url', url),
    meta('og:site_name', site.name),
    meta('og:locale', ogLocale(post.lang)),
    ...[...new Set(group.filter((other) => other.id !== post.id).map((other) => ogLocale(other.lang)))].map((locale) =>
      meta('og:locale:alternate', locale),
    ),
    ...alternates.map(
      (alternate) =>
        `<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}">`,
    ),
    meta('article:published_time', published),
    meta('article:modified_time', modified),
    ...post.tags.map((tag) => meta('article:tag', tag)),
    ...(coverUrl
      ? [
          meta('og:image', coverUrl),
          ...(shared ? [meta('og:image:type', shared.content_type)] : []),
          ...(shared?.rendered
            ? [meta('og:image:width', String(COVER_WIDTH)), meta('og:image:height', String(COVER_HEIGHT))]
            : []),
          ...(post.cover_image_alt ? [meta('og:image:alt', post.cover_image_alt)] : []),
        ]
      : []),
    named('twitter:card', coverUrl ? 'summary_large_image' : 'summary'),
    named('twitter:title', title),
    named('twitter:description', description),
    ...(coverUrl ? [named('twitter:image', coverUrl)] : []),
    prev ? `<link rel="prev" href="${escapeHtml(blogUrl(site, `/${prev.slug}`))}">` : '',
    next ? `<link rel="next" href="${escapeHtml(blogUrl(site, `/${next.slug}`))}">` : '',
    `<script type="application/ld+json">${jsonLd(graph)}</script>`,
  ].join('');
  const by = post.author_name ? ` · by <span class="author">${escapeHtml(post.author_name)}</span>` : '';
  const tags = post.tags.length
    ? `<p class="tags">${post.tags.map((tag) => `<a href="${escapeHtml(blogPath(site, tagPath(tag)))}" rel="tag">#${escapeHtml(tag)}</a>`).join('')}</p>`
    : '';
  const pager =
    prev || next
      ? `<nav class="pager" aria-label="More posts">${prev ? `<a href="${escapeHtml(blogPath(site, `/${prev.slug}`))}" rel="prev">← ${escapeHtml(prev.title || prev.slug)}</a>` : '<span></span>'}${next ? `<a href="${escapeHtml(blogPath(site, `/${next.slug}`))}" rel="next">${escapeHtml(next.title || next.slug)} →</a>` : ''}</nav>`
      : '';
  // Thumbnails come from the blog's own host (api/providers/video/thumbnails.ts): nothing loads from YouTube until play.
  const content = embedVideos(sizeImages(demoteH1(post.html)), (id) => blogPath(site, `/media/youtube/${id}.jpg`));
  const video = content.videos > 0;
  const body = `<nav class="crumbs" aria-label="Breadcrumb"><a href="${escapeHtml(blogPath(site, '/'))}">${escapeHtml(site.name)}</a> › <span>${escapeHtml(post.title)}</span></nav>
<article><h1>${escapeHtml(post.title || post.slug)}</h1><p class="meta"><time datetime="${published}">${humanDate(post.published_at, post.lang)}</time>${by}</p>
${disclosed ? `<p class="ai-note" role="note"><strong>${AI_NOTE_LABEL}</strong>${escapeHtml(AI_NOTE_TEXT.slice(AI_NOTE_LABEL.length))}</p>` : ''}
${cover ? `<img class="cover" src="${escapeHtml(cover)}" alt="${escapeHtml(post.cover_image_alt)}" width="1200" height="630" fetchpriority="high">` : ''}
<div class="content">${content.html}</div>${tags}</article>${pager}${video ? VIDEO_SCRIPT_TAG : ''}`;
  const canonical = post.canonical_url;
  return html(200, layout(site, { title, description, path, lang: post.lang, extra, canonical }, body), video, post.id);
}

/** The branded page for a path the blog does not have. */
export function renderNotFound(site: BlogSite): Rendered {
  const body = `<h1>Page not found</h1><p>This page does not exist or is no longer published.</p><p><a href="${escapeHtml(blogPath(site, '/'))}">Back to ${escapeHtml(site.name)}</a></p>`;
  return html(
    404,
    layout(
      site,
      {
        title: `Page not found · ${site.name}`,
        description: `Page not found on ${site.name}.`,
        path: '/',
        lang: 'en',
        noindex: true,
      },
      body,
    ),
  );
}
