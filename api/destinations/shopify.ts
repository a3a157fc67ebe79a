// Shopify (Admin GraphQL API): a post is an article of the blog the user chose (`articleCreate` / `articleUpdate`),
// with its summary, tags, cover by URL (Shopify downloads it), and SEO title and description in the `global.title_tag`
// / `global.description_tag` metafields Shopify's themes read. Unpublishing sets `isPublished: false`. Shopify's
// refusals come back as `userErrors` in its own words; its rate limit is a cost bucket: a THROTTLED answer says how
// many points the request needed and how fast they come back, which is how long to wait.
import { z } from 'zod';
import { clip, failedCheck, jsonOf, refusal, send, siteBase } from './http.ts';
import {
  type ConnectionCheck,
  type DestinationAdapter,
  DestinationError,
  type DestinationIo,
  type OutgoingPost,
  type RemotePost,
} from './types.ts';

const LABEL = 'Shopify';
/** The Admin API version Inkpilot speaks (Shopify supports each for a year; articleCreate exists since 2024-10). */
export const SHOPIFY_API_VERSION = '2025-07';
/** Scopes that allow writing articles; one of them is needed. */
const WRITE_SCOPES = ['write_content', 'write_online_store_pages'];

const settings = z.object({
  store_domain: z
    .string({ error: 'Give your store’s address, like your-store.myshopify.com.' })
    .trim()
    .min(1, { error: 'Give your store’s address, like your-store.myshopify.com.' })
    .refine(
      (value) => {
        try {
          siteBase(value);
          return true;
        } catch {
          return false;
        }
      },
      { error: 'Give your store’s address, like your-store.myshopify.com.' },
    )
    .meta({ title: 'Store address', description: 'The store’s myshopify.com address, like your-store.myshopify.com.' }),
  access_token: z
    .string({ error: 'Paste the Admin API access token of your custom app (it starts with shpat_).' })
    .trim()
    .min(20, { error: 'Paste the Admin API access token of your custom app (it starts with shpat_).' })
    .meta({
      title: 'Admin API access token',
      description:
        'Of a custom app with the write_content scope (Shopify admin → Settings → Apps → Develop apps); it starts with shpat_.',
    }),
  blog_id: z
    .string()
    .trim()
    .regex(/^gid:\/\/shopify\/Blog\/\d+$/, { error: 'Choose one of the blogs Test connection lists.' })
    .optional()
    .meta({
      title: 'Blog ID',
      description:
        'The blog articles go to, like gid://shopify/Blog/1. Test connection lists the store’s blogs with their IDs.',
    }),
  author_name: z
    .string()
    .trim()
    .max(100)
    .optional()
    .meta({ title: 'Author', description: 'The author articles show; the store’s name when empty.' }),
});
type Settings = z.infer<typeof settings>;

interface GraphQlError {
  message?: string;
  extensions?: { code?: string };
}
interface Cost {
  requestedQueryCost?: number;
  throttleStatus?: { currentlyAvailable?: number; restoreRate?: number };
}
interface UserError {
  code?: string | null;
  field?: string[] | null;
  message: string;
}
interface Article {
  id: string;
  handle: string;
  updatedAt: string | null;
  blog: { handle: string } | null;
}

const HINTS = {
  401: 'Paste the Admin API access token again (Shopify admin → Apps → your custom app → API credentials).',
  402: 'The store is frozen for an unpaid bill; Shopify accepts no changes until it is paid.',
  403: 'Give the custom app the write_content scope and install it again.',
  404: 'Check the store address: it is the store’s myshopify.com address.',
  423: 'The store is locked; Shopify accepts no changes until it is unlocked.',
};

/** How long a THROTTLED request should wait: the points it lacks, at the bucket's restore rate. */
function throttleWaitMs(cost: Cost | undefined): number {
  const needed = cost?.requestedQueryCost ?? 50;
  const available = cost?.throttleStatus?.currentlyAvailable ?? 0;
  const rate = cost?.throttleStatus?.restoreRate || 50;
  return Math.max(1000, Math.ceil(((needed - available) / rate) * 1000));
}

