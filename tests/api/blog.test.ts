import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { auditPages, formatFindings, validateSitemap } from '../../src/lib/seo/audit/index.ts';
import { activeParts, XSS_CASES } from '../fixtures/xss-cases.ts';
import { addPost, fakeDns, newBlog, verifiedDomain, visit } from './blog-support.ts';
import { call, testApp, testFeed, testSql } from './helpers.ts';

const dns = fakeDns();
// With a site mounted (its landing page at /), so a 404 on / can only come from host routing.
// tests/api/blog-hosts.test.ts checks the same over real HTTP through api/server.ts.
const app = testApp({}, undefined, { dns, clientDir: 'tests/fixtures/app-site/client' });
const LANDING = 'The app’s landing page';

beforeAll(async () => {
  await testFeed().ready; // pages are cached only while the change feed listens
});

const uniqueDomain = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}.acme-test.com`;

describe('host routing', () => {
  it('serves a project blog on its subdomain, whatever the case of the host or a trailing dot', async () => {
    const blog = await newBlog(app, 'Crumb Journal');
    const post = await addPost(blog, { title: 'Sourdough basics' });

    const home = await visit(app, blog.host, '/');
    const shouted = await visit(app, `${blog.slug.toUpperCase()}.Blogs.LocalHost.:4321`, `/${post.slug}`);

    expect(home.status).toBe(200);
    expect(home.text).toContain('Crumb Journal');
    expect(home.text).toContain(`href="/${post.slug}"`);
    expect(shouted.status).toBe(200);
    expect(shouted.text).toContain('<h1>Sourdough basics</h1>');
  });

  it('answers a plain 404 for an unknown slug, an unknown host and an unverified domain, never a default blog or the app', async () => {
    const blog = await newBlog(app);
    await addPost(blog, { title: 'Only mine' });
    const domain = uniqueDomain('pending');
    await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain`, {
      token: blog.owner.token,
      body: { domain },
    });

    const onApp = await visit(app, 'localhost:4321', '/');
    const unknownSlug = await visit(app, 'no-such-blog-xyz.blogs.localhost:4321', '/');
    const unknownHost = await visit(app, 'unknown.example.net', '/');
    const unverified = await visit(app, domain, '/');

    expect(onApp.text).toContain(LANDING); // the site is there for app hosts
    for (const answer of [unknownSlug, unknownHost, unverified]) {
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(answer.text).toBe('Not found');
    }
  });

  it('serves a verified custom domain, canonical on it', async () => {
    const blog = await newBlog(app);
    const post = await addPost(blog, { title: 'On my domain' });
    const domain = uniqueDomain('blog');
    await verifiedDomain(app, dns, blog, domain);

    const page = await visit(app, `${domain.toUpperCase()}.`, `/${post.slug}`);
    const onSubdomain = await visit(app, blog.host, `/${post.slug}`);

    expect(page.status).toBe(200);
    expect(page.text).toContain(`<link rel="canonical" href="https://${domain}/${post.slug}">`);
    // The canonical comes from the stored domain, never the request's Host.
    expect(onSubdomain.text).toContain(`<link rel="canonical" href="https://${domain}/${post.slug}">`);
  });

  it('ignores X-Forwarded-Host from a peer that is not a trusted proxy', async () => {
    const blog = await newBlog(app);
    await addPost(blog, { title: 'Not for spoofers' });

    const spoofed = await visit(app, 'localhost:4321', '/', { 'x-forwarded-host': blog.host });

    expect(spoofed.status).toBe(200);
    expect(spoofed.text).toContain(LANDING);
    expect(spoofed.text).not.toContain('Not for spoofers');
  });

  it('answers nothing but the blog on a blog host: the API is not there', async () => {
    const blog = await newBlog(app);

    const api = await visit(app, blog.host, '/api/health');

    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('text/html');
    expect(api.text).toContain('Page not found');
  });
});

