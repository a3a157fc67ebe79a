import { describe, expect, it } from 'vitest';
import { resolveFieldMap, webflowAdapter } from '../../../api/destinations/webflow.ts';
import { startFakeWebflow } from '../../fixtures/fake-webflow/server.mjs';
import { destinationConformance, testIo } from './conformance.ts';

type FakeWebflow = Awaited<ReturnType<typeof startFakeWebflow>>;

/** An item as Webflow's API shows it: the staged item, and whether the live one exists. */
async function readBack(webflow: FakeWebflow, itemId: string) {
  const headers = { authorization: `Bearer ${webflow.state.token}` };
  const path = `${webflow.apiBase}/collections/${webflow.state.collectionId}/items/${itemId}`;
  const staged = await fetch(path, { headers });
  if (staged.status === 404) return null;
  const live = await fetch(`${path}/live`, { headers });
  return { item: (await staged.json()) as { fieldData: Record<string, any> }, live: live.ok };
}

destinationConformance({
  adapter: webflowAdapter,
  injectsFailures: true,
  async start() {
    const webflow = await startFakeWebflow();
    const settings = {
      api_token: webflow.state.token,
      site_id: webflow.state.siteId,
      collection_id: webflow.state.collectionId,
    };
    return {
      settings,
      badCredentials: { ...settings, api_token: `wf_${'0'.repeat(48)}` },
      missingId: '0123456789abcdef01234567',
      apiBase: { webflow: webflow.apiBase },
      async read(id) {
        const found = await readBack(webflow, id);
        if (!found) return null;
        const data = found.item.fieldData;
        return {
          title: data.name,
          html: data['post-body'] ?? '',
          slug: data.slug,
          tags: String(data.tags ?? '').split(', '),
          live: found.live,
          image: data['main-image']?.url ?? null,
          meta_title: data['seo-title'],
          meta_description: data['seo-description'],
        };
      },
      count: async () => webflow.state.items.size,
      editRemotely: async (id) => webflow.editRemotely(id),
      image: async (url) => new Uint8Array(await (await fetch(url)).arrayBuffer()),
      failNext: async (failure) =>
        webflow.fail(failure.status, 'retryAfterSeconds' in failure ? { retryAfter: failure.retryAfterSeconds } : {}),
      stop: webflow.stop,
    };
  },
});

