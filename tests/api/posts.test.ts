import { describe, expect, it } from 'vitest';
import { driftFrom } from './documented.ts';
import { call, signInUser, testApp, testSql } from './helpers.ts';

type App = ReturnType<typeof testApp>;

async function ownerWithProject(app: App, name = 'Posts') {
  const user = await signInUser({ name: 'Ada Lovelace' });
  const project = await call(app, 'POST', '/api/projects/', { token: user.token, body: { name } });
  return { user, token: user.token, projectId: project.body.id as string };
}

async function member(app: App, projectId: string, role: 'viewer' | 'editor') {
  const user = await signInUser();
  await call(app, 'GET', '/api/users/me/', { token: user.token });
  await testSql()`
    insert into project_members (project_id, user_id, role) select ${projectId}, id, ${role} from users where external_id = ${user.uid}`;
  return user.token;
}

async function draft(app: App, token: string, projectId: string, body: Record<string, unknown> = {}) {
  const made = await call(app, 'POST', `/api/blogs/posts/project/${projectId}`, { token, body });
  if (made.status !== 201) throw new Error(`draft not created: ${JSON.stringify(made.body)}`);
  return made.body;
}

describe('creating and reading posts', () => {
  it('creates a draft with a slug from its title, rendered html, version 1 and the author, and reads it back', async () => {
    const app = testApp();
    const { token, projectId } = await ownerWithProject(app);

    const made = await call(app, 'POST', `/api/blogs/posts/project/${projectId}`, {
      token,
      body: { title: '  Bread Baking: A Guide! ', markdown: '# Hello\n\nSome **bold** text.' },
    });
    const read = await call(app, 'GET', `/api/blogs/posts/post/${made.body.id}`, { token });

    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      project_id: projectId,
      title: 'Bread Baking: A Guide!',
      slug: 'bread-baking-a-guide',
      markdown: '# Hello\n\nSome **bold** text.',
      status: 'draft',
      version: 1,
      published_at: null,
      cover_image_url: null,
      keywords: [],
      sources: [],
      author: { id: expect.any(String), name: 'Ada Lovelace' },
    });
    expect(made.body.html).toContain('<strong>bold</strong>');
    expect(read.status).toBe(200);
    expect(read.body).toEqual(made.body);
    expect(driftFrom('post', '/api/blogs/posts/project/{projectId}', 201, made.body)).toBeUndefined(); // the answers /api/openapi.json documents
    expect(driftFrom('get', '/api/blogs/posts/post/{id}', 200, read.body)).toBeUndefined();
    expect(Object.keys(read.body).sort()).toEqual(
      [
        'id',
        'project_id',
        'title',
        'slug',
        'markdown',
        'html',
        'excerpt',
        'meta_title',
        'meta_description',
        'cover_image_url',
        'cover_image_alt',
        'target_keyword',
        'keywords',
        'tags',
        'sources',
        'lang',
        'translation_group',
        'status',
        'version',
        'draft_label',
        'brief',
        'workflow_run_id',
        'published_at',
        'created_at',
        'updated_at',
        'author',
        'claims',
        'parts',
        'quality_hold',
      ].sort(),
    );
  });

  it('gives drafts with the same title distinct slugs, and an untitled draft a placeholder slug', async () => {
    const app = testApp();
    const { token, projectId } = await ownerWithProject(app);

    const first = await draft(app, token, projectId, { title: 'Sourdough' });
    const second = await draft(app, token, projectId, { title: 'Sourdough' });
    const third = await draft(app, token, projectId, { title: 'Sourdough' });
    const untitled = await draft(app, token, projectId);
    const untitledAgain = await draft(app, token, projectId, { title: '!!!' });

    expect([first.slug, second.slug, third.slug]).toEqual(['sourdough', 'sourdough-2', 'sourdough-3']);
    expect([untitled.slug, untitledAgain.slug]).toEqual(['untitled-post', 'untitled-post-2']);
    expect(untitled.title).toBe('');
  });

  it('refuses unknown fields and a non-text title with 422, creating nothing', async () => {
    const app = testApp();
    const { token, projectId } = await ownerWithProject(app);

    const unknown = await call(app, 'POST', `/api/blogs/posts/project/${projectId}`, {
      token,
      body: { title: 'A', status: 'published' },
    });
    const wrong = await call(app, 'POST', `/api/blogs/posts/project/${projectId}`, { token, body: { title: 5 } });

    expect(unknown.status).toBe(422);
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail).toEqual([
      { loc: ['body', 'title'], msg: 'Title must be text.', type: expect.any(String) },
    ]);
    const [count] = await testSql()`select count(*)::int as n from blog_posts where project_id = ${projectId}`;
    expect(count!.n).toBe(0);
  });

  it('answers 404 for a missing post, a malformed id and a post of another project', async () => {
    const app = testApp();
    const { token, projectId } = await ownerWithProject(app);
    const other = await ownerWithProject(app, 'Other');
    const theirs = await draft(app, other.token, other.projectId, { title: 'Theirs' });
    await draft(app, token, projectId);

    for (const path of [
      `/api/blogs/posts/post/${crypto.randomUUID()}`,
      '/api/blogs/posts/post/not-a-uuid',
      `/api/blogs/posts/post/${theirs.id}`,
    ]) {
      const answer = await call(app, 'GET', path, { token });
      expect(answer.status).toBe(404);
      expect(answer.body.detail).toBe('Post not found.');
    }
    const foreignList = await call(app, 'GET', `/api/blogs/posts/project/${other.projectId}`, { token });
    expect(foreignList.status).toBe(404);
  });
});