/** One GraphQL request; Shopify's refusals (HTTP or GraphQL errors) as DestinationErrors. */
async function shopify<T>(
  io: DestinationIo,
  config: Settings,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const url = `${siteBase(config.store_domain)}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;
  const response = await send(io, LABEL, url, {
    method: 'POST',
    headers: {
      'x-shopify-access-token': config.access_token,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await jsonOf(response)) as {
    data?: T;
    errors?: GraphQlError[] | string;
    extensions?: { cost?: Cost };
  } | null;
  if (!response.ok) {
    const words = typeof body?.errors === 'string' ? body.errors : body?.errors?.[0]?.message;
    throw refusal(LABEL, response, words ?? (typeof body === 'string' ? body : undefined), io, HINTS);
  }
  const errors = Array.isArray(body?.errors) ? body.errors : [];
  if (errors.length) {
    const words = errors
      .map((error) => error.message)
      .filter(Boolean)
      .join(' ');
    const codes = errors.map((error) => error.extensions?.code);
    if (codes.includes('THROTTLED'))
      throw new DestinationError(`Shopify is rate limiting this store: “${words}”. Inkpilot will try again.`, {
        retry: true,
        status: 429,
        afterMs: throttleWaitMs(body?.extensions?.cost),
        remoteMessage: words,
      });
    if (codes.includes('ACCESS_DENIED'))
      throw new DestinationError(`Shopify refused: “${words}”. ${HINTS[403]}`, {
        retry: false,
        status: 403,
        remoteMessage: words,
      });
    const internal = codes.includes('INTERNAL_SERVER_ERROR');
    throw new DestinationError(
      `Shopify answered with an error: “${words}”.${internal ? ' Inkpilot will try again.' : ''}`,
      {
        retry: internal,
        remoteMessage: words,
      },
    );
  }
  if (!body?.data) throw new DestinationError('Shopify answered without data.', { retry: true });
  return body.data;
}

/** Shopify's userErrors as one final error, in its own words. */
function userErrorsOf(errors: UserError[] | undefined, action: string): DestinationError | null {
  if (!errors?.length) return null;
  const words = errors.map((error) => error.message).join(' ');
  const missing = errors.some((error) => error.code === 'NOT_FOUND' && error.field?.join('.') === 'id');
  return new DestinationError(`Shopify refused to ${action} the article: “${words}”.`, {
    retry: false,
    ...(missing ? { status: 404 } : { status: 422 }),
    remoteMessage: words,
  });
}

const ARTICLE_FIELDS = 'id handle updatedAt blog { handle }';
const SHOP = 'shop { name primaryDomain { url } }';

/** The article's fields as Shopify takes them (the SEO fields as the metafields themes read). */
function articleInput(post: OutgoingPost) {
  const seo = [
    {
      namespace: 'global',
      key: 'title_tag',
      type: 'single_line_text_field',
      value: clip(post.meta_title || post.title, 255),
    },
    ...(post.meta_description
      ? [
          {
            namespace: 'global',
            key: 'description_tag',
            type: 'multi_line_text_field',
            value: clip(post.meta_description, 320),
          },
        ]
      : []),
  ];
  return {
    title: clip(post.title, 255),
    handle: post.slug,
    body: post.html,
    summary: post.excerpt ? `<p>${post.excerpt.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`)}</p>` : null,
    tags: post.tags,
    isPublished: true,
    ...(post.published_at ? { publishDate: post.published_at } : {}),
    ...(post.cover ? { image: { url: post.cover.url, altText: clip(post.cover.alt, 512) } } : {}),
    metafields: seo,
  };
}

const articleUrl = (shopUrl: string | undefined, article: Article) =>
  shopUrl && article.blog ? `${shopUrl.replace(/\/+$/, '')}/blogs/${article.blog.handle}/${article.handle}` : null;

