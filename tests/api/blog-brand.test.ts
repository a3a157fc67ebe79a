// The hosted blog in the project's brand: PATCH /api/projects/{id} sets its logo, accent colour and base path, the
// served pages show them, bad values are refused with a clear message and change nothing, and the change drops the
// cached pages of a second app instance (another server process) through the change feed.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPost, newBlog, visit, type Blog } from './blog-support.ts';
import { driftFrom } from './documented.ts';
import { call, secondInstance, signInUser, testApp, testFeed, testSql } from './helpers.ts';

const app = testApp();
const { app: second, feed, caches, settled } = secondInstance('inkpilot-brand-second-instance');

beforeAll(async () => {
  await Promise.all([feed.ready, testFeed().ready]); // pages are cached only while the change feed listens
});
afterAll(async () => feed.stop());

const patch = (blog: Blog, body: unknown, token = blog.owner.token) =>
  call(app, 'PATCH', `/api/projects/${blog.projectId}`, { token, body });
const stored = async (blog: Blog) =>
  (
    await testSql()`select blog_logo_url, blog_accent_color, blog_base_path from projects where id = ${blog.projectId}`
  )[0] as {
    blog_logo_url: string | null;
    blog_accent_color: string;
    blog_base_path: string;
  };
const styleHash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

async function newImage(projectId: string, contentType = 'image/png'): Promise<string> {
  const [row] =
    await testSql()`insert into media (project_id, content_type, body) values (${projectId}, ${contentType}, ${Buffer.from('logo bytes')}) returning id`;
  return row!.id as string;
}