describe('listing posts', () => {
  async function seeded(app: App) {
    const owner = await ownerWithProject(app);
    const titles = ['Apple pie', 'banana bread', 'Cherry tart', 'Date squares', 'Elderflower cordial'];
    const posts = [];
    for (const title of titles) posts.push(await draft(app, owner.token, owner.projectId, { title }));
    // Distinct creation times, oldest first, so sorting is decided by the data and not by insert speed.
    for (const [index, post] of posts.entries()) {
      await testSql()`update blog_posts set created_at = now() - ${`${10 - index} minutes`}::interval, updated_at = now() - ${`${index} minutes`}::interval where id = ${post.id}`;
    }
    for (const post of [posts[1], posts[3]]) {
      await call(app, 'POST', `/api/blogs/posts/post/${post.id}/publish`, { token: owner.token });
    }
    // Published last, so pin their update times apart (and before the drafts') to keep the order decided by the data.
    await testSql()`update blog_posts set updated_at = now() - interval '2 hours' where id = ${posts[1].id}`;
    await testSql()`update blog_posts set updated_at = now() - interval '1 hour' where id = ${posts[3].id}`;
    return { ...owner, posts };
  }

  it('filters by status, searches, sorts and pages, and leaves out the bodies', async () => {
    const app = testApp();
    const { token, projectId } = await seeded(app);
    const list = (query: string) => call(app, 'GET', `/api/blogs/posts/project/${projectId}${query}`, { token });
    const titles = (answer: { body: { items: { title: string }[] } }) => answer.body.items.map((item) => item.title);

    const all = await list('');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 5, page: 1, page_size: 20 });
    expect(titles(all)).toEqual(['Elderflower cordial', 'Date squares', 'Cherry tart', 'banana bread', 'Apple pie']);
    expect(all.body.items[0]).not.toHaveProperty('markdown');
    expect(all.body.items[0]).not.toHaveProperty('html');
    expect(driftFrom('get', '/api/blogs/posts/project/{projectId}', 200, all.body)).toBeUndefined();

    expect(titles(await list('?status=published'))).toEqual(['Date squares', 'banana bread']);
    expect(titles(await list('?status=unpublished'))).toEqual(['Elderflower cordial', 'Cherry tart', 'Apple pie']);
    expect(titles(await list('?sort=oldest'))).toEqual([
      'Apple pie',
      'banana bread',
      'Cherry tart',
      'Date squares',
      'Elderflower cordial',
    ]);
    expect(titles(await list('?sort=title'))).toEqual([
      'Apple pie',
      'banana bread',
      'Cherry tart',
      'Date squares',
      'Elderflower cordial',
    ]);
    expect(titles(await list('?sort=updated'))).toEqual([
      'Apple pie',
      'Cherry tart',
      'Elderflower cordial',
      'Date squares',
      'banana bread',
    ]);
    expect(titles(await list('?q=BREAD'))).toEqual(['banana bread']);
    expect(titles(await list('?q=e&status=published&sort=title'))).toEqual(['banana bread', 'Date squares']);
    expect((await list('?q=100%25')).body).toMatchObject({ items: [], total: 0 });

    const page2 = await list('?page=2&page_size=2&sort=oldest');
    expect(page2.body).toMatchObject({ total: 5, page: 2, page_size: 2 });
    expect(titles(page2)).toEqual(['Cherry tart', 'Date squares']);
    const beyond = await list('?page=9&page_size=2');
    expect(beyond.body).toMatchObject({ items: [], total: 5, page: 9 });
  });

  it('refuses a bad status, sort, page or page size with 422 naming the query field', async () => {
    const app = testApp();
    const { token, projectId } = await ownerWithProject(app);

    for (const [query, field] of [
      ['?status=live', 'status'],
      ['?sort=random', 'sort'],
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?page_size=101', 'page_size'],
    ] as const) {
      const answer = await call(app, 'GET', `/api/blogs/posts/project/${projectId}${query}`, { token });
      expect(answer.status, query).toBe(422);
      expect(answer.body.detail[0].loc).toEqual(['query', field]);
    }
  });

  it('shows an empty page for a project without posts', async () => {
    const app = testApp();
    const { token, projectId } = await ownerWithProject(app);
    const answer = await call(app, 'GET', `/api/blogs/posts/project/${projectId}`, { token });
    expect(answer.body).toEqual({ items: [], total: 0, page: 1, page_size: 20 });
  });
});

