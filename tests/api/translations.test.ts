// Issue 24, Translate post: the model translates a post into another language (the fake AI answers in Portuguese and
// Arabic, keeping the tokens that stand for links, code and the video), and the translation is a linked draft of the
// same translation group. Published versions name each other with hreflang alternates and x-default on their pages
// and in the sitemap, both ways; unpublishing or deleting one takes it out of its siblings' pages, also in another
// process's page cache. Without a model there is no translation, only a refusal that says why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Change } from '../../api/db/change-feed.ts';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { validateSitemap } from '../../src/lib/seo/audit/index.ts';
import { FAKE_LANGUAGES } from '../fixtures/fake-ai/languages.mjs';
import { FAKE_AI_KEY, FAKE_AI_MODEL, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { visit } from './blog-support.ts';
import {
  call,
  secondInstance,
  signInUser,
  testApp,
  testFeed,
  testJobs,
  testQueuePrefix,
  testSql,
  type TestUser,
} from './helpers.ts';

const poll = { timeout: 60_000, interval: 100 };
const VIDEO = '[Pre-shaping a boule](https://www.youtube.com/watch?v=abcDEF12345)';
const CODE = "```js\nconst crumb = 'open';\n```";
const SOURCE = [
  'Shaping decides the crumb. Read [the guide](https://example.com/guide "The guide") first.',
  VIDEO,
  '## Pre-shape',
  'Round the dough with `bench-knife` and see https://example.org/notes for more.',
  '![A shaped loaf](https://images.example.com/loaf.jpg)',
  CODE,
].join('\n\n');

let ai: Awaited<ReturnType<typeof startFakeAi>>;
let runner: JobRunner;
let app: ReturnType<typeof testApp>;
let owner: TestUser;
const second = secondInstance('inkpilot-translations-second');

beforeAll(async () => {
  ai = await startFakeAi();
  const env = {
    AI_BASE_URL: ai.baseUrl,
    AI_API_KEY: FAKE_AI_KEY,
    AI_MODEL: FAKE_AI_MODEL,
    AI_MAX_RETRIES: '0',
    JOBS_QUEUE_PREFIX: testQueuePrefix(),
  };
  runner = await testJobs(env);
  app = testApp(env, runner);
  await Promise.all([testFeed().ready, second.feed.ready]);
  owner = await signInUser({ name: 'Tia Translator' });
});
afterAll(async () => {
  await second.feed.stop();
  await runner?.stop();
  await ai?.stop();
});

const promptOf = (body: { messages?: { content: unknown }[] }) =>
  (body.messages ?? []).map((message) => String(message.content)).join('\n');

/** A project in English with one published post written by hand; its blog host. */
async function publishedPost(title = 'Shaping a loaf') {
  const project = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Crumb & Co' } });
  const projectId = project.body.id as string;
  const created = await call(app, 'POST', `/api/blogs/posts/project/${projectId}`, {
    token: owner.token,
    body: { title, markdown: SOURCE },
  });
  const post = (
    await call(app, 'PATCH', `/api/blogs/posts/post/${created.body.id}`, {
      token: owner.token,
      body: {
        version: created.body.version,
        meta_description: 'How to shape a loaf so its crumb opens.',
        cover_image_alt: 'A shaped loaf on a floured bench',
        keywords: ['shaping dough'],
      },
    })
  ).body;
  await call(app, 'POST', `/api/blogs/posts/post/${post.id}/publish`, { token: owner.token });
  const [row] = await testSql()`select slug from projects where id = ${projectId}`;
  return { projectId, post, host: `${row!.slug}.blogs.localhost:4321` };
}

/** Queues a translation and waits for its task to settle; answers the task. */
async function translate(postId: string, language: string) {
  const started = await call(app, 'POST', `/api/blogs/posts/post/${postId}/translate`, {
    token: owner.token,
    body: { language },
  });
  expect(started.status).toBe(202);
  expect(started.body).toMatchObject({ language, source_post_id: postId });
  expect(['pending', 'in_progress', 'complete']).toContain(started.body.status); // a worker may already be on it
  await expect
    .poll(
      async () =>
        (await call(app, 'GET', `/api/blogs/posts/translations/${started.body.task_id}`, { token: owner.token })).body
          .status,
      poll,
    )
    .toMatch(/^(complete|error)$/);
  return (await call(app, 'GET', `/api/blogs/posts/translations/${started.body.task_id}`, { token: owner.token })).body;
}

async function getPost(id: string) {
  return (await call(app, 'GET', `/api/blogs/posts/post/${id}`, { token: owner.token })).body;
}

/** The hreflang alternates a page names, as [hreflang, href] pairs. */
function alternates(html: string): [string, string][] {
  return [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((match) => [
    match[1]!,
    match[2]!,
  ]);
}

/** The xhtml:link alternates of one <url> of a sitemap, by its <loc>. */
function sitemapAlternates(xml: string, loc: string): [string, string][] {
  const url = xml.split('<url>').find((entry) => entry.includes(`<loc>${loc}</loc>`)) ?? '';
  return [...url.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((match) => [
    match[1]!,
    match[2]!,
  ]);
}

/** Resolves once every post event of the project was delivered and the second process heard what followed. */
async function delivered(projectId: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await testSql()`select count(*)::int as n from post_events where project_id = ${projectId} and consumed_at is null`
        )[0]!.n,
      poll,
    )
    .toBe(0);
  await second.settled();
}

function blogChange(projectId: string): Promise<Change> {
  return new Promise((resolve) =>
    second.feed.subscribe((change) => change.kind === 'blog' && change.key === projectId && resolve(change)),
  );
}

describe('Translate post', () => {
  it('makes a linked draft in the language, its links, code and video kept exactly; the model never saw the addresses', async () => {
    const { post } = await publishedPost();
    const asked = ai.calls.length;

    const task = await translate(post.id, 'pt');

    expect(task).toMatchObject({ status: 'complete', message: 'Translated into Portuguese.' });
    const translation = await getPost(task.post_id);
    const words = FAKE_LANGUAGES.pt!;
    expect(translation).toMatchObject({
      lang: 'pt',
      status: 'draft',
      translation_group: post.id,
      title: words.text('title'),
      meta_description: words.text('meta_description'),
      cover_image_alt: words.text('cover_image_alt'),
      keywords: [words.text('keywords 1')],
      draft_label: null,
    });
    expect(translation.slug).not.toBe(post.slug);
    expect((await getPost(post.id)).translation_group).toBe(post.id);
    const markdown = translation.markdown as string;
    expect(markdown).toContain('Tradução da IA falsa: Shaping decides the crumb.');
    expect(markdown).toContain('## Tradução da IA falsa: Pre-shape');
    expect(markdown).toContain('[the guide](https://example.com/guide "The guide")');
    expect(markdown).toContain(`\n\n${VIDEO}\n\n`);
    expect(markdown).toContain('`bench-knife`');
    expect(markdown).toContain('https://example.org/notes');
    expect(markdown).toContain('![A shaped loaf](https://images.example.com/loaf.jpg)');
    expect(markdown).toContain(CODE);
    expect(translation.html).toContain('href="https://example.com/guide"');
    const sent = ai.calls.slice(asked).map(promptOf).join('\n');
    expect(sent).toContain('language code "pt"');
    for (const kept of ['example.com/guide', 'youtube.com', 'bench-knife', 'example.org/notes', "crumb = 'open'"])
      expect(sent).not.toContain(kept);

    const versions = await call(app, 'GET', `/api/blogs/posts/post/${translation.id}/translations`, {
      token: owner.token,
    });
    expect(versions.body.items).toEqual([
      { id: post.id, lang: 'en', title: post.title, slug: post.slug, status: 'published', original: true },
      {
        id: translation.id,
        lang: 'pt',
        title: translation.title,
        slug: translation.slug,
        status: 'draft',
        original: false,
      },
    ]);
  });

  it('published versions name each other both ways, with x-default, on their pages and in the sitemap; unpublishing one takes it out everywhere', async () => {
    const { projectId, post, host } = await publishedPost('Scoring bread');
    const task = await translate(post.id, 'ar');
    await call(app, 'POST', `/api/blogs/posts/post/${task.post_id}/publish`, { token: owner.token });
    const translation = await getPost(task.post_id);
    const original = `http://${host}/${post.slug}`;
    const arabic = `http://${host}/${translation.slug}`;
    const expected: [string, string][] = [
      ['ar', arabic],
      ['en', original],
      ['x-default', original],
    ];
    await delivered(projectId); // the publish has reached the second process: what it caches now is current
    const paths = ['/', `/${post.slug}`, `/${translation.slug}`, '/sitemap.xml'];
    const pages = Object.fromEntries(
      await Promise.all(paths.map(async (path) => [path, (await visit(second.app, host, path)).text] as const)),
    );

    expect(alternates(pages[`/${post.slug}`]!)).toEqual(expected);
    expect(alternates(pages[`/${translation.slug}`]!)).toEqual(expected);
    expect(pages[`/${translation.slug}`]).toContain('<html lang="ar" dir="rtl">');
    expect(pages[`/${translation.slug}`]).toContain('<meta property="og:locale:alternate" content="en_US">');
    expect(pages[`/${post.slug}`]).toContain('<meta property="og:locale:alternate" content="ar_AR">');
    const sitemap = pages['/sitemap.xml']!;
    expect(sitemapAlternates(sitemap, original)).toEqual(expected);
    expect(sitemapAlternates(sitemap, arabic)).toEqual(expected);
    expect(await validateSitemap({ url: `http://${host}/sitemap.xml`, xml: sitemap })).toEqual([]);
    for (const path of paths) expect(second.caches.blogPages.get(`${host.replace(/:\d+$/, '')}${path}`)).toBeDefined();

    const changed = blogChange(projectId);
    const unpublished = await call(app, 'POST', `/api/blogs/posts/post/${translation.id}/unpublish`, {
      token: owner.token,
    });
    await changed; // the outbox's blog-cache subscriber told the second process

    expect(unpublished.status).toBe(200);
    const after = await visit(second.app, host, `/${post.slug}`);
    const afterSitemap = await visit(second.app, host, '/sitemap.xml');
    expect(alternates(after.text)).toEqual([]);
    expect(after.text).not.toContain('og:locale:alternate');
    expect(afterSitemap.text).not.toContain('xhtml:link');
    expect((await visit(second.app, host, `/${translation.slug}`)).status).toBe(404);
  });

  it('deleting the original leaves the other versions naming each other, x-default the oldest of them', async () => {
    const { projectId, post, host } = await publishedPost('Baking with rye');
    const portuguese = (await translate(post.id, 'pt')).post_id as string;
    const arabic = (await translate(post.id, 'ar')).post_id as string;
    for (const id of [portuguese, arabic])
      await call(app, 'POST', `/api/blogs/posts/post/${id}/publish`, { token: owner.token });
    const [pt, ar] = [await getPost(portuguese), await getPost(arabic)];
    await delivered(projectId);
    expect(alternates((await visit(second.app, host, `/${pt.slug}`)).text)).toEqual([
      ['ar', `http://${host}/${ar.slug}`],
      ['en', `http://${host}/${post.slug}`],
      ['pt', `http://${host}/${pt.slug}`],
      ['x-default', `http://${host}/${post.slug}`],
    ]);

    const changed = blogChange(projectId);
    const deleted = await call(app, 'DELETE', `/api/blogs/posts/post/${post.id}`, { token: owner.token });
    await changed;

    expect(deleted.status).toBe(200);
    const expected = [
      ['ar', `http://${host}/${ar.slug}`],
      ['pt', `http://${host}/${pt.slug}`],
      ['x-default', `http://${host}/${pt.slug}`], // made first
    ];
    expect(alternates((await visit(second.app, host, `/${pt.slug}`)).text)).toEqual(expected);
    expect(alternates((await visit(second.app, host, `/${ar.slug}`)).text)).toEqual(expected);
    const versions = await call(app, 'GET', `/api/blogs/posts/post/${ar.id}/translations`, { token: owner.token });
    expect(versions.body.items.map((item: { lang: string; original: boolean }) => [item.lang, item.original])).toEqual([
      ['pt', true],
      ['ar', false],
    ]);
  });

  it('asks the model again when its translation lost a link, and stores only a whole one', async () => {
    const { post } = await publishedPost('Proofing baskets');
    const broken = 'Tradução da IA falsa: o texto sem as suas ligações.';
    ai.script({ content: broken });
    const asked = ai.calls.length;

    const task = await translate(post.id, 'pt');

    expect(task.status).toBe('complete');
    const translation = await getPost(task.post_id);
    expect(translation.markdown).not.toContain(broken);
    expect(translation.markdown).toContain('[the guide](https://example.com/guide "The guide")');
    expect(translation.markdown).toContain(VIDEO);
    const translateRequests = ai.calls
      .slice(asked)
      .filter((body: { messages?: { content: unknown }[] }) => promptOf(body).includes('Markdown to translate'));
    expect(translateRequests).toHaveLength(2);
  });
});

describe('Translate post refuses', () => {
  it('a viewer, the language the post is in, and a language the post already has a version in; one post per language in a group', async () => {
    const { projectId, post } = await publishedPost('Cooling racks');
    const viewer = await signInUser({ name: 'Vic Viewer' });
    const me = await call(app, 'GET', '/api/users/me/', { token: viewer.token });
    await testSql()`insert into project_members (project_id, user_id, role) values (${projectId}, ${me.body.id}, 'viewer')`;
    const task = await translate(post.id, 'pt');

    const asViewer = await call(app, 'POST', `/api/blogs/posts/post/${post.id}/translate`, {
      token: viewer.token,
      body: { language: 'ar' },
    });
    const same = await call(app, 'POST', `/api/blogs/posts/post/${post.id}/translate`, {
      token: owner.token,
      body: { language: 'en' },
    });
    const again = await call(app, 'POST', `/api/blogs/posts/post/${task.post_id}/translate`, {
      token: owner.token,
      body: { language: 'pt' },
    });
    const twice = await call(app, 'POST', `/api/blogs/posts/post/${post.id}/translate`, {
      token: owner.token,
      body: { language: 'pt' },
    });
    const translation = await getPost(task.post_id);
    const clash = await call(app, 'PATCH', `/api/blogs/posts/post/${translation.id}`, {
      token: owner.token,
      body: { version: translation.version, lang: 'en' },
    });
    const unknown = await call(app, 'POST', `/api/blogs/posts/post/${post.id}/translate`, {
      token: owner.token,
      body: { language: 'elvish' },
    });

    expect(asViewer.status).toBe(403);
    expect(same.status).toBe(422);
    expect(same.body.detail[0]).toMatchObject({
      loc: ['body', 'language'],
      msg: 'This post is already in English. Choose another language to translate it into.',
    });
    expect(again.status).toBe(422); // the translation is in Portuguese itself
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe(`This post already has a version in Portuguese: “${translation.title}”.`);
    expect(clash.status).toBe(422);
    expect(clash.body.detail[0]).toMatchObject({ loc: ['body', 'lang'] });
    expect(clash.body.detail[0].msg).toContain('is already in English');
    expect(unknown.status).toBe(422);
    expect((await getPost(translation.id)).lang).toBe('pt');
  });

  it('without an AI model: a clear refusal, nothing queued, no post made', async () => {
    const offline = testApp({ JOBS_QUEUE_PREFIX: `${testQueuePrefix()}offline.` }, runner);
    const { projectId, post } = await publishedPost('No model here');
    const before = await testSql()`select count(*)::int as n from blog_posts where project_id = ${projectId}`;

    const refused = await call(offline, 'POST', `/api/blogs/posts/post/${post.id}/translate`, {
      token: owner.token,
      body: { language: 'pt' },
    });

    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe(
      'Translating a post needs an AI model, and none is configured on this server (an administrator sets AI_BASE_URL and AI_MODEL). The offline composer does not translate, so nothing was translated.',
    );
    const after = await testSql()`select count(*)::int as n from blog_posts where project_id = ${projectId}`;
    const tasks = await testSql()`select count(*)::int as n from post_translations where project_id = ${projectId}`;
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(tasks[0]!.n).toBe(0);
  });
});
