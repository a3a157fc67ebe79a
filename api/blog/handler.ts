import type { Context, MiddlewareHandler } from 'hono';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { addressFrom, addressIsTrusted, peerIsTrusted } from '../lib/client-address.ts';
import type { AppDeps, AppEnv } from '../lib/hono.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { forwardedHost, hostOf } from '../services/domains/name.ts';
import { BLOG_BASE_HEADERS, blogCsp, MEDIA_CACHE_CONTROL, PAGE_CACHE_CONTROL } from './headers.ts';
import { preparePage, type ReadyPage } from './page-cache.ts';
import { thumbnailCacheControl, videoThumbnail } from '../providers/video/thumbnails.ts';
import { findMedia, findMovedSlug } from './queries.ts';
import { renderIndexNowKey, renderRobots, renderRss, renderSitemap } from './render/feeds.ts';
import { blogPath } from './render/html.ts';
import { renderList, renderNotFound, renderPost, type Rendered } from './render/pages.ts';
import { isAppHost, type BlogSite } from './sites.ts';
import type { Db } from '../db/sql.ts';

/**
 * The host a request is for: Host (the URL's host for a request that came without one), or X-Forwarded-Host when
 * (and only when) the peer is a trusted proxy, whose value is the last of a list: the one that proxy set.
 */
export function requestHost(c: Context<AppEnv>, trustedProxies: string[]): string {
  const forwarded = header(c, 'x-forwarded-host');
  if (forwarded && peerIsTrusted(c, trustedProxies)) return forwardedHost(forwarded);
  return hostOf(header(c, 'host') ?? new URL(c.req.url).host);
}

/**
 * A request header, read from Node's own request when there is one: asking Hono would first build a WHATWG Request
 * and Headers for it, a measurable share of a cached page's time.
 */
