import { createHash } from 'node:crypto';
import { directionOf } from '../../../src/lib/languages/index.ts';
import type { BlogSite } from '../sites.ts';

/** Text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON inside <script type="application/ld+json">: no `<` may end the block early. */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** A path of the blog, under its base path ('/' is the home page). */
export function blogPath(site: BlogSite, path: string): string {
  return site.basePath ? (path === '/' ? `${site.basePath}/` : `${site.basePath}${path}`) : path;
}

/** The absolute, canonical URL of a blog path: the stored address, never the request's Host. */
export function blogUrl(site: BlogSite, path: string): string {
  return `${site.origin}${blogPath(site, path)}`;
}

/** Where a cover or logo is fetched from on the blog: media the app stored is served by the blog host itself. */
export function assetPath(site: BlogSite, url: string | null): string | null {
  if (!url) return null;
  const media = /^\/api\/media\/([0-9a-f-]{36})$/i.exec(url);
  if (media?.[1]) return blogPath(site, `/media/${media[1].toLowerCase()}`);
  return /^https?:\/\//i.test(url) ? url : null;
}

/** An asset as an absolute URL (Open Graph wants one). */
export function assetUrl(site: BlogSite, url: string | null): string | null {
  const path = assetPath(site, url);
  return path && path.startsWith('/') ? `${site.origin}${path}` : path;
}

const BASE_CSS = `*{box-sizing:border-box}body{margin:0;font:18px/1.65 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#fff}
a{color:var(--accent)}header.site,footer.site{border-bottom:1px solid #e5e7eb;padding:14px 20px}footer.site{border-top:1px solid #e5e7eb;border-bottom:0;margin-top:48px;font-size:15px;color:#4b5563}
.bar{max-width:760px;margin:0 auto;display:flex;align-items:center;gap:12px}.brand{font-weight:700;font-size:20px;color:#111827;text-decoration:none;display:flex;align-items:center;gap:10px}
.brand img{height:32px;width:auto}main{max-width:760px;margin:0 auto;padding:24px 20px}h1{font-size:2.1rem;line-height:1.2;margin:.4em 0}
img{max-width:100%;height:auto}.meta{color:#4b5563;font-size:15px}.tags a{display:inline-block;margin:0 0 8px;margin-inline-end:8px;font-size:15px}
.card{padding:18px 0;border-bottom:1px solid #e5e7eb}.card h2{margin:0 0 6px;font-size:1.35rem}.card h2 a{color:#111827;text-decoration:none}
.pager{display:flex;justify-content:space-between;gap:16px;margin-top:32px}pre{overflow:auto;background:#f6f8fa;padding:12px;border-radius:6px}
table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:6px 10px}blockquote{margin:0;padding-inline-start:16px;border-inline-start:4px solid #d0d7de;color:#4b5563}
figure.video{margin:24px 0}figure.video iframe{display:block;width:100%;height:auto;aspect-ratio:16/9;border:0;border-radius:8px}.cover{display:block;width:100%;height:auto;border-radius:8px}
.video-play{position:relative;display:block;aspect-ratio:16/9;overflow:hidden;border-radius:8px;background:#111827}.video-play img{display:block;width:100%;height:100%;object-fit:cover}
.video-icon{position:absolute;left:50%;top:50%;width:68px;height:48px;margin:-24px 0 0 -34px;border-radius:14px;background:#c4302b}.video-icon::before{content:"";position:absolute;left:26px;top:14px;border-style:solid;border-width:10px 0 10px 18px;border-color:transparent transparent transparent #fff}
.video-play:hover .video-icon,.video-play:focus-visible .video-icon{background:#e00}.video-play:focus-visible{outline:3px solid var(--accent);outline-offset:3px}figure.video figcaption{margin-top:8px;font-size:15px;color:#4b5563}
nav.crumbs{font-size:15px}.ai-note{margin:0 0 16px;padding:4px 12px;border-left:3px solid var(--accent);font-size:15px;color:#4b5563}`;

/** A style block and the CSP source that allows exactly it. */
function styleBlock(css: string): { tag: string; hash: string } {
  return { tag: `<style>${css}</style>`, hash: `'sha256-${createHash('sha256').update(css).digest('base64')}'` };
}

const base = styleBlock(BASE_CSS);

export interface PageHead {
  title: string;
  description: string;
  /** Blog path of the page (for the canonical URL). */
  path: string;
  /** The canonical URL when it is not the page's own (a post whose canonical copy is on a destination). */
  canonical?: string | null;
  /** The page's language: `<html lang>` and its writing direction (`dir="rtl"` for Arabic, Hebrew…). */
  lang: string;
  /** Extra tags for <head> (Open Graph, JSON-LD, prev/next), already escaped. */
  extra?: string;
  noindex?: boolean;
}

/** A whole HTML page in the blog's brand, and the style hashes its CSP must allow. */
export function layout(site: BlogSite, head: PageHead, body: string): { html: string; styleHashes: string[] } {
  const accent = styleBlock(`:root{--accent:${site.accent}}`);
  const logo = assetPath(site, site.logoUrl);
  const html = `<!doctype html><html lang="${escapeHtml(head.lang)}" dir="${directionOf(head.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(head.title)}</title><meta name="description" content="${escapeHtml(head.description)}">
${head.noindex ? '<meta name="robots" content="noindex">' : `<link rel="canonical" href="${escapeHtml(head.canonical ?? blogUrl(site, head.path))}">`}
<link rel="alternate" type="application/rss+xml" title="${escapeHtml(site.name)}" href="${escapeHtml(blogPath(site, '/rss.xml'))}">
${site.googleSiteVerification ? `<meta name="google-site-verification" content="${escapeHtml(site.googleSiteVerification)}">` : ''}${head.extra ?? ''}${base.tag}${accent.tag}</head><body>
<header class="site"><div class="bar"><a class="brand" href="${escapeHtml(blogPath(site, '/'))}">${logo ? `<img src="${escapeHtml(logo)}" alt="" width="32" height="32">` : ''}${escapeHtml(site.name)}</a></div></header>
<main>${body}</main>
<footer class="site"><div class="bar"><span>© ${new Date().getUTCFullYear()} ${escapeHtml(site.name)}</span><a href="${escapeHtml(blogPath(site, '/rss.xml'))}">RSS</a></div></footer>
</body></html>`;
  return { html, styleHashes: [base.hash, accent.hash] };
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date as readers of the language write it ("March 5, 2026", "5 de março de 2026"), in UTC so every process writes
 * the same bytes.
 */
export function humanDate(date: Date, lang = 'en-US'): string {
  let format = dateFormats.get(lang);
  if (!format) {
    const options = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' } as const;
    try {
      format = new Intl.DateTimeFormat(lang, options);
    } catch {
      format = new Intl.DateTimeFormat('en-US', options); // a tag the runtime refuses (stored before issue 24)
    }
    dateFormats.set(lang, format);
  }
  return format.format(date);
}