describe('Webflow specifics', () => {
  const io = (webflow: FakeWebflow) => ({
    ...testIo(),
    apiBase: { webflow: webflow.apiBase },
  });
  const base = (webflow: FakeWebflow) => ({
    api_token: webflow.state.token,
    site_id: webflow.state.siteId,
  });

  it('Test connection lists the collections, then the fields each part may go to, and says how it mapped them', async () => {
    const webflow = await startFakeWebflow();
    try {
      const first = await webflowAdapter.test({ settings: base(webflow), io: io(webflow) });
      const second = await webflowAdapter.test({
        settings: { ...base(webflow), collection_id: webflow.state.collectionId },
        io: io(webflow),
      });

      expect(first.ok).toBe(false);
      expect(first.message).toBe(
        `Connected to Acme Marketing. Choose the collection posts go to: Blog Posts (${webflow.state.collectionId}).`,
      );
      expect(first.choices?.collection_id).toEqual([{ value: webflow.state.collectionId, label: 'Blog Posts' }]);
      expect(second.ok).toBe(true);
      expect(second.choices?.body_field).toEqual([{ value: 'post-body', label: 'Post Body (RichText)' }]);
      expect(second.choices?.image_field?.map((choice) => choice.value)).toEqual(['main-image', 'thumbnail-image']);
      // Name and slug take the post's title and slug: never offered for another part.
      expect(second.choices?.summary_field?.map((choice) => choice.value)).toEqual([
        'post-body',
        'post-summary',
        'seo-title',
        'seo-description',
        'tags',
      ]);
      expect(second.ok && second.details?.fields).toBe(
        'Body → post-body, Summary → post-summary, Cover image → main-image, SEO title → seo-title, SEO description → seo-description, Tags → tags',
      );
    } finally {
      await webflow.stop();
    }
  });

  it('refuses a mapping to a field of the wrong type, and a required field Inkpilot does not fill', () => {
    const fields = [
      { slug: 'name', displayName: 'Name', type: 'PlainText', isRequired: true },
      { slug: 'slug', displayName: 'Slug', type: 'PlainText', isRequired: true },
      { slug: 'post-body', displayName: 'Post Body', type: 'RichText' },
      { slug: 'author', displayName: 'Author', type: 'Reference', isRequired: true },
    ];

    const { problems } = resolveFieldMap(fields, { image: 'post-body' });

    expect(problems).toEqual([
      'Cover image: “Post Body” is a RichText field; it needs Image.',
      '“Author” is required by the collection and Inkpilot does not fill it: map it or make it optional.',
    ]);
  });

  it("a token without CMS write access is refused for good at publish, in Webflow's words", async () => {
    const webflow = await startFakeWebflow();
    webflow.state.tokens.get(webflow.state.token)!.scope = ['sites:read', 'cms:read'];
    const settings = { ...base(webflow), collection_id: webflow.state.collectionId };
    try {
      const check = await webflowAdapter.test({ settings, io: io(webflow) });
      const error = await webflowAdapter
        .publish({ settings, post: post('no-scope'), io: io(webflow) })
        .catch((caught: unknown) => caught);

      expect(check).toMatchObject({ ok: false, remote_message: 'Token scopes: sites:read,cms:read' });
      expect(error).toMatchObject({ retry: false, status: 403, remoteMessage: 'OAuthForbidden: missing_scopes' });
    } finally {
      await webflow.stop();
    }
  });

  it("past the minute's request budget Webflow answers 429, and the adapter waits the Retry-After it gave", async () => {
    const webflow = await startFakeWebflow();
    webflow.state.perMinute = 3;
    const settings = { ...base(webflow), collection_id: webflow.state.collectionId };
    try {
      const error = await webflowAdapter
        .publish({ settings, post: post('budget'), io: io(webflow) })
        .then(() => webflowAdapter.publish({ settings, post: post('budget-2'), io: io(webflow) }))
        .catch((caught: unknown) => caught);

      expect(error).toMatchObject({ retry: true, status: 429, remoteMessage: 'Too many requests' });
      expect((error as { afterMs: number }).afterMs).toBeGreaterThan(50_000);
      expect((error as { afterMs: number }).afterMs).toBeLessThanOrEqual(60_000);
    } finally {
      await webflow.stop();
    }
  });

  it("a taken slug is refused with Webflow's details", async () => {
    const webflow = await startFakeWebflow();
    const settings = { ...base(webflow), collection_id: webflow.state.collectionId };
    try {
      await webflowAdapter.publish({ settings, post: post('same-slug'), io: io(webflow) });
      const error = await webflowAdapter
        .publish({ settings, post: post('same-slug'), io: io(webflow) })
        .catch((caught: unknown) => caught);

      expect(error).toMatchObject({
        retry: false,
        status: 400,
        remoteMessage: "Validation Error (fieldData.slug: Unique value is already in database: 'same-slug')",
      });
    } finally {
      await webflow.stop();
    }
  });
});

function post(slug: string) {
  return {
    id: '00000000-0000-4000-8000-000000000002',
    title: 'A post',
    slug,
    html: '<p>Body</p>',
    markdown: 'Body',
    excerpt: 'Short.',
    meta_title: '',
    meta_description: '',
    tags: [],
    keywords: [],
    lang: 'en',
    published_at: null,
    updated_at: '2026-11-20T09:00:00.000Z',
    cover: null,
    canonical_url: null,
    blog_url: null,
  };
}