async function test({ settings: config, io }: { settings: Settings; io: DestinationIo }): Promise<ConnectionCheck> {
  try {
    const data = await shopify<{
      shop: { name: string; primaryDomain: { url: string } };
      currentAppInstallation: { accessScopes: { handle: string }[] };
      blogs: { nodes: { id: string; title: string; handle: string }[] };
    }>(
      io,
      config,
      `query { ${SHOP} currentAppInstallation { accessScopes { handle } } blogs(first: 50) { nodes { id title handle } } }`,
    );
    const scopes = data.currentAppInstallation.accessScopes.map((scope) => scope.handle);
    const choices = { blog_id: data.blogs.nodes.map((blog) => ({ value: blog.id, label: blog.title })) };
    if (!scopes.some((scope) => WRITE_SCOPES.includes(scope)))
      return {
        ok: false,
        message: `Connected to ${data.shop.name}, but the app cannot write articles: give it the write_content scope and install it again.`,
        remote_message: `Granted scopes: ${scopes.join(', ') || 'none'}`,
        choices,
      };
    const blog = data.blogs.nodes.find((candidate) => candidate.id === config.blog_id);
    if (!blog)
      return {
        ok: false,
        message: !data.blogs.nodes.length
          ? `Connected to ${data.shop.name}, which has no blog yet: add one in Shopify → Online Store → Blog posts.`
          : `${config.blog_id ? `${data.shop.name} has no such blog any more.` : `Connected to ${data.shop.name}.`} Choose the blog articles go to: ${choices.blog_id.map((choice) => `${choice.label} (${choice.value})`).join(', ')}.`,
        choices,
      };
    return {
      ok: true,
      message: `Connected to ${data.shop.name}: articles go to the blog “${blog.title}”.`,
      details: { store: data.shop.name, blog: blog.title, url: data.shop.primaryDomain.url },
      choices,
    };
  } catch (error) {
    return failedCheck(error);
  }
}

/** Shopify through its Admin GraphQL API. */
export const shopifyAdapter: DestinationAdapter<typeof settings> = {
  kind: 'shopify',
  label: LABEL,
  settings,
  secrets: ['access_token'],
  test,
  async publish({ settings: config, post, io }): Promise<RemotePost> {
    if (!config.blog_id)
      throw new DestinationError('Choose the Shopify blog articles go to (Test connection lists them).', {
        retry: false,
      });
    const { shop } = await shopify<{ shop: { name: string; primaryDomain: { url: string } } }>(
      io,
      config,
      `query { ${SHOP} }`,
    );
    const data = await shopify<{ articleCreate: { article: Article | null; userErrors: UserError[] } }>(
      io,
      config,
      `mutation Create($article: ArticleCreateInput!) { articleCreate(article: $article) { article { ${ARTICLE_FIELDS} } userErrors { code field message } } }`,
      { article: { ...articleInput(post), blogId: config.blog_id, author: { name: config.author_name || shop.name } } },
    );
    const refused = userErrorsOf(data.articleCreate.userErrors, 'create');
    if (refused) throw refused;
    const article = data.articleCreate.article;
    if (!article) throw new DestinationError('Shopify answered without the article.', { retry: true });
    return { remote_id: article.id, url: articleUrl(shop.primaryDomain.url, article), modified_at: article.updatedAt };
  },
  async update({ settings: config, post, remote_id, io }): Promise<RemotePost> {
    const data = await shopify<{
      shop: { primaryDomain: { url: string } };
    }>(io, config, `query { ${SHOP} }`);
    const saved = await shopify<{ articleUpdate: { article: Article | null; userErrors: UserError[] } }>(
      io,
      config,
      `mutation Update($id: ID!, $article: ArticleUpdateInput!) { articleUpdate(id: $id, article: $article) { article { ${ARTICLE_FIELDS} } userErrors { code field message } } }`,
      // A new handle keeps the old address working: Shopify adds the redirect.
      { id: remote_id, article: { ...articleInput(post), redirectNewHandle: true } },
    );
    const refused = userErrorsOf(saved.articleUpdate.userErrors, 'update');
    if (refused) throw refused;
    const article = saved.articleUpdate.article;
    if (!article) throw new DestinationError('Shopify answered without the article.', { retry: true });
    return {
      remote_id: article.id,
      url: articleUrl(data.shop.primaryDomain.url, article),
      modified_at: article.updatedAt,
    };
  },
  async unpublish({ settings: config, remote_id, io }) {
    const saved = await shopify<{ articleUpdate: { userErrors: UserError[] } }>(
      io,
      config,
      'mutation Hide($id: ID!) { articleUpdate(id: $id, article: { isPublished: false }) { userErrors { code field message } } }',
      { id: remote_id },
    );
    const refused = userErrorsOf(saved.articleUpdate.userErrors, 'unpublish');
    if (refused && refused.status !== 404) throw refused; // an article already gone is down already
  },
  async modifiedAt({ settings: config, remote_id, io }) {
    const data = await shopify<{ article: { updatedAt: string | null } | null }>(
      io,
      config,
      'query Modified($id: ID!) { article(id: $id) { updatedAt } }',
      { id: remote_id },
    );
    return data.article?.updatedAt ?? null;
  },
};
