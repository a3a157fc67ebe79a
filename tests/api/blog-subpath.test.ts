// Subpath mode through a real reverse proxy on loopback that does exactly what the documented nginx rule does
// (tests/fixtures/reverse-proxy): the customer's site forwards /blog/ with the path unchanged and Host set to the
// project subdomain, and nothing else. The proxy is not a trusted proxy of ours and sends no X-Forwarded-Host: the
// blog knows its base path and its canonical origin only from the project's stored, verified domain and path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { validateSitemap } from '../../src/lib/seo/audit/index.ts';
import { startReverseProxy } from '../fixtures/reverse-proxy/server.mjs';
import { listen } from '../fixtures/listen.mjs';
import { addPost, fakeDns, httpRequest, newBlog, verifiedDomain, type Blog } from './blog-support.ts';
import { testApp, testFeed, testSql } from './helpers.ts';

const dns = fakeDns();
const app = testApp({}, undefined, { dns }); // no TRUSTED_PROXIES: a customer's proxy is never one of ours
const domain = `www-${Math.random().toString(36).slice(2, 8)}.acme-test.com`;
let server: { origin: string; stop: () => Promise<void> };
let proxy: { origin: string; stop: () => Promise<void> };
let blog: Blog;
let post: { id: string; slug: string };
let mediaId: string;

beforeAll(async () => {
  await testFeed().ready;
  server = (await listen(app)) as typeof server;
  blog = await newBlog(app, 'Subpath Co');
  const [media] =
    await testSql()`insert into media (project_id, content_type, body) values (${blog.projectId}, 'image/svg+xml', ${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"/>')}) returning id`;
  mediaId = media!.id as string;
  post = await addPost(blog, { title: 'Under a path', tags: ['paths'], cover: `/api/media/${mediaId}` });
  await addPost(blog, { title: 'Second' });
  const verified = await verifiedDomain(app, dns, blog, domain, 'blog/');
  expect(verified.base_path).toBe('/blog');
  proxy = (await startReverseProxy({ upstream: server.origin, blogHost: blog.host })) as typeof proxy;
});
afterAll(async () => {
  await proxy?.stop();
  await server?.stop();
});

/** A visitor's request to the customer's site. */
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${proxy.origin}${path}`, { redirect: 'manual', headers });
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];

describe('subpath mode through the documented reverse proxy', () => {
  it('serves the blog under /blog with every link and asset under it and absolute URLs on the stored domain; the rest of the site is the customer’s', async () => {
    const home = await (await get('/blog/')).text();
    const own = await (await get('/')).text();

    expect(own).toContain('The customer’s own home page');
    expect(canonicalOf(home)).toBe(`https://${domain}/blog/`);
    const links = [...home.matchAll(/(?:href|src)="([^"]+)"/g)].map((found) => found[1]!);
    const local = links.filter((link) => link.startsWith('/'));
    expect(local).toEqual(expect.arrayContaining(['/blog/', `/blog/${post.slug}`, '/blog/rss.xml']));
    for (const link of local) expect(link.startsWith('/blog/'), link).toBe(true);
    for (const link of links.filter((link) => /^https?:/.test(link)))
      expect(link.startsWith(`https://${domain}/blog/`), link).toBe(true);
    // Every local link answers through the proxy.
    for (const link of new Set(local)) expect((await get(link)).status, link).toBe(200);
  });

  it('keeps the post page, its cover, tag links, Open Graph and JSON-LD under the base path on the stored domain', async () => {
    const page = await (await get(`/blog/${post.slug}`)).text();
    const cover = await get(`/blog/media/${mediaId}`);
    const tag = await get('/blog/tag/paths');
    const ld = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].flatMap((found) =>
      JSON.parse(found[1]!),
    );

    expect(canonicalOf(page)).toBe(`https://${domain}/blog/${post.slug}`);
    expect(page).toContain(`<img class="cover" src="/blog/media/${mediaId}"`);
    expect(page).toContain(`<meta property="og:url" content="https://${domain}/blog/${post.slug}">`);
    // Link previews get the cover's raster copy (issue 28), under the base path too.
    const [raster] = await testSql()`select id from media where raster_of = ${mediaId}`;
    expect(page).toContain(`<meta property="og:image" content="https://${domain}/blog/media/${raster!.id}">`);
    expect(page).toContain('href="/blog/tag/paths"');
    expect(ld[0]).toMatchObject({
      url: `https://${domain}/blog/${post.slug}`,
      image: `https://${domain}/blog/media/${raster!.id}`,
    });
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/svg+xml');
    expect(tag.status).toBe(200);
    expect(await tag.text()).toContain(`href="/blog/${post.slug}"`);
  });

  it('serves a feed and a sitemap that parse as XML, every URL in them on the stored domain under /blog', async () => {
    const rss = await (await get('/blog/rss.xml')).text();
    const sitemap = await (await get('/blog/sitemap.xml')).text();
    const robots = await (await get('/blog/robots.txt')).text();

    expect(
      (await validateXML({ xml: [{ fileName: 'rss.xml', contents: rss }], normalization: 'format' })).errors,
    ).toEqual([]);
    expect(await validateSitemap({ url: `https://${domain}/blog/sitemap.xml`, xml: sitemap })).toEqual([]);
    expect(rss).toContain(`<link>https://${domain}/blog/${post.slug}</link>`);
    const rssUrls = [...rss.matchAll(/<(?:link|guid)[^>]*>(https?:[^<]+)</g)].map((found) => found[1]!);
    expect(rssUrls.length).toBeGreaterThan(2);
    for (const url of rssUrls) expect(url.startsWith(`https://${domain}/blog/`), url).toBe(true);
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((found) => found[1]!);
    expect(locs).toEqual(
      expect.arrayContaining([
        `https://${domain}/blog/`,
        `https://${domain}/blog/${post.slug}`,
        `https://${domain}/blog/tag/paths`,
      ]),
    );
    for (const loc of locs) expect(loc.startsWith(`https://${domain}/blog/`), loc).toBe(true);
    expect(robots).toContain(`Sitemap: https://${domain}/blog/sitemap.xml`);
  });

  it('gives the same canonical whatever a visitor writes in forwarding headers (the customer’s nginx passes them through)', async () => {
    const spoofed = await (
      await get(`/blog/${post.slug}`, {
        'x-forwarded-host': 'evil.example.com',
        'x-forwarded-proto': 'http',
        forwarded: 'host=evil.example.com',
      })
    ).text();

    expect(canonicalOf(spoofed)).toBe(`https://${domain}/blog/${post.slug}`);
    expect(spoofed).not.toContain('evil.example.com');
  });

  it('redirects the bare base path, and the blog host serves nothing outside it', async () => {
    const bare = await get('/blog');
    const direct = await httpRequest(server.origin, blog.host, '/blog');
    const outside = await httpRequest(server.origin, blog.host, `/${post.slug}`);

    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe(`${proxy.origin}/blog/`);
    expect(direct.status).toBe(301);
    expect(direct.headers.location).toBe('/blog/');
    expect(outside.status).toBe(404);
    expect(outside.text).toBe('Not found');
  });
});
