// Subpath mode through a real reverse proxy on loopback: the customer's site forwards /blog/* to the Inkpilot
// server (tests/fixtures/reverse-proxy), and every link, asset, canonical, feed and sitemap entry stays under /blog.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReverseProxy } from '../fixtures/reverse-proxy/server.mjs';
import { listen } from '../fixtures/listen.mjs';
import { addPost, fakeDns, newBlog, type Blog } from './blog-support.ts';
import { call, testApp, testFeed, testSql } from './helpers.ts';

const dns = fakeDns();
// The proxy runs on this machine: its X-Forwarded-Host is believed, as a real front proxy's would be.
const app = testApp({ TRUSTED_PROXIES: '127.0.0.1' }, undefined, { dns });
const domain = `www-${Math.random().toString(36).slice(2, 8)}.acme-test.com`;
let server: { origin: string; stop: () => Promise<void> };
let proxy: { origin: string; stop: () => Promise<void> };
let blog: Blog;
let post: { id: string; slug: string };

beforeAll(async () => {
  await testFeed().ready;
  server = (await listen(app)) as typeof server;
  blog = await newBlog(app, 'Subpath Co');
  const [media] = await testSql()`insert into media (project_id, content_type, body) values (${blog.projectId}, 'image/svg+xml', ${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')}) returning id`;
  post = await addPost(blog, { title: 'Under a path', tags: ['paths'], cover: `/api/media/${media!.id}` });
  await addPost(blog, { title: 'Second' });
  const saved = await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain`, { token: blog.owner.token, body: { domain, base_path: 'blog/' } });
  expect(saved.body.base_path).toBe('/blog');
  dns.records.set(saved.body.records[1].name, [[saved.body.records[1].value]]);
  await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain/verify`, { token: blog.owner.token });
  proxy = (await startReverseProxy({ upstream: server.origin, blogHost: blog.host, publicHost: domain })) as typeof proxy;
});
afterAll(async () => {
  await proxy?.stop();
  await server?.stop();
});

const get = (path: string) => fetch(`${proxy.origin}${path}`, { redirect: 'manual' });

describe('subpath mode', () => {
  it('serves the blog under /blog with every link, asset and canonical under it; the rest of the site is the customer’s', async () => {
    const home = await (await get('/blog/')).text();
    const own = await (await get('/')).text();

    expect(own).toContain('The customer’s own home page');
    expect(home).toContain('<link rel="canonical" href="https://' + domain + '/blog/">');
    const links = [...home.matchAll(/(?:href|src)="([^"]+)"/g)].map((found) => found[1]!);
    const local = links.filter((link) => link.startsWith('/'));
    expect(local.length).toBeGreaterThan(2);
    for (const link of local) expect(link.startsWith('/blog/')).toBe(true);
    for (const link of links.filter((link) => link.startsWith('http'))) expect(link.startsWith(`https://${domain}/blog/`)).toBe(true);
    // Every local link answers through the proxy.
    for (const link of new Set(local)) expect((await get(link)).status, link).toBe(200);
  });

  it('keeps the post page, its cover, tag links, feed and sitemap under the base path', async () => {
    const page = await (await get(`/blog/${post.slug}`)).text();
    const rss = await (await get('/blog/rss.xml')).text();
    const sitemap = await (await get('/blog/sitemap.xml')).text();
    const robots = await (await get('/blog/robots.txt')).text();

    expect(page).toContain(`<link rel="canonical" href="https://${domain}/blog/${post.slug}">`);
    expect(page).toMatch(/<img class="cover" src="\/blog\/media\/[0-9a-f-]{36}"/);
    expect(page).toContain('href="/blog/tag/paths"');
    expect(rss).toContain(`<link>https://${domain}/blog/${post.slug}</link>`);
    expect(sitemap).toContain(`<loc>https://${domain}/blog/${post.slug}</loc>`);
    for (const [, loc] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) expect(loc!.startsWith(`https://${domain}/blog/`)).toBe(true);
    expect(robots).toContain(`Sitemap: https://${domain}/blog/sitemap.xml`);
  });

  it('redirects the bare base path and serves nothing outside it on the blog host', async () => {
    const bare = await get('/blog');
    const outside = await fetch(`${server.origin}/${post.slug}`, { headers: { host: blog.host } });

    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/blog/');
    expect(outside.status).toBe(404);
  });

  it('believes X-Forwarded-Host only from the trusted proxy', async () => {
    const direct = await testApp({}, undefined, { dns }).request(`/blog/${post.slug}`, { headers: { host: 'localhost', 'x-forwarded-host': domain } });

    expect(direct.status).toBe(404);
  });
});
