// Publishing to a real WordPress (issue 28): Debian's `wordpress` package on `php -S` with a private MariaDB
// (tests/fixtures/wordpress/start.ts), an Application Password, and the post read back through WordPress's own REST
// API after each step: published with its PNG cover as the featured image, its tags and excerpt; updated in place
// (never a second post, never a second copy of the cover); unpublished to a draft; published again; the SEO plugin's
// fields when one is active; a drawn SVG cover sent as its PNG; an edit made on the site noticed.
import { Resvg } from '@resvg/resvg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { startWordPress, type WordPress } from '../fixtures/wordpress/start.ts';
import { call, testSql } from './helpers.ts';
import { client, deliveriesUntil, newProject, publishingServer, settled } from './publishing-support.ts';

let wp: WordPress;
let runner: JobRunner;
let app: Awaited<ReturnType<typeof publishingServer>>['app'];

beforeAll(async () => {
  wp = await startWordPress();
  ({ app, runner } = await publishingServer());
}, 180_000);
afterAll(async () => {
  await runner?.stop();
  await wp?.stop();
});

/** A 1200×630 PNG cover stored as the project's media, as a generated cover is. */
async function pngCover(projectId: string, text: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect width="1200" height="630" fill="#4338ca"/><text x="60" y="330" font-size="72" fill="#fff">${text}</text></svg>`;
  const png = new Resvg(svg).render().asPng();
  const [row] = await testSql()`
    insert into media (project_id, content_type, body) values (${projectId}, 'image/png', ${Buffer.from(png)}) returning id`;
  return `/api/media/${row!.id}`;
}

/** A project publishing to the test WordPress. */
async function wordpressProject(settings: Record<string, string> = {}) {
  const { owner, projectId } = await newProject(app);
  const api = client(app, owner.token);
  const destination = await api.destination(projectId, {
    kind: 'wordpress',
    name: 'Company site',
    settings: { site_url: wp.url, username: wp.user, application_password: wp.appPassword, ...settings },
  });
  return { owner, projectId, api, destination };
}

const wpPost = async (id: string) => (await wp.rest(`/wp/v2/posts/${id}`, {}, 'context=edit')).body;

describe('publishing to WordPress', () => {
  it('tests the connection: the user and what the site runs, or WordPress’s own refusal', async () => {
    const { owner, projectId } = await newProject(app);
    const test = (settings: Record<string, string>) =>
      call(app, 'POST', `/api/projects/${projectId}/destinations/test`, {
        token: owner.token,
        body: { kind: 'wordpress', settings: { site_url: wp.url, username: wp.user, ...settings } },
      });

    const ok = await test({ application_password: wp.appPassword });
    const wrong = await test({ application_password: 'abcd efgh ijkl mnop qrst uvwx' });
    const notWordPress = await call(app, 'POST', `/api/projects/${projectId}/destinations/test`, {
      token: owner.token,
      body: {
        kind: 'wordpress',
        settings: { site_url: 'http://127.0.0.1:9', username: 'x', application_password: 'y' },
      },
    });

    expect(ok.body).toEqual({
      ok: true,
      message: `Connected to ${wp.url} as ${wp.user}.`,
      details: { user: wp.user, roles: 'administrator', seo_plugin: 'none found' },
    });
    // WordPress 6.1 answers a wrong Application Password as a request without credentials.
    expect(wrong.body).toEqual({
      ok: false,
      message: 'WordPress did not accept the user name and Application Password.',
      remote_message: 'You are not currently logged in. (rest_not_logged_in)',
    });
    expect(notWordPress.body).toMatchObject({ ok: false, message: 'Could not connect to 127.0.0.1:9 (ECONNREFUSED).' });
  });

  it('refuses a user with the Author role, naming the rights it lacks', async () => {
    const { owner, projectId } = await newProject(app);
    const created = await wp.rest('/wp/v2/users', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'ann-author',
        email: 'ann@example.com',
        password: 'a long password 1',
        name: 'Ann Author',
        roles: ['author'],
      }),
    });
    expect(created.status).toBe(201);
    const password = await wp.rest(`/wp/v2/users/${created.body.id}/application-passwords`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Inkpilot' }),
    });
    const test = (settings: Record<string, string>) =>
      call(app, 'POST', `/api/projects/${projectId}/destinations/test`, {
        token: owner.token,
        body: {
          kind: 'wordpress',
          settings: {
            site_url: wp.url,
            username: 'ann-author',
            application_password: password.body.password,
            ...settings,
          },
        },
      });

    const plain = await test({});
    const withCategory = await test({ category: 'Baking' });
    const saved = await call(app, 'GET', `/api/projects/${projectId}/destinations`, { token: owner.token });

    expect(plain.body).toEqual({
      ok: false,
      message:
        "The user Ann Author (author) cannot edit others' posts (edit_others_posts): use an Editor or Administrator.",
    });
    expect(withCategory.body.message).toBe(
      "The user Ann Author (author) cannot edit others' posts (edit_others_posts), create categories (manage_categories): use an Editor or Administrator.",
    );
    expect(saved.body).toEqual([]);
  });

  it('publishes with the cover, tags and excerpt, updates in place, unpublishes to a draft and publishes again', async () => {
    const { api, projectId } = await wordpressProject({ category: 'Baking' });
    const cover = await pngCover(projectId, 'Rye bread');
    let post = await api.draft(projectId, {
      title: 'Rye bread for beginners',
      markdown: '## Why rye\n\nRye keeps **longer**.',
      excerpt: 'A dense, keeping loaf.',
      tags: ['Bread', 'rye'],
      cover_image_url: cover,
      cover_image_alt: 'A rye loaf on a board',
    });

    post = await api.publish(post);
    const first = await deliveriesUntil(() => api.publishing(post.id), settled(1));
    const remoteId = (await testSql()`select remote_id from post_destinations where post_id = ${post.id}`)[0]!
      .remote_id;
    const published = await wpPost(remoteId);
    const media = (await wp.rest(`/wp/v2/media/${published.featured_media}`)).body;
    const tags = (await wp.rest('/wp/v2/tags', {}, `include=${published.tags.join(',')}`)).body;
    const categories = (await wp.rest('/wp/v2/categories', {}, `include=${published.categories.join(',')}`)).body;

    expect(first.deliveries[0]).toMatchObject({ state: 'delivered', action: 'publish', attempts: 1 });
    expect(first.destinations[0]).toMatchObject({ live: true, remote_url: published.link, name: 'Company site' });
    expect(published).toMatchObject({ status: 'publish', slug: post.slug, title: { raw: 'Rye bread for beginners' } });
    expect(published.content.raw).toContain('<strong>longer</strong>');
    expect(published.excerpt.raw).toBe('A dense, keeping loaf.');
    expect(tags.map((tag: { name: string }) => tag.name).sort()).toEqual(['Bread', 'rye']);
    expect(categories.map((category: { name: string }) => category.name)).toEqual(['Baking']);
    expect(media).toMatchObject({ media_type: 'image', mime_type: 'image/png', alt_text: 'A rye loaf on a board' });
    expect(media.media_details).toMatchObject({ width: 1200, height: 630 });

    post = await api.edit(post, { title: 'Rye bread for beginners, revised', tags: ['bread', 'Sourdough'] });
    await deliveriesUntil(() => api.publishing(post.id), settled(2));
    const updated = await wpPost(remoteId);
    const sameSlug = (await wp.rest('/wp/v2/posts', {}, `slug=${post.slug}&status=publish,draft&context=edit`)).body;
    const covers = (await wp.rest('/wp/v2/media', {}, 'per_page=100')).body.filter(
      (item: { id: number; slug: string }) => item.slug === media.slug,
    );
    const newTags = (await wp.rest('/wp/v2/tags', {}, `include=${updated.tags.join(',')}`)).body;

    expect(updated.title.raw).toBe('Rye bread for beginners, revised');
    expect(sameSlug).toHaveLength(1);
    expect(covers).toHaveLength(1);
    expect(updated.featured_media).toBe(published.featured_media);
    // "bread" matched the existing "Bread" (case does not make a second tag); "Sourdough" was made.
    expect(newTags.map((tag: { name: string }) => tag.name).sort()).toEqual(['Bread', 'Sourdough']);

    post = await api.unpublish(post);
    const down = await deliveriesUntil(() => api.publishing(post.id), settled(3));
    expect((await wpPost(remoteId)).status).toBe('draft');
    expect(down.destinations[0]).toMatchObject({ live: false });
    expect(down.deliveries[0]).toMatchObject({ event_kind: 'unpublished', action: 'unpublish', state: 'delivered' });

    post = await api.publish(post);
    const up = await deliveriesUntil(() => api.publishing(post.id), settled(4));
    expect((await wpPost(remoteId)).status).toBe('publish');
    expect(up.deliveries[0]).toMatchObject({ event_kind: 'published', action: 'update', state: 'delivered' });
    expect(up.destinations[0]).toMatchObject({ live: true });
    const all = (await wp.rest('/wp/v2/posts', {}, 'per_page=100&status=publish,draft&context=edit')).body;
    expect(all.filter((item: { slug: string }) => item.slug === post.slug)).toHaveLength(1);
  });

  it('writes Yoast’s and Rank Math’s title, description and canonical fields when the site runs one', async () => {
    const { api, projectId } = await wordpressProject();
    const write = async (title: string) => {
      const post = await api.publish(
        await api.draft(projectId, {
          title,
          meta_title: `${title} | Acme`,
          meta_description: `Everything about ${title.toLowerCase()} in one page, tested at home.`,
        }),
      );
      const log = await deliveriesUntil(() => api.publishing(post.id), settled(1));
      const [row] = await testSql()`select remote_id from post_destinations where post_id = ${post.id}`;
      return { post, log, remote: await wpPost(row!.remote_id) };
    };

    await wp.seoPlugin('yoast');
    const yoast = await write('Yoast test');
    await wp.seoPlugin('rank_math');
    const rankMath = await write('Rank Math test');
    await wp.seoPlugin('yoast-closed');
    const closed = await write('Closed fields');
    await wp.seoPlugin(null);

    expect(yoast.remote.meta).toMatchObject({
      _yoast_wpseo_title: 'Yoast test | Acme',
      _yoast_wpseo_metadesc: 'Everything about yoast test in one page, tested at home.',
      _yoast_wpseo_canonical: expect.stringMatching(new RegExp(`\\.blogs\\.localhost:\\d+/${yoast.post.slug}$`)),
    });
    expect(rankMath.remote.meta).toMatchObject({
      rank_math_title: 'Rank Math test | Acme',
      rank_math_description: 'Everything about rank math test in one page, tested at home.',
    });
    expect(rankMath.remote.meta.rank_math_canonical_url).toMatch(/\.blogs\.localhost:\d+\/rank-math-test$/);
    expect(closed.log.deliveries[0]).toMatchObject({ state: 'delivered' });
    expect(closed.log.deliveries[0]!.result).toMatch(
      /^Yoast SEO is active, but its title and description fields are not open/,
    );
  });

  it('points the hosted blog’s canonical link at WordPress when WordPress is where posts are canonical', async () => {
    const { api, projectId } = await wordpressProject();
    const [destination] = await api.ok('GET', `/api/projects/${projectId}/destinations`);
    await api.ok('PATCH', `/api/projects/${projectId}/destinations/${destination.id}`, { canonical: 'destination' });
    await wp.seoPlugin('yoast');
    const [project] = await testSql()`select slug from projects where id = ${projectId}`;
    const page = async (slug: string) => {
      const answer = await app.request(`/${slug}`, { headers: { host: `${project!.slug}.blogs.localhost:4321` } });
      return /<link rel="canonical" href="([^"]+)">/.exec(await answer.text())?.[1];
    };

    const post = await api.publish(await api.draft(projectId, { title: 'Canonical over there' }));
    const before = await page(post.slug);
    const log = await deliveriesUntil(() => api.publishing(post.id), settled(1));
    const [row] = await testSql()`select remote_id from post_destinations where post_id = ${post.id}`;
    const remote = await wpPost(row!.remote_id);
    await wp.seoPlugin(null);

    expect(before).toBe(`http://${project!.slug}.blogs.localhost:4321/${post.slug}`);
    // The page cached before WordPress had the post is dropped when its address arrives (the change feed).
    await expect.poll(() => page(post.slug), { timeout: 5000 }).toBe(remote.link);
    expect(log.destinations[0]).toMatchObject({ canonical: 'destination', remote_url: remote.link });
    // WordPress's own page is the original: it is not told to point at the blog.
    expect(remote.meta._yoast_wpseo_canonical).toBe('');
  });

  it('sends a drawn SVG cover as its 1200×630 PNG, which WordPress takes (it refuses SVG uploads)', async () => {
    const { api, projectId } = await wordpressProject();
    const [row] = await testSql()`
      insert into media (project_id, content_type, body)
      values (${projectId}, 'image/svg+xml', ${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect width="1200" height="630" fill="#4338ca"/></svg>')})
      returning id`;
    const post = await api.publish(
      await api.draft(projectId, { title: 'Vector cover', cover_image_url: `/api/media/${row!.id}` }),
    );

    const log = await deliveriesUntil(() => api.publishing(post.id), settled(1));
    const remoteId = (await testSql()`select remote_id from post_destinations where post_id = ${post.id}`)[0]!
      .remote_id;
    const media = (await wp.rest(`/wp/v2/media/${(await wpPost(remoteId)).featured_media}`)).body;

    expect(log.deliveries[0]).toMatchObject({ state: 'delivered', attempts: 1 });
    expect(media).toMatchObject({ mime_type: 'image/png', media_details: { width: 1200, height: 630 } });
  });

  it('notices an edit made on the site since the last push, asking at most once a minute', async () => {
    const { api, projectId } = await wordpressProject();
    const post = await api.publish(await api.draft(projectId, { title: 'Edited over there' }));
    await deliveriesUntil(() => api.publishing(post.id), settled(1));
    const [row] = await testSql()`select remote_id from post_destinations where post_id = ${post.id}`;
    const check = () => api.ok('POST', `/api/blogs/posts/post/${post.id}/publishing/check`);

    const before = await check();
    // WordPress keeps modified times in whole seconds: an edit in the same second as our push would not show.
    await new Promise((done) => setTimeout(done, 1100));
    await wp.rest(`/wp/v2/posts/${row!.remote_id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Edited over there, by hand' }),
    });
    await testSql()`update post_destinations set checked_at = null where post_id = ${post.id}`;
    const after = await check();
    const again = await check();

    expect(before.destinations[0]).toMatchObject({ changed_on_remote: false });
    expect(after.destinations[0]).toMatchObject({ changed_on_remote: true, live: true });
    expect(again.destinations[0].checked_at).toBe(after.destinations[0].checked_at);
  });
});
