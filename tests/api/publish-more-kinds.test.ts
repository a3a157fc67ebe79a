// Ghost, Webflow and Shopify as a user meets them (issue 28): offered by GET /api/destinations/kinds with a titled
// form, Test connection through the route (listing the Webflow collections and the Shopify blogs to choose from, in
// words and as choices), saved with sealed secrets, and a post published in the workspace delivered by the delivery
// job to each fake service, taken down when it is unpublished. Ghost gets a drawn SVG cover as its 1200×630 PNG.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { startFakeGhost } from '../fixtures/fake-ghost/server.mjs';
import { startFakeShopify } from '../fixtures/fake-shopify/server.mjs';
import { startFakeWebflow } from '../fixtures/fake-webflow/server.mjs';
import { testSql } from './helpers.ts';
import { client, deliveriesUntil, newProject, publishingServer, settled } from './publishing-support.ts';

let runner: JobRunner;
let app: Awaited<ReturnType<typeof publishingServer>>['app'];
let ghost: Awaited<ReturnType<typeof startFakeGhost>>;
let webflow: Awaited<ReturnType<typeof startFakeWebflow>>;
let shopify: Awaited<ReturnType<typeof startFakeShopify>>;

beforeAll(async () => {
  [ghost, webflow, shopify] = await Promise.all([startFakeGhost(), startFakeWebflow(), startFakeShopify()]);
  ({ app, runner } = await publishingServer({ WEBFLOW_API_BASE_URL: webflow.apiBase }));
});
afterAll(async () => {
  await runner.stop();
  await Promise.all([ghost.stop(), webflow.stop(), shopify.stop()]);
});

type Field = { name: string; title: string; type: string; required: boolean; secret: boolean };

const remoteIdOf = async (postId: string) =>
  (await testSql()`select remote_id from post_destinations where post_id = ${postId}`)[0]!.remote_id as string;