function header(c: Context<AppEnv>, name: string): string | undefined {
  const incoming = c.env?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function method(c: Context<AppEnv>): string {
  return c.env?.incoming?.method ?? c.req.method;
}

/** The raw path of the request (percent-encoding kept): the cache key and the router read the same text. */
function rawPath(c: Context<AppEnv>): string {
  const url = c.env?.incoming?.url ?? new URL(c.req.url).pathname;
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/** What to write for a ready page: 304 when the client holds it, else the bytes in the encoding it takes. */
function answerFor(
  page: ReadyPage,
  ask: { accept: string; match: string | undefined; head: boolean },
): { status: number; headers: Record<string, string>; body: Buffer | null } {
  if (
    ask.match &&
    page.status === 200 &&
    ask.match.split(',').some((tag) => tag.trim() === page.etag || tag.trim() === '*')
  ) {
    return { status: 304, headers: page.headers.notModified, body: null };
  }
  const [headers, body] =
    page.br && page.headers.br && ask.accept.includes('br')
      ? [page.headers.br, page.br]
      : page.gzip && page.headers.gzip && ask.accept.includes('gzip')
        ? [page.headers.gzip, page.gzip]
        : [page.headers.identity, page.identity];
  return { status: page.status, headers, body: ask.head ? null : body };
}

/** Writes a ready page through Hono (tests) or straight onto the Node response, and counts it when it is a page view. */
function send(c: Context<AppEnv>, page: ReadyPage, host: string): Response | typeof RESPONSE_ALREADY_SENT {
  const { pageViews, config } = c.get('deps');
  if (page.view && pageViews) {
    const incoming = c.env?.incoming;
    pageViews.record(
      {
        method: method(c),
        header: (name) => header(c, name),
        client: addressFrom(incoming?.socket?.remoteAddress, header(c, 'x-forwarded-for'), config.TRUSTED_PROXIES),
      },
      page.view,
      host,
    );
  }
  const { status, headers, body } = answerFor(page, {
    accept: header(c, 'accept-encoding') ?? '',
    match: header(c, 'if-none-match'),
    head: method(c) === 'HEAD',
  });
  const outgoing = c.env?.outgoing;
  if (outgoing) {
    outgoing.writeHead(status, headers);
    outgoing.end(body ?? undefined);
    return RESPONSE_ALREADY_SENT;
  }
  return new Response(body === null ? null : new Uint8Array(body), { status, headers });
}

/** Whether each connection's peer is a trusted proxy, judged once per connection (a proxy keeps its connections). */
const trustedSockets = new WeakMap<string[], WeakMap<Socket, boolean>>();

function socketIsTrusted(socket: Socket, trustedProxies: string[]): boolean {
  if (trustedProxies.length === 0) return false;
  let judged = trustedSockets.get(trustedProxies);
  if (!judged) trustedSockets.set(trustedProxies, (judged = new WeakMap()));
  let trusted = judged.get(socket);
  if (trusted === undefined) judged.set(socket, (trusted = addressIsTrusted(socket.remoteAddress, trustedProxies)));
  return trusted;
}

/** requestHost for Node's own request (the fast paths that answer before Hono builds anything). */
export function nodeRequestHost(request: IncomingMessage, trustedProxies: string[]): string {
  const forwarded = request.headers['x-forwarded-host'];
  return forwarded !== undefined && socketIsTrusted(request.socket, trustedProxies)
    ? forwardedHost(Array.isArray(forwarded) ? forwarded.join(', ') : forwarded)
    : hostOf(request.headers.host);
}

/**
 * Before Hono sees the request: a GET or HEAD whose host + path this process has a ready page for is answered from
 * Node's own request and response, so a cached blog page costs about what a raw node:http server's answer does; a
 * host this process already knows serves no blog gets its plain 404 here too. The host is read as requestHost reads
 * it: X-Forwarded-Host from a trusted proxy (Caddy always sends one), else Host. Anything else (an app host, a miss)
 * returns false and goes the full way.
 */
export function serveCachedBlogPage(
  deps: Pick<AppDeps, 'caches' | 'config' | 'pageViews'>,
  request: IncomingMessage,
  response: ServerResponse,
): boolean {
  const host = nodeRequestHost(request, deps.config.TRUSTED_PROXIES);
  if (!host) return false;
  // Pages are kept only under blog hosts, so a hit needs no app-host check.
  const verb = request.method;
  if (verb === 'GET' || verb === 'HEAD') {
    const url = request.url ?? '/';
    const query = url.indexOf('?');
    const page = deps.caches.blogPages.get(`${host}${query < 0 ? url : url.slice(0, query)}`);
    if (page) {
      const match = request.headers['if-none-match'];
      const { status, headers, body } = answerFor(page, {
        accept: request.headers['accept-encoding'] ?? '',
        match: Array.isArray(match) ? match.join(', ') : match,
        head: verb === 'HEAD',
      });
      response.writeHead(status, headers);
      response.end(body ?? undefined);
      if (page.view && deps.pageViews) deps.pageViews.recordNode(request, page.view, host, deps.config.TRUSTED_PROXIES);
      return true;
    }
  }
  if (isAppHost(host, deps.config) || deps.caches.blogHosts.known(host)?.kind !== 'closed') return false;
  response.writeHead(404, PLAIN_HEADERS);
  response.end(verb === 'HEAD' ? undefined : NOT_FOUND);
  return true;
}

/** Every plain answer's headers: hosts and methods the blog does not serve (no brand: no blog exists there). */
const PLAIN_HEADERS: Record<string, string> = {
  ...BLOG_BASE_HEADERS,
  'Content-Type': 'text/plain; charset=utf-8',
  'Cache-Control': 'no-store',
};
const NOT_FOUND = 'Not found';

function plain(c: Context<AppEnv>, status: number, text: string, extra: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { ...PLAIN_HEADERS, ...extra } });
}

const POST_SLUG = /^\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/;
const PAGE = /^\/page\/([1-9]\d{0,5})\/?$/;
const TAG = /^\/tag\/([^/]+)(?:\/page\/([1-9]\d{0,5}))?\/?$/;
const MEDIA = /^\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const VIDEO_THUMBNAIL = /^\/media\/youtube\/([\w-]{11})\.jpg$/;

/** The answer for a path inside the blog; null when the blog has no such page. */
async function route(sql: Db, site: BlogSite, path: string): Promise<Rendered | null> {
  if (path === '/' || path === '') return renderList(sql, site, { page: 1 });
  if (path === '/rss.xml') return renderRss(sql, site);
  if (path === '/sitemap.xml') return renderSitemap(sql, site);
  if (path === '/robots.txt') return renderRobots(site);
  if (site.indexNowKey && path === `/${site.indexNowKey}.txt`) return renderIndexNowKey(site);
  let found = PAGE.exec(path);
  if (found) return Number(found[1]) === 1 ? null : renderList(sql, site, { page: Number(found[1]) });
  found = TAG.exec(path);
  if (found) {
    let tag: string;
    try {
      tag = decodeURIComponent(found[1] ?? '');
    } catch {
      return null;
    }
    return renderList(sql, site, { page: Number(found[2] ?? 1), tag });
  }
  found = POST_SLUG.exec(path);
  if (found?.[1]) return (await renderPost(sql, site, found[1])) ?? movedPost(sql, site, found[1]);
  return null;
}