describe('editing posts', () => {
  it('saves the edited fields, re-renders the html from the markdown and bumps version and updated_at', async () => {
    const app = testApp();
    const { token, projectId } = await ownerWithProject(app);
    const post = await draft(app, token, projectId, { title: 'Old' });

    const saved = await call(app, 'PATCH', `/api/blogs/posts/post/${post.id}`, {
      token,
      body: {
        version: 1,
        title: 'New title',
        slug: 'new-title',
        markdown: '## Section\n\n[site](https://example.com)',
        meta_title: 'M'.repeat(60),
        meta_description: 'D'.repeat(160),
        cover_image_url: 'https://images.example.com/cover.png',
        cover_image_alt: 'A loaf',
        target_keyword: 'bread',
        keywords: [' Bread ', 'bread', 'rye'],
        tags: ['baking'],
        sources: [{ title: 'Wiki', url: 'https://en.wikipedia.org/wiki/Bread' }],
        lang: 'en-GB',
        excerpt: 'Short.',
      },
    });

    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      title: 'New title',
      slug: 'new-title',
      version: 2,
      keywords: ['Bread', 'rye'],
      sources: [{ title: 'Wiki', url: 'https://en.wikipedia.org/wiki/Bread' }],
      cover_image_url: 'https://images.example.com/cover.png',
      lang: 'en-GB',
      status: 'draft',
    });
    expect(saved.body.html).toContain('<h2');
    expect(saved.body.html).toContain('href="https://example.com"');
    expect(driftFrom('patch', '/api/blogs/posts/post/{id}', 200, saved.body)).toBeUndefined(); // the answer /api/openapi.json documents
    expect(new Date(saved.body.updated_at).getTime()).toBeGreaterThan(new Date(post.updated_at).getTime());

    const cleared = await call(app, 'PATCH', `/api/blogs/posts/post/${post.id}`, {
      token,
      body: { version: 2, cover_image_url: '' },
    });
    expect(cleared.body).toMatchObject({ version: 3, cover_image_url: null, title: 'New title' });
    const noFields = await call(app, 'PATCH', `/api/blogs/posts/post/${post.id}`, { token, body: { version: 3 } });
    expect(noFields.body.version).toBe(4);
  });

  it('refuses a save from an older version with 409 and a clear message, writing nothing', async () => {
    const app = testApp();
    const { token, projectId } = await ownerWithProject(app);
    const editor = await member(app, projectId, 'editor');
    const post = await draft(app, token, projectId, { title: 'Shared', markdown: 'first' });

    const theirs = await call(app, 'PATCH', `/api/blogs/posts/post/${post.id}`, {
      token: editor,
      body: { version: 1, markdown: 'their newer text' },
    });
    const mine = await call(app, 'PATCH', `/api/blogs/posts/post/${post.id}`, {
      token,
      body: { version: 1, title: 'Mine', markdown: 'my stale text' },
    });
    const stored = await call(app, 'GET', `/api/blogs/posts/post/${post.id}`, { token });

    expect(theirs.status).toBe(200);
    expect(mine.status).toBe(409);
    expect(mine.body.detail).toMatch(
      /^Someone else saved this post after you opened it, so your changes were not saved\./,
    );
    expect(driftFrom('patch', '/api/blogs/posts/post/{id}', 409, mine.body)).toBeUndefined();
    expect(stored.body).toMatchObject({ version: 2, title: 'Shared', markdown: 'their newer text' });
  });

  it('lets exactly one of two simultaneous saves from the same version win', async () => {
    const app = testApp();
    const { token, projectId } = await ownerWithProject(app);
    const post = await draft(app, token, projectId);

    const answers = await Promise.all(
      ['one', 'two', 'three'].map((text) =>
        call(app, 'PATCH', `/api/blogs/posts/post/${post.id}`, { token, body: { version: 1, markdown: text } }),
      ),
    );

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const [row] = await testSql()`select version, markdown from blog_posts where id = ${post.id}`;
    expect(row).toEqual({ version: 2, markdown: answers.find((answer) => answer.status === 200)!.body.markdown });
  });

  it('refuses a slug used by another post of the project (422), while another project may use it', async () => {
    const app = testApp();
    const { token, projectId } = await ownerWithProject(app);
    const other = await ownerWithProject(app, 'Other');
    await draft(app, token, projectId, { title: 'Taken slug' });
    const post = await draft(app, token, projectId, { title: 'Mine' });
    const elsewhere = await draft(app, other.token, other.projectId, { title: 'Elsewhere' });

    const clash = await call(app, 'PATCH', `/api/blogs/posts/post/${post.id}`, {
      token,
      body: { version: 1, title: 'Changed', slug: 'taken-slug' },
    });
    const same = await call(app, 'PATCH', `/api/blogs/posts/post/${post.id}`, {
      token,
      body: { version: 1, slug: 'mine' },
    });
    const fine = await call(app, 'PATCH', `/api/blogs/posts/post/${elsewhere.id}`, {
      token: other.token,
      body: { version: 1, slug: 'taken-slug' },
    });

    expect(clash.status).toBe(422);
    expect(clash.body.detail).toEqual([
      {
        loc: ['body', 'slug'],
        msg: 'Another post of this project already uses the slug "taken-slug". Choose a different one.',
        type: 'value_error.unique',
      },
    ]);
    expect(driftFrom('patch', '/api/blogs/posts/post/{id}', 422, clash.body)).toBeUndefined();
    expect(same.status).toBe(200);
    expect(fine.status).toBe(200);
    const [row] = await testSql()`select title, version from blog_posts where id = ${post.id}`;
    expect(row).toEqual({ title: 'Mine', version: 2 });
  });

  it('refuses bad fields with 422 naming each field, writing nothing', async () => {
    const app = testApp();
    const { token, projectId } = await ownerWithProject(app);
    const post = await draft(app, token, projectId, { title: 'Keep' });
    const patch = (body: Record<string, unknown>) =>
      call(app, 'PATCH', `/api/blogs/posts/post/${post.id}`, { token, body });

    const cases: [Record<string, unknown>, (string | number)[], string][] = [
      [
        { title: 'x' },
        ['body', 'version'],
        'Version is required: send the version of the post your edit started from.',
      ],
      [
        { version: 1, slug: 'Bad Slug' },
        ['body', 'slug'],
        'A slug may hold only lowercase letters, digits and single hyphens between them (for example my-first-post).',
      ],
      [
        { version: 1, slug: 'a--b' },
        ['body', 'slug'],
        'A slug may hold only lowercase letters, digits and single hyphens between them (for example my-first-post).',
      ],
      [{ version: 1, slug: '' }, ['body', 'slug'], 'The slug is required: it is the address of the post on your blog.'],
      [{ version: 1, slug: 'a'.repeat(81) }, ['body', 'slug'], 'A slug must be at most 80 characters.'],
      [{ version: 1, meta_title: 'M'.repeat(61) }, ['body', 'meta_title'], 'Meta title must be at most 60 characters.'],
      [
        { version: 1, meta_description: 'D'.repeat(161) },
        ['body', 'meta_description'],
        'Meta description must be at most 160 characters.',
      ],
      [
        { version: 1, cover_image_url: 'javascript:alert(1)' },
        ['body', 'cover_image_url'],
        'Cover image URL must be a web address starting with http:// or https://.',
      ],
      [
        { version: 1, sources: [{ title: 'x', url: 'ftp://example.com' }] },
        ['body', 'sources', 0, 'url'],
        'Source URL must be a web address starting with http:// or https://.',
      ],
      [
        { version: 1, keywords: Array.from({ length: 11 }, (_, i) => `k${i}`) },
        ['body', 'keywords'],
        'You can add a maximum of 10 keywords.',
      ],
      [{ version: 1, status: 'published' }, ['body'], expect.any(String) as unknown as string],
    ];
    for (const [body, loc, msg] of cases) {
      const answer = await patch(body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.detail[0], JSON.stringify(body)).toMatchObject({ loc, msg });
    }
    const [row] = await testSql()`select title, slug, version, status from blog_posts where id = ${post.id}`;
    expect(row).toEqual({ title: 'Keep', slug: 'keep', version: 1, status: 'draft' });
  });

  it('counts meta lengths as characters a reader sees (emoji count once)', async () => {
    const app = testApp();
    const { token, projectId } = await ownerWithProject(app);
    const post = await draft(app, token, projectId);
    const answer = await call(app, 'PATCH', `/api/blogs/posts/post/${post.id}`, {
      token,
      body: { version: 1, meta_title: '🍞'.repeat(60) },
    });
    expect(answer.status).toBe(200);
  });
});