describe('blog brand settings', () => {
  it('an owner sets an https logo and a colour: every page of the blog shows them, and its CSP allows the colour', async () => {
    const blog = await newBlog(app, 'Teal Bakery');
    const post = await addPost(blog, { title: 'Branded' });

    const saved = await patch(blog, {
      blog_logo_url: ' https://cdn.acme-test.com/brand/logo.png ',
      blog_accent_color: '#0F766E',
    });
    const home = await visit(app, blog.host, '/');
    const page = await visit(app, blog.host, `/${post.slug}`);

    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      blog_logo_url: 'https://cdn.acme-test.com/brand/logo.png',
      blog_accent_color: '#0f766e',
      blog_base_path: '',
    });
    expect(driftFrom('patch', '/api/projects/{id}', 200, saved.body)).toBeUndefined(); // the answer /api/openapi.json documents
    for (const answer of [home, page]) {
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('<style>:root{--accent:#0f766e}</style>');
      expect(answer.text).toContain(
        '<img src="https://cdn.acme-test.com/brand/logo.png" alt="" width="32" height="32">Teal Bakery</a>',
      );
      expect(answer.headers.get('content-security-policy')).toContain(styleHash(':root{--accent:#0f766e}'));
    }
  });

  it('takes an image the project stores as the logo, by id or /api/media path, and serves it from the blog host', async () => {
    const blog = await newBlog(app, 'Media Logo Co');
    const image = await newImage(blog.projectId);

    const byId = await patch(blog, { blog_logo_url: image.toUpperCase() });
    const byPath = await patch(blog, { blog_logo_url: `/api/media/${image}` });
    const home = await visit(app, blog.host, '/');
    const logo = await visit(app, blog.host, `/media/${image}`);

    expect(byId.status).toBe(200);
    expect(byId.body.blog_logo_url).toBe(`/api/media/${image}`);
    expect(byPath.body.blog_logo_url).toBe(`/api/media/${image}`);
    expect(home.text).toContain(`<img src="/media/${image}" alt="" width="32" height="32">`);
    expect(logo.status).toBe(200);
    expect(logo.text).toBe('logo bytes');
  });

  it('removes the logo with null or an empty text', async () => {
    const blog = await newBlog(app, 'No Logo Co');
    await patch(blog, { blog_logo_url: 'https://cdn.acme-test.com/a.png' });

    const cleared = await patch(blog, { blog_logo_url: null });
    await patch(blog, { blog_logo_url: 'https://cdn.acme-test.com/b.png' });
    const emptied = await patch(blog, { blog_logo_url: '' });
    const home = await visit(app, blog.host, '/');

    expect(cleared.body.blog_logo_url).toBeNull();
    expect(emptied.body.blog_logo_url).toBeNull();
    expect(home.text).not.toContain('<img');
  });

  it('refuses a colour that is not #rrggbb or is too light on white, with the reason, and changes nothing', async () => {
    const blog = await newBlog(app, 'Pale Co');
    await patch(blog, { blog_accent_color: '#1d4ed8' });

    const named = await patch(blog, { blog_accent_color: 'red' });
    const short = await patch(blog, { blog_accent_color: '#fff' });
    const yellow = await patch(blog, { blog_accent_color: '#FFFF00' });
    // #949494 is 3.0:1 on white: enough for large text, not for links in running text.
    const grey = await patch(blog, { blog_accent_color: '#949494' });
    const home = await visit(app, blog.host, '/');

    expect(named.status).toBe(422);
    expect(named.body.detail).toEqual([
      {
        loc: ['body', 'blog_accent_color'],
        msg: 'Please enter a colour as #rrggbb, like #4f46e5.',
        type: 'value_error',
      },
    ]);
    expect(driftFrom('patch', '/api/projects/{id}', 422, named.body)).toBeUndefined();
    expect(short.body.detail[0].msg).toBe('Please enter a colour as #rrggbb, like #4f46e5.');
    expect(yellow.status).toBe(422);
    expect(yellow.body.detail[0].msg).toBe(
      "#ffff00 is too light on the blog's white page (contrast 1.0:1); links and buttons need at least 4.5:1. Choose a darker colour.",
    );
    expect(grey.body.detail[0].msg).toBe(
      "#949494 is too light on the blog's white page (contrast 3.0:1); links and buttons need at least 4.5:1. Choose a darker colour.",
    );
    expect((await stored(blog)).blog_accent_color).toBe('#1d4ed8');
    expect(home.text).toContain(':root{--accent:#1d4ed8}');
  });

  it("refuses a logo that is not https or not this project's image, and a whole request with one bad field changes nothing", async () => {
    const blog = await newBlog(app, 'Strict Logo Co');
    const other = await newBlog(app, 'Someone Else');
    const theirs = await newImage(other.projectId);
    const notAnImage = await newImage(blog.projectId, 'application/pdf');
    const logo =
      'Please enter the logo as an https:// address of an image, or the id of an image stored in this project.';

    const answers = {
      http: await patch(blog, { blog_logo_url: 'http://cdn.acme-test.com/logo.png' }),
      script: await patch(blog, { blog_logo_url: 'javascript:alert(1)' }),
      data: await patch(blog, { blog_logo_url: 'data:image/png;base64,AAAA' }),
      words: await patch(blog, { blog_logo_url: 'our logo' }),
      theirs: await patch(blog, { blog_logo_url: theirs }),
      pdf: await patch(blog, { blog_logo_url: `/api/media/${notAnImage}` }),
      mixed: await patch(blog, { blog_accent_color: '#065f46', blog_logo_url: 'ftp://cdn.acme-test.com/logo.png' }),
    };

    for (const key of ['http', 'script', 'data', 'words'] as const) {
      expect(answers[key].status, key).toBe(422);
      expect(answers[key].body.detail, key).toEqual([
        { loc: ['body', 'blog_logo_url'], msg: logo, type: 'value_error' },
      ]);
    }
    expect(answers.theirs.body.detail[0].msg).toBe('No image with that id in this project.');
    expect(answers.pdf.body.detail[0].msg).toBe('No image with that id in this project.');
    expect(answers.mixed.status).toBe(422);
    expect(await stored(blog)).toEqual({ blog_logo_url: null, blog_accent_color: '#4f46e5', blog_base_path: '' });
  });

  it('sets the base path of subpath mode only on a custom domain; the blog then answers under it', async () => {
    const blog = await newBlog(app, 'Path Co');
    const post = await addPost(blog, { title: 'Under blog' });

    const withoutDomain = await patch(blog, { blog_base_path: '/blog' });
    await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain`, {
      token: blog.owner.token,
      body: { domain: `path-${Date.now()}.acme-test.com` },
    });
    const badPath = await patch(blog, { blog_base_path: '/../etc' });
    const saved = await patch(blog, { blog_base_path: 'News/' });
    const view = await call(app, 'GET', `/api/projects/${blog.projectId}/custom-domain`, { token: blog.owner.token });
    const underPath = await visit(app, blog.host, `/news/${post.slug}`);
    const atRoot = await visit(app, blog.host, `/${post.slug}`);
    const back = await patch(blog, { blog_base_path: '' });

    expect(withoutDomain.status).toBe(422);
    expect(withoutDomain.body.detail).toEqual([
      {
        loc: ['body', 'blog_base_path'],
        msg: 'Connect a custom domain first: the path is a path on that domain.',
        type: 'value_error',
      },
    ]);
    expect(badPath.body.detail[0].msg).toBe('Please enter a valid path, like /blog.');
    expect(saved.status).toBe(200);
    expect(saved.body.blog_base_path).toBe('/news');
    expect(view.body.base_path).toBe('/news');
    expect(underPath.status).toBe(200);
    expect(underPath.text).toContain(`<link rel="canonical" href="http://${blog.host}/news/${post.slug}">`);
    expect(atRoot.status).toBe(404);
    expect(back.body.blog_base_path).toBe('');
    expect((await visit(app, blog.host, `/${post.slug}`)).status).toBe(200);
  });

  it('a viewer cannot change the brand (403) and someone outside the project gets 404; nothing changes', async () => {
    const blog = await newBlog(app, 'Guarded Co');
    const viewer = await signInUser();
    const outsider = await signInUser();
    await call(app, 'GET', '/api/users/me/', { token: viewer.token });
    await call(app, 'GET', '/api/users/me/', { token: outsider.token });
    await testSql()`insert into project_members (project_id, user_id, role) select ${blog.projectId}, id, 'viewer' from users where external_id = ${viewer.uid}`;

    const asViewer = await patch(blog, { blog_accent_color: '#000000' }, viewer.token);
    const asOutsider = await patch(blog, { blog_accent_color: '#000000' }, outsider.token);

    expect(asViewer.status).toBe(403);
    expect(asOutsider.status).toBe(404);
    expect((await stored(blog)).blog_accent_color).toBe('#4f46e5');
  });

  it("a brand change drops the blog's cached pages in another server process at commit", async () => {
    const blog = await newBlog(app, 'Cached Brand Co');
    const post = await addPost(blog, { title: 'Kept in memory' });
    const key = `${blog.host.replace(/:\d+$/, '')}/${post.slug}`;
    await settled(); // the inserts' own notifications must not be what empties the cache below
    const before = await visit(second, blog.host, `/${post.slug}`);
    expect(caches.blogPages.get(key)).toBeDefined();

    const saved = await patch(blog, {
      blog_accent_color: '#9f1239',
      blog_logo_url: 'https://cdn.acme-test.com/new-logo.svg',
    });
    await settled(); // the second instance has heard the change, and nothing after it
    const dropped = caches.blogPages.get(key);
    const after = await visit(second, blog.host, `/${post.slug}`, { 'if-none-match': before.headers.get('etag')! });

    expect(saved.status).toBe(200);
    expect(before.text).toContain(':root{--accent:#4f46e5}');
    expect(dropped).toBeUndefined();
    expect(after.status).toBe(200);
    expect(after.text).toContain(':root{--accent:#9f1239}');
    expect(after.text).toContain('<img src="https://cdn.acme-test.com/new-logo.svg"');
    expect(caches.blogPages.get(key)).toBeDefined(); // the new page is kept again
  });
});
