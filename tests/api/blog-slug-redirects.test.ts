// Stable addresses on the hosted blog (issue 28): a live post whose slug changes keeps its old address as a 301 to
// the new one; a chain of changes leads straight to the current address; a post that takes an old slug wins; the
// sitemap lists only current addresses. Everything goes through the posts routes, as the editor does it.
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeDns, newBlog, verifiedDomain, visit, type Blog } from './blog-support.ts';
import { call, testApp, testFeed, testSql } from './helpers.ts';

const dns = fakeDns();
const app = testApp({}, undefined, { dns });

beforeAll(async () => {
  await testFeed().ready;
});

/** A post written and published through the routes; `slug` changes it by PATCH like the editor's Save changes. */
async function livePost(blog: Blog, title: string) {
  const token = blog.owner.token;
  const created = await call(app, 'POST', `/api/blogs/posts/project/${blog.projectId}`, {
    token,
    body: { title, markdown: `About ${title}.` },
  });
  const id = created.body.id as string;
  let version = (await call(app, 'POST', `/api/blogs/posts/post/${id}/publish`, { token })).body.version as number;
  const post = {
    id,
    async slug(slug: string) {
      const saved = await call(app, 'PATCH', `/api/blogs/posts/post/${id}`, { token, body: { version, slug } });
      expect(saved.status).toBe(200);
      version = saved.body.version;
    },
    async status(action: 'publish' | 'unpublish') {
      const changed = await call(app, 'POST', `/api/blogs/posts/post/${id}/${action}`, { token, body: { version } });
      expect(changed.status).toBe(200);
      version = changed.body.version;
    },
  };
  return post;
}

const sitemapPaths = (xml: string) =>
  [...xml.matchAll(/<loc>[^<]*?\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((found) => found[1] ?? '');

describe('stable URLs', () => {
  it('answers the old address of a live post with a 301 to the new one; the sitemap lists only the new', async () => {
    const blog = await newBlog(app);
    const post = await livePost(blog, 'Bread basics');

    await post.slug('sourdough-basics');
    const old = await visit(app, blog.host, '/bread-basics');
    const oldWithSlash = await visit(app, blog.host, '/bread-basics/');
    const now = await visit(app, blog.host, '/sourdough-basics');
    const sitemap = await visit(app, blog.host, '/sitemap.xml');

    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/sourdough-basics');
    expect(oldWithSlash.headers.get('location')).toBe('/sourdough-basics');
    expect(now.status).toBe(200);
    expect(now.text).toContain('<h1>Bread basics</h1>');
    expect(sitemapPaths(sitemap.text)).toContain('/sourdough-basics');
    expect(sitemapPaths(sitemap.text)).not.toContain('/bread-basics');
  });

  it('collapses a chain: every earlier address leads straight to the current one', async () => {
    const blog = await newBlog(app);
    const post = await livePost(blog, 'First name');

    await post.slug('second-name');
    await post.slug('third-name');
    const first = await visit(app, blog.host, '/first-name');
    const second = await visit(app, blog.host, '/second-name');
    const sitemap = await visit(app, blog.host, '/sitemap.xml');

    expect([first.status, second.status]).toEqual([301, 301]);
    expect(first.headers.get('location')).toBe('/third-name');
    expect(second.headers.get('location')).toBe('/third-name');
    expect(sitemapPaths(sitemap.text).filter((path) => path.endsWith('-name'))).toEqual(['/third-name']);
  });

  it('a post that takes an old address wins over the redirect; when it leaves, the redirect is back', async () => {
    const blog = await newBlog(app);
    const moved = await livePost(blog, 'Rye bread');
    await moved.slug('rye-loaves');
    const newcomer = await livePost(blog, 'Rye bread for beginners');

    await newcomer.slug('rye-bread');
    const taken = await visit(app, blog.host, '/rye-bread');
    await newcomer.status('unpublish');
    const freed = await visit(app, blog.host, '/rye-bread');

    expect(taken.status).toBe(200);
    expect(taken.text).toContain('<h1>Rye bread for beginners</h1>');
    expect(freed.status).toBe(301);
    expect(freed.headers.get('location')).toBe('/rye-loaves');
  });

  it('a post moved while off the blog keeps its last live address when it goes live again; drafts leave none', async () => {
    const blog = await newBlog(app);
    const post = await livePost(blog, 'Seasonal loaves');
    await post.status('unpublish');
    await post.slug('autumn-loaves');
    const whileDraft = await visit(app, blog.host, '/seasonal-loaves');
    await post.slug('autumn-loaves-2');
    await post.status('publish');
    const live = await visit(app, blog.host, '/seasonal-loaves');
    const kept = await testSql()`select old_slug from blog_slug_redirects where post_id = ${post.id} order by old_slug`;

    expect(whileDraft.status).toBe(404); // a draft is not on the blog, at any address
    expect(live.status).toBe(301);
    expect(live.headers.get('location')).toBe('/autumn-loaves-2');
    // Only addresses the post was live under are kept, not each slug typed while it was a draft.
    expect(kept.map((row) => row.old_slug)).toEqual(['seasonal-loaves']);
  });

  it('a deleted post takes its old addresses with it', async () => {
    const blog = await newBlog(app);
    const post = await livePost(blog, 'Gone soon');
    await post.slug('gone-now');

    await call(app, 'DELETE', `/api/blogs/posts/post/${post.id}`, { token: blog.owner.token });
    const old = await visit(app, blog.host, '/gone-soon');

    expect(old.status).toBe(404);
    expect((await testSql()`select 1 from blog_slug_redirects where post_id = ${post.id}`).length).toBe(0);
  });

  it('redirects under the base path of a blog served at customer.com/blog', async () => {
    const blog = await newBlog(app);
    const domain = `moved-${Math.random().toString(36).slice(2, 8)}.acme-test.com`;
    await verifiedDomain(app, dns, blog, domain, '/blog');
    const post = await livePost(blog, 'Under a path');

    await post.slug('under-the-path');
    const old = await visit(app, domain, '/blog/under-a-path');

    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/blog/under-the-path');
  });
});