describe('publishing, unpublishing and deleting', () => {
  it('publishes and unpublishes, bumping the version each time; repeating either changes nothing', async () => {
    const app = testApp();
    const { token, projectId } = await ownerWithProject(app);
    const post = await draft(app, token, projectId, { title: 'Ready' });

    const published = await call(app, 'POST', `/api/blogs/posts/post/${post.id}/publish`, { token });
    const again = await call(app, 'POST', `/api/blogs/posts/post/${post.id}/publish`, { token, body: {} });
    const unpublished = await call(app, 'POST', `/api/blogs/posts/post/${post.id}/unpublish`, {
      token,
      body: { version: 2 },
    });
    const unpublishedAgain = await call(app, 'POST', `/api/blogs/posts/post/${post.id}/unpublish`, { token });

    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: 'published', version: 2, published_at: expect.any(String) });
    expect(again.body).toMatchObject({ status: 'published', version: 2 });
    expect(unpublished.body).toMatchObject({ status: 'draft', version: 3, published_at: null });
    expect(unpublishedAgain.body).toMatchObject({ status: 'draft', version: 3 });
    expect(driftFrom('post', '/api/blogs/posts/post/{id}/publish', 200, published.body)).toBeUndefined();
    expect(driftFrom('post', '/api/blogs/posts/post/{id}/unpublish', 200, unpublished.body)).toBeUndefined();
  });

  it('refuses to publish from a stale version (409) and an untitled post (422), changing nothing', async () => {
    const app = testApp();
    const { token, projectId } = await ownerWithProject(app);
    const post = await draft(app, token, projectId, { title: 'Ready' });
    const untitled = await draft(app, token, projectId);
    await call(app, 'PATCH', `/api/blogs/posts/post/${post.id}`, { token, body: { version: 1, markdown: 'newer' } });

    const stale = await call(app, 'POST', `/api/blogs/posts/post/${post.id}/publish`, { token, body: { version: 1 } });
    const noTitle = await call(app, 'POST', `/api/blogs/posts/post/${untitled.id}/publish`, { token });
    const badBody = await call(app, 'POST', `/api/blogs/posts/post/${post.id}/publish`, {
      token,
      body: { version: 'x' },
    });

    expect(stale.status).toBe(409);
    expect(noTitle.status).toBe(422);
    expect(noTitle.body.detail[0].msg).toBe(
      'Add a title before publishing: the blog shows it as the heading and in search results.',
    );
    expect(badBody.status).toBe(422);
    const rows =
      await testSql()`select status, version from blog_posts where project_id = ${projectId} order by created_at`;
    expect(rows).toEqual([
      { status: 'draft', version: 2 },
      { status: 'draft', version: 1 },
    ]);
  });

  it('deletes a post; it is gone from reads and lists', async () => {
    const app = testApp();
    const { token, projectId } = await ownerWithProject(app);
    const post = await draft(app, token, projectId, { title: 'Gone' });

    const deleted = await call(app, 'DELETE', `/api/blogs/posts/post/${post.id}`, { token });
    const read = await call(app, 'GET', `/api/blogs/posts/post/${post.id}`, { token });
    const again = await call(app, 'DELETE', `/api/blogs/posts/post/${post.id}`, { token });

    expect(deleted).toMatchObject({ status: 200, body: { message: 'Post deleted.' } });
    expect(driftFrom('delete', '/api/blogs/posts/post/{id}', 200, deleted.body)).toBeUndefined();
    expect(driftFrom('get', '/api/blogs/posts/post/{id}', 404, read.body)).toBeUndefined();
    expect(read.status).toBe(404);
    expect(again.status).toBe(404);
    expect((await call(app, 'GET', `/api/blogs/posts/project/${projectId}`, { token })).body.total).toBe(0);
  });
});