describe('pages', () => {
  it('pages the home list, lists a tag, names the author, links prev and next', async () => {
    const blog = await newBlog(app);
    const base = Date.now() - 1000 * 60 * 60;
    const posts = [];
    for (let index = 0; index < 12; index += 1) {
      posts.push(
        await addPost(blog, {
          title: `Entry ${index}`,
          tags: index % 2 ? ['bread'] : ['cake'],
          publishedAt: new Date(base + index * 1000),
        }),
      );
    }

    const first = await visit(app, blog.host, '/');
    const second = await visit(app, blog.host, '/page/2');
    const beyond = await visit(app, blog.host, '/page/3');
    const tag = await visit(app, blog.host, '/tag/bread');
    const middle = await visit(app, blog.host, `/${posts[5]!.slug}`);

    expect(first.text).toContain('Entry 11');
    expect(first.text).not.toContain('Entry 1<');
    expect(first.text).toContain('href="/page/2" rel="next"');
    expect(second.text).toContain('Entry 0');
    expect(second.text).toContain('rel="prev"');
    expect(beyond.status).toBe(404);
    expect(tag.text).toContain('Entry 11');
    expect(tag.text).not.toContain('Entry 10');
    expect(middle.text).toContain('by <span class="author">Ada Baker</span>');
    expect(middle.text).toContain(`<link rel="prev" href="http://${blog.host}/${posts[4]!.slug}">`);
    expect(middle.text).toContain(`<link rel="next" href="http://${blog.host}/${posts[6]!.slug}">`);
  });

  it('gives a post page its SEO: title, description, canonical, Open Graph with the cover, JSON-LD, lang', async () => {
    const blog = await newBlog(app);
    const [media] =
      await testSql()`insert into media (project_id, content_type, body) values (${blog.projectId}, 'image/svg+xml', ${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"/>')}) returning id`;
    const post = await addPost(blog, {
      title: 'Le pain',
      markdown: '# Le levain\n\nDu texte.',
      lang: 'fr',
      cover: `/api/media/${media!.id}`,
      description: 'Tout sur le pain au levain, de la farine au four : le levain, le pétrissage et la cuisson.',
    });

    const page = await visit(app, blog.host, `/${post.slug}`);
    const cover = await visit(app, blog.host, `/media/${media!.id}`);
    const url = `http://${blog.host}/${post.slug}`;

    expect(page.text).toContain('<html lang="fr" dir="ltr">');
    expect(page.text).toContain('<title>Le pain</title>');
    // Link previews get the cover's raster copy (issue 28: social networks ignore an SVG og:image).
    const [raster] = await testSql()`select id from media where raster_of = ${media!.id}`;
    expect(page.text).toContain(`<meta property="og:image" content="http://${blog.host}/media/${raster!.id}">`);
    expect(page.text).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(page.text).toContain(`<img class="cover" src="/media/${media!.id}"`);
    const graphs = [...page.text.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].flatMap((found) =>
      JSON.parse(found[1]!),
    );
    expect(graphs.map((graph: { '@type': string }) => graph['@type'])).toEqual(['BlogPosting', 'BreadcrumbList']);
    expect(graphs[0]).toMatchObject({
      headline: 'Le pain',
      inLanguage: 'fr',
      url,
      image: `http://${blog.host}/media/${raster!.id}`,
    });
    expect(page.text.match(/<h1/g)).toHaveLength(1); // a `# heading` in the body is demoted under the title
    expect(formatFindings(auditPages([{ url, html: page.text }]))).toBe('');
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/svg+xml');
    expect(cover.headers.get('cache-control')).toContain('immutable');
  });

  it('serves RSS and a sitemap that parse as XML, robots.txt naming the sitemap, and a branded 404', async () => {
    const blog = await newBlog(app, 'Feed & <Friends>');
    await addPost(blog, { title: 'Ampersands & <angles>', tags: ['a&b'] });

    const rss = await visit(app, blog.host, '/rss.xml');
    const sitemap = await visit(app, blog.host, '/sitemap.xml');
    const robots = await visit(app, blog.host, '/robots.txt');
    const missing = await visit(app, blog.host, '/no-such-post');

    expect(rss.headers.get('content-type')).toContain('application/rss+xml');
    expect(
      (await validateXML({ xml: [{ fileName: 'rss.xml', contents: rss.text }], normalization: 'format' })).errors,
    ).toEqual([]);
    expect(rss.text).toContain('<title>Ampersands &amp; &lt;angles&gt;</title>');
    expect(await validateSitemap({ url: `http://${blog.host}/sitemap.xml`, xml: sitemap.text })).toEqual([]);
    expect(sitemap.text).toContain(`<loc>http://${blog.host}/tag/a%26b</loc>`);
    expect(robots.text).toContain(`Sitemap: http://${blog.host}/sitemap.xml`);
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Feed &amp; &lt;Friends&gt;');
    expect(missing.text).toContain('Page not found');
  });

  it('turns a video link into a click-to-load player and gives images a size and lazy loading', async () => {
    const blog = await newBlog(app);
    const post = await addPost(blog, {
      markdown:
        'Watch:\n\n[Our oven tour](https://www.youtube.com/watch?v=dQw4w9WgXcQ)\n\n![A loaf](https://images.example.com/loaf.jpg)',
    });

    const page = await visit(app, blog.host, `/${post.slug}`);

    expect(page.text).toMatch(
      /<a class="video-play" role="button" href="https:\/\/www\.youtube\.com\/watch\?v=dQw4w9WgXcQ" data-video="dQw4w9WgXcQ"[^>]*aria-label="Play video: Our oven tour">/,
    );
    expect(page.text).not.toContain('<iframe');
    expect(page.text).toMatch(
      /<img src="https:\/\/images\.example\.com\/loaf\.jpg" alt="A loaf"[^>]*loading="lazy"[^>]*width="1200" height="675"/,
    );
    expect(page.headers.get('content-security-policy')).toContain('frame-src https://www.youtube-nocookie.com');
    // The player's one script is the only script of the page, and the CSP allows exactly it.
    const scripts = [...page.text.matchAll(/<script>(.*?)<\/script>/gs)].map((found) => found[1]!);
    const { createHash } = await import('node:crypto');
    expect(scripts).toHaveLength(1);
    expect(page.headers.get('content-security-policy')).toContain(
      `script-src 'sha256-${createHash('sha256').update(scripts[0]!).digest('base64')}';`,
    );
  });
});

