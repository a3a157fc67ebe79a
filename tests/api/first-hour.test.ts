import { beforeAll, describe, expect, it } from 'vitest';
import { addPost, newBlog, visit } from './blog-support.ts';
import { call, signInUser, testApp, testFeed, testSql } from './helpers.ts';
import { driftFrom } from './documented.ts';

// Issue 26: naming things after the brand (rename, the blog's title and address), and what a post's title carries.
const app = testApp({}, undefined, { clientDir: 'tests/fixtures/app-site/client' });

beforeAll(async () => {
  await testFeed().ready;
});

const slugOf = async (projectId: string) =>
  ((await testSql()`select slug from projects where id = ${projectId}`)[0]!.slug as string) ?? '';

describe('renaming a project', () => {
  it('renames through PATCH (trimmed), and the blog is titled and addressed after the new name', async () => {
    const blog = await newBlog(app, 'Untitled Project');
    expect(blog.slug).toMatch(/^untitled-project/);

    const renamed = await call(app, 'PATCH', `/api/projects/${blog.projectId}`, {
      token: blog.owner.token,
      body: { name: '  Hearth & Crumb Bakery ', description: 'Sourdough in Portland' },
    });

    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Hearth & Crumb Bakery', description: 'Sourdough in Portland' });
    expect(driftFrom('patch', '/api/projects/{id}', 200, renamed.body)).toBeUndefined();
    const slug = await slugOf(blog.projectId);
    expect(slug).toMatch(/^hearth-crumb-bakery(-[0-9a-f]{6})?$/);
    const home = await visit(app, `${slug}.blogs.localhost:4321`, '/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('<title>Hearth &amp; Crumb Bakery');
    expect(home.text).not.toContain('Untitled Project');
    const list = await call(app, 'GET', '/api/projects/', { token: blog.owner.token });
    expect(list.body[0].name).toBe('Hearth & Crumb Bakery');
  });

  it('keeps the blog’s address once a post is published (links to it exist), while the title follows', async () => {
    const blog = await newBlog(app, 'Crumb Notes');
    await addPost(blog, { title: 'Live already' });

    await call(app, 'PATCH', `/api/projects/${blog.projectId}`, {
      token: blog.owner.token,
      body: { name: 'Crumb Journal' },
    });

    expect(await slugOf(blog.projectId)).toBe(blog.slug);
    const home = await visit(app, blog.host, '/');
    expect(home.text).toContain('Crumb Journal');
  });

  it('refuses an empty name with the spec message, and a stranger’s rename, changing nothing (roles: tests/api/roles.test.ts)', async () => {
    const blog = await newBlog(app, 'Keep Me');
    const stranger = await signInUser();

    const empty = await call(app, 'PATCH', `/api/projects/${blog.projectId}`, {
      token: blog.owner.token,
      body: { name: '   ', blog_accent_color: '#000000' },
    });
    const foreign = await call(app, 'PATCH', `/api/projects/${blog.projectId}`, {
      token: stranger.token,
      body: { name: 'Taken over' },
    });

    expect(empty.status).toBe(422);
    expect(empty.body.detail).toEqual([
      { loc: ['body', 'name'], msg: 'Project name is required.', type: expect.any(String) },
    ]);
    expect(foreign.status).toBe(404);
    const [row] = await testSql()`select name, blog_accent_color from projects where id = ${blog.projectId}`;
    expect(row).toMatchObject({ name: 'Keep Me', blog_accent_color: '#4f46e5' });
  });
});

describe('the blog title', () => {
  it('is the website’s name while the project still has the default name, and the project’s name once named', async () => {
    const blog = await newBlog(app, 'Untitled Project');
    await testSql()`update projects set brand_name = 'Hearth & Crumb Bakery' where id = ${blog.projectId}`;

    const branded = await visit(app, blog.host, '/');
    await call(app, 'PATCH', `/api/projects/${blog.projectId}`, { token: blog.owner.token, body: { name: 'Crumb' } });
    const named = await visit(app, `${await slugOf(blog.projectId)}.blogs.localhost:4321`, '/');

    expect(branded.text).toContain('Hearth &amp; Crumb Bakery');
    expect(branded.text).not.toContain('Untitled Project');
    expect(named.text).toContain('<title>Crumb');
  });
});

describe('a post’s title change', () => {
  async function draft(blog: Awaited<ReturnType<typeof newBlog>>, title: string) {
    const created = await call(app, 'POST', `/api/blogs/posts/project/${blog.projectId}`, {
      token: blog.owner.token,
      body: { title, markdown: 'Text.' },
    });
    expect(created.status).toBe(201);
    return created.body as { id: string; version: number; slug: string };
  }

  it('carries the meta title, the cover description and a drawn title cover, unless they were edited on purpose', async () => {
    const blog = await newBlog(app, 'Covers');
    const post = await draft(blog, 'Old title of the post');
    const [cover] = await testSql()`
      insert into media (project_id, content_type, body, cover_title)
      values (${blog.projectId}, 'image/svg+xml', ${Buffer.from('<svg/>')}, 'Old title of the post') returning id`;
    const set = await call(app, 'PATCH', `/api/blogs/posts/post/${post.id}`, {
      token: blog.owner.token,
      body: {
        version: post.version,
        meta_title: 'Old title of the post',
        cover_image_url: `/api/media/${cover!.id}`,
        cover_image_alt: 'Cover image for Old title of the post',
      },
    });

    const renamed = await call(app, 'PATCH', `/api/blogs/posts/post/${post.id}`, {
      token: blog.owner.token,
      body: { version: set.body.version, title: 'A much better title' },
    });

    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      title: 'A much better title',
      meta_title: 'A much better title',
      cover_image_alt: 'Cover image for A much better title',
    });
    expect(renamed.body.cover_image_url).toMatch(/^\/api\/media\/[0-9a-f-]{36}$/);
    expect(renamed.body.cover_image_url).not.toBe(`/api/media/${cover!.id}`);
    const media = await call(app, 'GET', renamed.body.cover_image_url);
    expect(media.status).toBe(200);
    expect(media.body).toContain('A much better title');
    expect(media.body).not.toContain('Old title');

    // Edited on purpose: a meta title of its own and an uploaded cover stay as they are.
    const own = await call(app, 'PATCH', `/api/blogs/posts/post/${post.id}`, {
      token: blog.owner.token,
      body: {
        version: renamed.body.version,
        meta_title: 'Hand-written meta',
        cover_image_url: 'https://images.example.com/photo.jpg',
      },
    });
    const again = await call(app, 'PATCH', `/api/blogs/posts/post/${post.id}`, {
      token: blog.owner.token,
      body: { version: own.body.version, title: 'Third title' },
    });
    expect(again.body).toMatchObject({
      meta_title: 'Hand-written meta',
      cover_image_url: 'https://images.example.com/photo.jpg',
      cover_image_alt: 'Cover image for Third title',
    });
  });

  it('leaves fields sent with the title to the caller', async () => {
    const blog = await newBlog(app, 'Senders');
    const post = await draft(blog, 'First');
    const meta = await call(app, 'PATCH', `/api/blogs/posts/post/${post.id}`, {
      token: blog.owner.token,
      body: { version: post.version, meta_title: 'First' },
    });

    const both = await call(app, 'PATCH', `/api/blogs/posts/post/${post.id}`, {
      token: blog.owner.token,
      body: { version: meta.body.version, title: 'Second', meta_title: 'Chosen meta' },
    });

    expect(both.body).toMatchObject({ title: 'Second', meta_title: 'Chosen meta' });
  });

  it('gives a long title a slug cut after a whole word', async () => {
    const blog = await newBlog(app, 'Slugs');
    const post = await draft(
      blog,
      'How a small neighbourhood bakery can grow its wholesale service their entire region without losing its soul',
    );

    expect(post.slug.length).toBeLessThanOrEqual(80);
    expect(post.slug).toBe('how-a-small-neighbourhood-bakery-can-grow-its-wholesale-service-their-entire');
  });
});