/** A post's old address (its slug changed while it was live): 301 to where it is now, or null (issue 28). */
async function movedPost(sql: Db, site: BlogSite, slug: string): Promise<Rendered | null> {
  const now = await findMovedSlug(sql, { projectId: site.projectId, slug });
  if (!now) return null;
  return {
    status: 301,
    type: 'text/plain; charset=utf-8',
    body: '',
    styleHashes: [],
    location: blogPath(site, `/${now}`),
  };
}

/**
 * Serves project blogs by Host before anything else of the app runs: an app host (SITE_URL's, APP_HOSTS, localhost,
 * an IP address) is the app's; a project subdomain or a verified custom domain gets its blog (cached, compressed,
 * no cookies, its own CSP); any other host (unknown slug or name, unverified domain, unusable Host) a plain 404.
 */
export function blogHosts(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { sql, config, caches } = c.get('deps');
    const host = requestHost(c, config.TRUSTED_PROXIES);
    if (host && isAppHost(host, config)) return next();
    if (!host) return plain(c, 404, NOT_FOUND);
    const path = rawPath(c);
    const key = `${host}${path}`;
    const verb = method(c);
    const readable = verb === 'GET' || verb === 'HEAD';
    if (readable) {
      const kept = caches.blogPages.get(key);
      if (kept) return send(c, kept, host);
    }
    const match = await caches.blogHosts.match(sql, config, host);
    if (match.kind === 'closed') return plain(c, 404, NOT_FOUND);
    const site = match.site;
    if (!readable) return plain(c, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
    let inner = path;
    if (site.basePath) {
      if (path === site.basePath)
        return plain(c, 301, '', { Location: `${site.basePath}/`, 'Cache-Control': PAGE_CACHE_CONTROL });
      if (!path.startsWith(`${site.basePath}/`)) return plain(c, 404, NOT_FOUND);
      inner = path.slice(site.basePath.length);
    }
    const version = caches.blogPages.version(site.projectId);
    const media = MEDIA.exec(inner);
    if (media?.[1]) {
      const row = await findMedia(sql, { projectId: site.projectId, id: media[1] });
      if (row) {
        const page = await preparePage({
          projectId: site.projectId,
          status: 200,
          body: row.body,
          compress: row.content_type.startsWith('image/svg'),
          headers: {
            ...BLOG_BASE_HEADERS,
            'Content-Type': row.content_type,
            'Cache-Control': MEDIA_CACHE_CONTROL,
            'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
          },
        });
        caches.blogPages.put(key, page, version);
        return send(c, page, host);
      }
    }
    const thumbnailOf = VIDEO_THUMBNAIL.exec(inner)?.[1];
    if (thumbnailOf) {
      const thumbnail = await videoThumbnail(config, thumbnailOf);
      const page = await preparePage({
        projectId: site.projectId,
        status: 200,
        body: Buffer.from(thumbnail.body),
        compress: false,
        headers: {
          ...BLOG_BASE_HEADERS,
          'Content-Type': thumbnail.contentType,
          'Cache-Control': thumbnailCacheControl(thumbnail),
          'Content-Security-Policy': "default-src 'none'; sandbox",
        },
      });
      if (thumbnail.real) caches.blogPages.put(key, page, version);
      return send(c, page, host);
    }
    const rendered = (media ? null : await route(sql, site, inner)) ?? renderNotFound(site);
    const page = await preparePage({
      projectId: site.projectId,
      status: rendered.status,
      body: rendered.body,
      compress: true,
      headers: {
        ...BLOG_BASE_HEADERS,
        'Content-Type': rendered.type,
        'Cache-Control': rendered.status === 200 ? PAGE_CACHE_CONTROL : 'public, max-age=60',
        ...(rendered.location ? { Location: rendered.location } : {}),
        ...(rendered.type.startsWith('text/html')
          ? { 'Content-Security-Policy': blogCsp(rendered.styleHashes, { video: rendered.video }) }
          : {}),
      },
      ...(rendered.viewOf !== undefined && rendered.status === 200
        ? { view: { projectId: site.projectId, postId: rendered.viewOf, domain: site.domain } }
        : {}),
    });
    if (rendered.status === 200) caches.blogPages.put(key, page, version);
    return send(c, page, host);
  };
}