describe('security', () => {
  it('sends a strict CSP with no script, nosniff, a Referrer-Policy and never a cookie', async () => {
    const blog = await newBlog(app);
    const post = await addPost(blog, {});

    const page = await visit(app, blog.host, `/${post.slug}`);
    const csp = page.headers.get('content-security-policy') ?? '';

    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('set-cookie')).toBeNull();
    // Every style block the page holds is one the CSP allows by hash.
    const { createHash } = await import('node:crypto');
    for (const [, css] of page.text.matchAll(/<style>(.*?)<\/style>/gs))
      expect(csp).toContain(`'sha256-${createHash('sha256').update(css!).digest('base64')}'`);
  });

  it.each(XSS_CASES)('serves %s inert on the blog page', async (_name, markdown) => {
    const blog = await newBlog(app);
    const post = await addPost(blog, { title: 'Hostile content', markdown });

    const page = await visit(app, blog.host, `/${post.slug}`);
    const body = /<div class="content">([\s\S]*)<\/article>/.exec(page.text)?.[1];

    expect(page.status).toBe(200);
    expect(body).toBeDefined();
    expect(activeParts(body!), body).toEqual([]);
    expect(activeParts(page.text, { page: true })).toEqual([]);
  });

  it('renders text fields inert: project name, title, tags and description cannot open a script', async () => {
    const blog = await newBlog(app, '</title><script>alert(1)</script>');
    const post = await addPost(blog, {
      title: '"><script>alert(9)</script>',
      tags: ['"><script>alert(10)</script>'],
      description: '</script><script>alert(11)</script>',
    });

    const page = await visit(app, blog.host, `/${post.slug}`);
    const ld = [...page.text.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (found) => found[1]!,
    );

    expect(page.status).toBe(200);
    expect(activeParts(page.text, { page: true })).toEqual([]);
    expect(ld.join('')).not.toMatch(/<\/?script/i);
    expect(() => ld.map((text) => JSON.parse(text))).not.toThrow();
  });
});

describe('speed', () => {
  it('answers 304 to a matching ETag and sends gzip or brotli when asked, the same bytes', async () => {
    const blog = await newBlog(app);
    const post = await addPost(blog, { markdown: 'Long text. '.repeat(200) });

    const plain = await visit(app, blog.host, `/${post.slug}`);
    const br = await visit(app, blog.host, `/${post.slug}`, { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await visit(app, blog.host, `/${post.slug}`, { 'accept-encoding': 'gzip' });
    const again = await visit(app, blog.host, `/${post.slug}`, { 'if-none-match': plain.headers.get('etag')! });

    expect(plain.headers.get('cache-control')).toMatch(/public, max-age=\d+, stale-while-revalidate=\d+/);
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(br.bytes).toString()).toBe(plain.text);
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.bytes).toString()).toBe(plain.text);
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });
});
