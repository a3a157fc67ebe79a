// The blog's page cache across processes: a second app instance with its own change feed and caches, as another
// server process has, drops a post's pages when it is unpublished or edited anywhere. Post changes reach the caches
// through the lifecycle's outbox, whose consumer (this file's job runner) announces them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Change } from '../../api/db/change-feed.ts';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { addPost, httpRequest, newBlog, visit } from './blog-support.ts';
import { call, secondInstance, testApp, testFeed, testJobs, testQueuePrefix, testSql } from './helpers.ts';

let runner: JobRunner;
let first: ReturnType<typeof testApp>;
const { app: second, feed, caches, config, settled } = secondInstance('inkpilot-second-instance');

beforeAll(async () => {
  runner = await testJobs();
  first = testApp({ JOBS_QUEUE_PREFIX: testQueuePrefix() }, runner);
  await Promise.all([feed.ready, testFeed().ready]);
});
afterAll(async () => {
  await feed.stop();
  await runner.stop();
});

/** Resolves when the second instance's feed reports a change of that project's blog. */
function blogChange(projectId: string): Promise<Change> {
  return new Promise((resolve) =>
    feed.subscribe((change) => change.kind === 'blog' && change.key === projectId && resolve(change)),
  );
}

describe('page cache across instances', () => {
  it('unpublishing removes the post everywhere, including pages the second instance had cached', async () => {
    const blog = await newBlog(first);
    const keep = await addPost(blog, { title: 'Stays up' });
    const post = await addPost(blog, { title: 'Going away', tags: ['soon'] });
    const paths = ['/', `/${post.slug}`, '/rss.xml', '/sitemap.xml', '/tag/soon'];
    await settled(); // the inserts' own notifications must not be what empties the cache below
    for (const path of paths) expect((await visit(second, blog.host, path)).status).toBe(200);
    for (const path of paths)
      expect(caches.blogPages.get(`${blog.host.replace(/:\d+$/, '')}${path}`), path).toBeDefined();

    const changed = blogChange(blog.projectId);
    const unpublished = await call(first, 'POST', `/api/blogs/posts/post/${post.id}/unpublish`, {
      token: blog.owner.token,
    });
    await changed;

    const page = await visit(second, blog.host, `/${post.slug}`);
    const home = await visit(second, blog.host, '/');
    const rss = await visit(second, blog.host, '/rss.xml');
    const sitemap = await visit(second, blog.host, '/sitemap.xml');
    const tag = await visit(second, blog.host, '/tag/soon');
    const firstInstance = await visit(first, blog.host, `/${post.slug}`);
    expect(unpublished.status).toBe(200);
    expect(page.status).toBe(404);
    expect(tag.status).toBe(404);
    expect(firstInstance.status).toBe(404);
    for (const answer of [home, rss, sitemap]) {
      expect(answer.text).not.toContain(post.slug);
      expect(answer.text).toContain(keep.slug);
    }
  });

  it('an edit shows on the second instance at once, with a new ETag', async () => {
    const blog = await newBlog(first);
    const post = await addPost(blog, { title: 'Before', markdown: 'Old words.' });
    const key = `${blog.host.replace(/:\d+$/, '')}/${post.slug}`;
    await settled(); // the insert's own notification must not be what empties the cache below
    const before = await visit(second, blog.host, `/${post.slug}`);
    expect(caches.blogPages.get(key)).toBeDefined();

    const changed = blogChange(blog.projectId);
    const edited = await call(first, 'PATCH', `/api/blogs/posts/post/${post.id}`, {
      token: blog.owner.token,
      body: { version: 1, title: 'After', markdown: 'New words.' },
    });
    await changed; // the second instance has heard the edit
    const dropped = caches.blogPages.get(key);
    const after = await visit(second, blog.host, `/${post.slug}`, { 'if-none-match': before.headers.get('etag')! });

    expect(edited.status).toBe(200);
    expect(before.text).toContain('Old words.');
    expect(dropped).toBeUndefined();
    expect(after.status).toBe(200);
    expect(after.text).toContain('<h1>After</h1>');
    expect(after.text).toContain('New words.');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it('a domain change reaches the second instance: the canonical follows it and the domain is served', async () => {
    const blog = await newBlog(first);
    const post = await addPost(blog, {});
    const domain = `moved-${Math.random().toString(36).slice(2, 8)}.acme-test.com`;
    const key = `${blog.host.replace(/:\d+$/, '')}/${post.slug}`;
    await settled(); // the inserts' own notifications must not be what empties the caches below
    const before = await visit(second, blog.host, `/${post.slug}`);
    const domainBefore = await visit(second, domain, `/${post.slug}`);
    expect(caches.blogPages.get(key)).toBeDefined();
    expect(caches.blogHosts.known(domain)).toEqual({ kind: 'closed' });

    await testSql()`update projects set custom_blog_domain = ${domain}, custom_blog_domain_status = 'verified' where id = ${blog.projectId}`;
    await settled(); // the second instance has heard the change, and nothing after it
    const dropped = caches.blogPages.get(key);
    const after = await visit(second, blog.host, `/${post.slug}`);
    const onDomain = await visit(second, domain, `/${post.slug}`);

    expect(before.text).toContain(`<link rel="canonical" href="http://${blog.host}/${post.slug}">`);
    expect(domainBefore.status).toBe(404);
    expect(dropped).toBeUndefined();
    expect(after.text).toContain(`<link rel="canonical" href="https://${domain}/${post.slug}">`);
    expect(onDomain.status).toBe(200);
  });
});

describe('the fast path before Hono', () => {
  it('answers a cached page straight from Node (304 too) and the 404 of a host known to serve no blog; leaves the rest to the app', async () => {
    const { createServer } = await import('node:http');
    const { serveCachedBlogPage } = await import('../../api/blog/handler.ts');
    const blog = await newBlog(first);
    const post = await addPost(blog, {});
    await settled();
    const full = await visit(second, blog.host, `/${post.slug}`, { 'accept-encoding': 'br' });
    const unknownHost = `nobody-${Math.random().toString(36).slice(2, 8)}.example.net`;
    await visit(second, unknownHost, '/'); // judged once by the full path; the fast path answers it from then on
    const server = createServer((request, response) => {
      if (serveCachedBlogPage({ caches, config }, request, response)) return;
      response.writeHead(599);
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const origin = `http://127.0.0.1:${port}`;
    const ask = (path: string, headers: Record<string, string>, host = blog.host) =>
      httpRequest(origin, host, path, { headers });
    try {
      const hit = await ask(`/${post.slug}?utm=x`, { 'accept-encoding': 'br' });
      const notModified = await ask(`/${post.slug}`, { 'if-none-match': full.headers.get('etag')! });
      const miss = await ask('/never-rendered', {});
      const forwarded = await ask(`/${post.slug}`, { 'x-forwarded-host': 'elsewhere.example.com' });
      const closed = await ask('/anything', {}, unknownHost);
      const notYetJudged = await ask('/', {}, `other-${unknownHost}`);
      const appHost = await ask('/', {}, `127.0.0.1:${port}`);

      expect(hit.status).toBe(200);
      expect(hit.bytes.equals(full.bytes)).toBe(true);
      expect(notModified.status).toBe(304);
      expect(miss.status).toBe(599);
      expect(forwarded.status).toBe(200); // from a peer that is not a trusted proxy, X-Forwarded-Host is ignored
      expect(forwarded.text).toContain(`<link rel="canonical"`);
      expect(closed.status).toBe(404);
      expect(closed.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(closed.text).toBe('Not found');
      expect(notYetJudged.status).toBe(599);
      expect(appHost.status).toBe(599);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the fast path behind a trusted proxy', () => {
  it('keeps serving cached pages when the proxy sends X-Forwarded-Host (Caddy always does), by that host', async () => {
    const { createServer } = await import('node:http');
    const { serveCachedBlogPage } = await import('../../api/blog/handler.ts');
    const { loadConfig } = await import('../../api/config.ts');
    const blog = await newBlog(first);
    const post = await addPost(blog, {});
    await settled();
    const full = await visit(second, blog.host, `/${post.slug}`, { 'accept-encoding': 'br' });
    const behindProxy = { ...config, TRUSTED_PROXIES: loadConfig({ TRUSTED_PROXIES: '127.0.0.1' }).TRUSTED_PROXIES };
    const server = createServer((request, response) => {
      if (serveCachedBlogPage({ caches, config: behindProxy }, request, response)) return;
      response.writeHead(599);
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const proxied = await httpRequest(origin, 'upstream.internal', `/${post.slug}`, {
        headers: { 'accept-encoding': 'br', 'x-forwarded-host': blog.host },
      });
      const forgedFirstHop = await httpRequest(origin, 'upstream.internal', `/${post.slug}`, {
        headers: { 'x-forwarded-host': `${blog.host}, nobody.example.net` },
      });

      expect(proxied.status).toBe(200);
      expect(proxied.bytes.equals(full.bytes)).toBe(true);
      expect(forgedFirstHop.status).toBe(599); // the proxy's own (last) value counts, and no page is kept for it
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
