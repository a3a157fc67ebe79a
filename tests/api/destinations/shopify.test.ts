import { describe, expect, it } from 'vitest';
import { shopifyAdapter } from '../../../api/destinations/shopify.ts';
import { startFakeShopify } from '../../fixtures/fake-shopify/server.mjs';
import { destinationConformance, testIo } from './conformance.ts';

type FakeShopify = Awaited<ReturnType<typeof startFakeShopify>>;

/** An article as Shopify's Admin GraphQL API shows it. */
async function readBack(shopify: FakeShopify, id: string) {
  const response = await fetch(`${shopify.origin}/admin/api/2025-07/graphql.json`, {
    method: 'POST',
    headers: { 'x-shopify-access-token': shopify.state.token, 'content-type': 'application/json' },
    body: JSON.stringify({
      query: `query Read($id: ID!) { article(id: $id) { title handle body tags isPublished image { url }
        title_tag: metafield(namespace: "global", key: "title_tag") { value }
        description_tag: metafield(namespace: "global", key: "description_tag") { value } } }`,
      variables: { id },
    }),
  });
  const body = (await response.json()) as { data: { article: any } };
  return body.data.article;
}

const io = testIo();

destinationConformance({
  adapter: shopifyAdapter,
  injectsFailures: true,
  async start() {
    const shopify = await startFakeShopify();
    const settings = {
      store_domain: shopify.origin,
      access_token: shopify.state.token,
      blog_id: shopify.state.blogs[0]!.id,
    };
    return {
      settings,
      badCredentials: { ...settings, access_token: `shpat_${'0'.repeat(32)}` },
      missingId: 'gid://shopify/Article/999999999999',
      async read(id) {
        const article = await readBack(shopify, id);
        if (!article) return null;
        return {
          title: article.title,
          html: article.body,
          slug: article.handle,
          tags: article.tags,
          live: article.isPublished,
          image: article.image?.url ?? null,
          meta_title: article.title_tag?.value ?? null,
          meta_description: article.description_tag?.value ?? null,
        };
      },
      count: async () => shopify.state.articles.size,
      editRemotely: async (id) => shopify.editRemotely(id),
      image: async (url) => new Uint8Array(await (await fetch(url)).arrayBuffer()),
      failNext: async (failure) =>
        shopify.fail(failure.status, 'retryAfterSeconds' in failure ? { retryAfter: failure.retryAfterSeconds } : {}),
      stop: shopify.stop,
    };
  },
});

describe('Shopify specifics', () => {
  const post = (slug: string, change: Record<string, unknown> = {}) => ({
    id: '00000000-0000-4000-8000-000000000003',
    title: 'A post',
    slug,
    html: '<p>Body</p>',
    markdown: 'Body',
    excerpt: 'Short & sweet.',
    meta_title: 'A post — SEO',
    meta_description: '',
    tags: ['one'],
    keywords: [],
    lang: 'en',
    published_at: null,
    updated_at: '2026-11-20T09:00:00.000Z',
    cover: null,
    canonical_url: null,
    blog_url: null,
    ...change,
  });

  it('Test connection lists the blogs, and asks for one until it is chosen', async () => {
    const shopify = await startFakeShopify();
    try {
      const unchosen = await shopifyAdapter.test({
        settings: { store_domain: shopify.origin, access_token: shopify.state.token },
        io,
      });

      expect(unchosen).toMatchObject({
        ok: false,
        message: `Connected to Acme Goods. Choose the blog articles go to: News (${shopify.state.blogs[0]!.id}), Journal (${shopify.state.blogs[1]!.id}).`,
      });
      expect(unchosen.choices?.blog_id?.map((choice) => choice.label)).toEqual(['News', 'Journal']);
    } finally {
      await shopify.stop();
    }
  });

  it('an app without write_content fails Test connection, naming the scopes it has', async () => {
    const shopify = await startFakeShopify();
    shopify.state.tokens.set(shopify.state.token, ['read_content']);
    try {
      const check = await shopifyAdapter.test({
        settings: {
          store_domain: shopify.origin,
          access_token: shopify.state.token,
          blog_id: shopify.state.blogs[0]!.id,
        },
        io,
      });
      const error = await shopifyAdapter
        .publish({
          settings: {
            store_domain: shopify.origin,
            access_token: shopify.state.token,
            blog_id: shopify.state.blogs[0]!.id,
          },
          post: post('no-write'),
          io,
        })
        .catch((caught: unknown) => caught);

      expect(check).toMatchObject({ ok: false, remote_message: 'Granted scopes: read_content' });
      expect(error).toMatchObject({
        retry: false,
        status: 403,
        remoteMessage: 'Access denied for articleCreate field. Required access: `write_content` access scope.',
      });
    } finally {
      await shopify.stop();
    }
  });

  it("surfaces userErrors in Shopify's words, for good", async () => {
    const shopify = await startFakeShopify();
    const settings = {
      store_domain: shopify.origin,
      access_token: shopify.state.token,
      blog_id: shopify.state.blogs[0]!.id,
    };
    try {
      await shopifyAdapter.publish({ settings, post: post('taken'), io });
      const taken = await shopifyAdapter
        .publish({ settings, post: post('taken'), io })
        .catch((caught: unknown) => caught);
      const blank = await shopifyAdapter
        .publish({ settings, post: post('blank', { title: ' ' }), io })
        .catch((caught: unknown) => caught);

      expect(taken).toMatchObject({ retry: false, status: 422, remoteMessage: 'Handle has already been taken' });
      expect(blank).toMatchObject({ retry: false, remoteMessage: "Title can't be blank" });
    } finally {
      await shopify.stop();
    }
  });

  it('a THROTTLED answer is retried after the time the missing points take to come back', async () => {
    const shopify = await startFakeShopify();
    const settings = {
      store_domain: shopify.origin,
      access_token: shopify.state.token,
      blog_id: shopify.state.blogs[0]!.id,
    };
    try {
      shopify.throttle(0);
      const error = await shopifyAdapter
        .publish({ settings, post: post('throttled'), io })
        .catch((caught: unknown) => caught);

      expect(error).toMatchObject({ retry: true, status: 429, remoteMessage: 'Throttled' });
      // The query needs 2 points, the bucket had (about) none and gives back 50 a second: the shortest wait, 1 s.
      expect((error as { afterMs: number }).afterMs).toBe(1000);
    } finally {
      await shopify.stop();
    }
  });

  it('sends the summary as HTML, the SEO fields as global metafields, and the shop name as author by default', async () => {
    const shopify = await startFakeShopify();
    const settings = {
      store_domain: shopify.origin,
      access_token: shopify.state.token,
      blog_id: shopify.state.blogs[1]!.id,
    };
    try {
      const { remote_id, url } = await shopifyAdapter.publish({ settings, post: post('seo'), io });

      const article = shopify.state.articles.get(remote_id);
      expect(article.summary).toBe('<p>Short &#38; sweet.</p>');
      expect(article.author).toEqual({ name: 'Acme Goods' });
      expect(article.metafields).toEqual([
        { namespace: 'global', key: 'title_tag', type: 'single_line_text_field', value: 'A post — SEO' },
      ]);
      expect(url).toBe(`${shopify.origin}/blogs/journal/seo`);
    } finally {
      await shopify.stop();
    }
  });
});