describe('Ghost, Webflow and Shopify in Projects → Publishing', () => {
  it('are offered as kinds, each with a titled form whose secret is a password field', async () => {
    const { owner, projectId } = await newProject(app);
    const api = client(app, owner.token);

    const kinds = (await api.ok('GET', '/api/destinations/kinds')) as {
      kind: string;
      label: string;
      fields: Field[];
    }[];
    const byKind = Object.fromEntries(kinds.map((kind) => [kind.kind, kind]));
    const form = (kind: string) =>
      byKind[kind]!.fields.map(({ name, title, type, required }) => ({ name, title, type, required }));

    expect(kinds.map((kind) => kind.kind)).toEqual(['wordpress', 'ghost', 'webflow', 'shopify', 'webhook']);
    expect([byKind.ghost!.label, byKind.webflow!.label, byKind.shopify!.label]).toEqual([
      'Ghost',
      'Webflow',
      'Shopify',
    ]);
    expect(form('ghost')).toEqual([
      { name: 'api_url', title: 'API URL', type: 'url', required: true },
      { name: 'admin_api_key', title: 'Admin API key', type: 'password', required: true },
    ]);
    expect(form('webflow')).toEqual([
      { name: 'api_token', title: 'Site API token', type: 'password', required: true },
      { name: 'site_id', title: 'Site ID', type: 'text', required: true },
      { name: 'collection_id', title: 'Collection ID', type: 'text', required: false },
      { name: 'body_field', title: 'Body field', type: 'text', required: false },
      { name: 'summary_field', title: 'Summary field', type: 'text', required: false },
      { name: 'image_field', title: 'Cover image field', type: 'text', required: false },
      { name: 'meta_title_field', title: 'SEO title field', type: 'text', required: false },
      { name: 'meta_description_field', title: 'SEO description field', type: 'text', required: false },
      { name: 'tags_field', title: 'Tags field', type: 'text', required: false },
    ]);
    expect(form('shopify')).toEqual([
      { name: 'store_domain', title: 'Store address', type: 'text', required: true },
      { name: 'access_token', title: 'Admin API access token', type: 'password', required: true },
      { name: 'blog_id', title: 'Blog ID', type: 'text', required: false },
      { name: 'author_name', title: 'Author', type: 'text', required: false },
    ]);
    // A form that sends every field, the empty ones as "" (as the workspace's does), is accepted.
    const test = await api.ok('POST', `/api/projects/${projectId}/destinations/test`, {
      kind: 'ghost',
      settings: { api_url: ghost.origin, admin_api_key: ghost.adminKey },
    });
    expect(test).toMatchObject({ ok: true, message: 'Connected to Fake Ghost (Ghost 6.65).' });
  });

  it('Ghost: a published post arrives with its drawn cover as a PNG, and goes back to a draft when unpublished', async () => {
    const { owner, projectId } = await newProject(app);
    const api = client(app, owner.token);
    const saved = await api.destination(projectId, {
      kind: 'ghost',
      name: 'Our Ghost',
      settings: { api_url: ghost.origin, admin_api_key: ghost.adminKey },
    });
    const [cover] = await testSql()`
      insert into media (project_id, content_type, body)
      values (${projectId}, 'image/svg+xml', ${Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect width="1200" height="630" fill="#0f766e"/></svg>',
      )})
      returning id`;

    let post = await api.publish(
      await api.draft(projectId, {
        title: 'Ghost by hand',
        tags: ['Bread'],
        cover_image_url: `/api/media/${cover!.id}`,
        cover_image_alt: 'A green field',
      }),
    );
    const first = await deliveriesUntil(() => api.publishing(post.id), settled(1));
    const remote = ghost.state.posts.get(await remoteIdOf(post.id));
    const image = [...ghost.state.images.values()][0];

    expect(saved.secrets_set).toEqual(['admin_api_key']);
    expect(JSON.stringify(saved)).not.toContain(ghost.adminKey.split(':')[1]);
    expect(first.deliveries[0]).toMatchObject({ state: 'delivered', action: 'publish' });
    expect(first.destinations[0]).toMatchObject({ name: 'Our Ghost', kind: 'ghost', live: true });
    expect(remote).toMatchObject({ title: 'Ghost by hand', status: 'published', feature_image_alt: 'A green field' });
    expect(remote.tags.map((tag: { name: string }) => tag.name)).toEqual(['Bread']);
    expect(image?.type).toBe('image/png');
    expect(Buffer.from(image!.bytes.subarray(16, 24)).toString('hex')).toBe('000004b000000276'); // IHDR 1200×630

    post = await api.unpublish(post);
    await deliveriesUntil(() => api.publishing(post.id), settled(2));
    expect(ghost.state.posts.get(await remoteIdOf(post.id))).toMatchObject({ status: 'draft' });
  });

  it('Webflow: Test connection lists the collections to choose from; a post goes live as an item of the chosen one', async () => {
    const { owner, projectId } = await newProject(app);
    const api = client(app, owner.token);
    const settings = { api_token: webflow.state.token, site_id: webflow.state.siteId };

    const unchosen = await api.ok('POST', `/api/projects/${projectId}/destinations/test`, {
      kind: 'webflow',
      settings: { ...settings, collection_id: '', body_field: '' },
    });
    const chosen = await api.ok('POST', `/api/projects/${projectId}/destinations/test`, {
      kind: 'webflow',
      settings: { ...settings, collection_id: webflow.state.collectionId },
    });
    await api.destination(projectId, {
      kind: 'webflow',
      name: 'Marketing site',
      settings: { ...settings, collection_id: webflow.state.collectionId, tags_field: 'none' },
    });
    const post = await api.publish(await api.draft(projectId, { title: 'Webflow by form', tags: ['News'] }));
    const log = await deliveriesUntil(() => api.publishing(post.id), settled(1));
    const item = webflow.state.items.get(await remoteIdOf(post.id));

    expect(unchosen).toMatchObject({
      ok: false,
      message: `Connected to Acme Marketing. Choose the collection posts go to: Blog Posts (${webflow.state.collectionId}).`,
      choices: { collection_id: [{ value: webflow.state.collectionId, label: 'Blog Posts' }] },
    });
    expect(chosen).toMatchObject({ ok: true, message: 'Connected to Acme Marketing: posts go to “Blog Posts”.' });
    expect(log.deliveries[0]).toMatchObject({ state: 'delivered', action: 'publish' });
    expect(log.destinations[0]!.remote_url).toBe(`https://acme-marketing.webflow.io/post/${post.slug}`);
    expect(item).toMatchObject({ live: true, item: { fieldData: { name: 'Webflow by form', slug: post.slug } } });
    expect(item!.item.fieldData.tags).toBeUndefined(); // "none": the tags are left out
  });

  it('Shopify: Test connection lists the blogs to choose from; a post becomes an article of the chosen blog', async () => {
    const { owner, projectId } = await newProject(app);
    const api = client(app, owner.token);
    const settings = { store_domain: shopify.origin, access_token: shopify.state.token };
    const [news, journal] = shopify.state.blogs;

    const unchosen = await api.ok('POST', `/api/projects/${projectId}/destinations/test`, {
      kind: 'shopify',
      settings: { ...settings, blog_id: '', author_name: '' },
    });
    await api.destination(projectId, {
      kind: 'shopify',
      name: 'Store journal',
      settings: { ...settings, blog_id: journal!.id, author_name: 'Pat' },
    });
    let post = await api.publish(await api.draft(projectId, { title: 'Shopify by form', tags: ['Care'] }));
    const log = await deliveriesUntil(() => api.publishing(post.id), settled(1));
    const article = shopify.state.articles.get(await remoteIdOf(post.id));

    expect(unchosen).toMatchObject({
      ok: false,
      message: `Connected to Acme Goods. Choose the blog articles go to: News (${news!.id}), Journal (${journal!.id}).`,
      choices: {
        blog_id: [
          { value: news!.id, label: 'News' },
          { value: journal!.id, label: 'Journal' },
        ],
      },
    });
    expect(log.deliveries[0]).toMatchObject({ state: 'delivered', action: 'publish' });
    expect(article).toMatchObject({ title: 'Shopify by form', blogId: journal!.id, isPublished: true, tags: ['Care'] });

    post = await api.unpublish(post);
    await deliveriesUntil(() => api.publishing(post.id), settled(2));
    expect(shopify.state.articles.get(await remoteIdOf(post.id))).toMatchObject({ isPublished: false });
  });
});