describe('preview', () => {
  it("answers the server's rendering of the markdown, sanitized, and stores nothing", async () => {
    const app = testApp();
    const { token, projectId } = await ownerWithProject(app);

    const answer = await call(app, 'POST', `/api/blogs/posts/project/${projectId}/preview`, {
      token,
      body: { markdown: '# Title\n\n<script>alert(1)</script>\n\n*hi*' },
    });

    expect(answer.status).toBe(200);
    expect(answer.body.html).toContain('<em>hi</em>');
    expect(answer.body.html).not.toContain('script');
    expect(driftFrom('post', '/api/blogs/posts/project/{projectId}/preview', 200, answer.body)).toBeUndefined();
    expect((await call(app, 'GET', `/api/blogs/posts/project/${projectId}`, { token })).body.total).toBe(0);
  });
});

describe('viewers', () => {
  it('read posts and the list but cannot create, edit, publish or delete (403, nothing changed)', async () => {
    const app = testApp();
    const { token, projectId } = await ownerWithProject(app);
    const viewer = await member(app, projectId, 'viewer');
    const post = await draft(app, token, projectId, { title: 'Owned' });

    expect((await call(app, 'GET', `/api/blogs/posts/post/${post.id}`, { token: viewer })).status).toBe(200);
    expect((await call(app, 'GET', `/api/blogs/posts/project/${projectId}`, { token: viewer })).body.total).toBe(1);
    const writes = [
      call(app, 'POST', `/api/blogs/posts/project/${projectId}`, { token: viewer, body: {} }),
      call(app, 'PATCH', `/api/blogs/posts/post/${post.id}`, {
        token: viewer,
        body: { version: 1, title: 'Hijacked' },
      }),
      call(app, 'POST', `/api/blogs/posts/post/${post.id}/publish`, { token: viewer }),
      call(app, 'DELETE', `/api/blogs/posts/post/${post.id}`, { token: viewer }),
    ];
    for (const answer of await Promise.all(writes)) expect(answer.status).toBe(403);
    const rows = await testSql()`select title, status, version from blog_posts where project_id = ${projectId}`;
    expect(rows).toEqual([{ title: 'Owned', status: 'draft', version: 1 }]);
  });
});
