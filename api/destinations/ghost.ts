// Ghost (Admin API, Ghost 5 and 6): posts written as HTML (`?source=html`, Ghost converts it to its own format), the
// cover uploaded to Ghost's image storage and set as the feature image, tags by name (Ghost makes missing ones), SEO
// title and description, the canonical address when the hosted blog is canonical. Every request is signed with a
// short-lived JWT made from the Admin API key `{id}:{secret}`. An edit carries the post's current `updated_at`, as
// Ghost demands; when someone saved in Ghost meanwhile (409 UpdateCollisionError) the post is read again and the edit
// sent with the new `updated_at`.
import { createHash, createHmac } from 'node:crypto';
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

const LABEL = 'Ghost';
/** Ghost 5 and 6 both serve this version of the Admin API; Ghost 6 answers it without a deprecation. */
export const GHOST_ACCEPT_VERSION = 'v5.0';
/** Edits retried after an update collision before giving up (someone is editing the post in Ghost right now). */
const COLLISION_RETRIES = 3;

const settings = z.object({
  api_url: z
    .string({ error: "Give your Ghost site's address, like https://example.ghost.io." })
    .trim()
    .min(1, { error: "Give your Ghost site's address, like https://example.ghost.io." })
    .refine(
      (value) => {
        try {
          siteBase(value);
          return true;
        } catch {
          return false;
        }
      },
      { error: "Give your Ghost site's address, like https://example.ghost.io." },
    )
    .meta({
      title: 'API URL',
      format: 'uri',
      description:
        'The API URL Ghost shows beside the Admin API key (your site’s address, like https://example.ghost.io).',
    }),
  admin_api_key: z
    .string({ error: 'Paste the Admin API key from Ghost → Settings → Integrations.' })
    .trim()
    .regex(/^[0-9a-f]{24}:[0-9a-f]{64}$/i, {
      error:
        'An Admin API key is 24 characters, a colon and 64 characters (Ghost → Settings → Integrations → your integration). The Content API key will not do.',
    })
    .meta({
      title: 'Admin API key',
      description: 'Of a custom integration: Ghost → Settings → Integrations → Add custom integration.',
    }),
});
type Settings = z.infer<typeof settings>;

/** The Admin API's base address: the site address with `/ghost/api/admin`, whatever form the user pasted it in. */
function adminBase(apiUrl: string): string {
  return `${siteBase(apiUrl).replace(/\/ghost(\/.*)?$/, '')}/ghost/api/admin`;
}

/** A token Ghost accepts for five minutes: HS256 over the hex-decoded secret, `kid` the key's id, audience /admin/. */
export function ghostToken(adminApiKey: string, now: Date): string {
  const [id = '', secret = ''] = adminApiKey.trim().split(':');
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const iat = Math.floor(now.getTime() / 1000);
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT', kid: id })}.${part({ iat, exp: iat + 300, aud: '/admin/' })}`;
  const signature = createHmac('sha256', Buffer.from(secret, 'hex')).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

/** Ghost's own words from an error answer: `{ errors: [{ message, context }] }`. */
function ghostWords(body: unknown): string | undefined {
  const first = (body as { errors?: { message?: string; context?: string | null }[] } | null)?.errors?.[0];
  if (!first?.message) return typeof body === 'string' && body ? body : undefined;
  return first.context && first.context !== first.message ? `${first.message} ${first.context}` : first.message;
}

const HINTS = {
  400: 'Check the Admin API key: Ghost could not read the token made from it.',
  401: 'Copy the Admin API key again from Ghost → Settings → Integrations.',
  403: 'Use the Admin API key of a custom integration (Ghost → Settings → Integrations); it has the rights to publish.',
  404: 'Check the API URL: it is the address Ghost shows beside the Admin API key.',
  413: 'The cover image or the post is larger than Ghost accepts.',
  415: 'Ghost refused the cover image type.',
  422: 'Ghost refused the post as sent.',
};

interface GhostPost {
  id: string;
  url?: string | null;
  updated_at: string;
  feature_image?: string | null;
  status?: string;
}

/** One Admin API request as JSON; Ghost's refusal as a DestinationError. */
async function ghost(
  io: DestinationIo,
  config: Settings,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await send(io, LABEL, `${adminBase(config.api_url)}${path}`, {
    method,
    headers: {
      authorization: `Ghost ${ghostToken(config.admin_api_key, io.now())}`,
      'accept-version': GHOST_ACCEPT_VERSION,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const parsed = await jsonOf(response);
  if (response.ok) return { status: response.status, body: parsed };
  throw refusal(LABEL, response, ghostWords(parsed), io, HINTS);
}

const postOf = (body: unknown): GhostPost => {
  const post = (body as { posts?: GhostPost[] } | null)?.posts?.[0];
  if (!post?.id) throw new DestinationError('Ghost answered without the post.', { retry: true });
  return post;
};

const remoteOf = (post: GhostPost): RemotePost => ({
  remote_id: post.id,
  url: post.url ?? null,
  modified_at: post.updated_at ?? null,
});

/** The post as Ghost stores it, or null when Ghost no longer has it. */
async function readPost(io: DestinationIo, config: Settings, id: string): Promise<GhostPost | null> {
  try {
    return postOf((await ghost(io, config, 'GET', `/posts/${encodeURIComponent(id)}/?formats=html`)).body);
  } catch (error) {
    if (error instanceof DestinationError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The cover's name in Ghost's storage carries a hash of its bytes, so a post whose feature image already is this
 * cover is not uploaded again on every update.
 */
async function coverFile(post: OutgoingPost): Promise<{ name: string; bytes: Uint8Array; type: string } | null> {
  if (!post.cover) return null;
  const bytes = await post.cover.bytes();
  const extension = post.cover.content_type === 'image/webp' ? 'webp' : 'png';
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  return { name: `inkpilot-${hash}.${extension}`, bytes, type: post.cover.content_type };
}

/** Uploads the cover to Ghost's storage (unless `current` is it already) and returns its address there. */
async function uploadCover(
  io: DestinationIo,
  config: Settings,
  post: OutgoingPost,
  current: string | null | undefined,
): Promise<string | null> {
  const file = await coverFile(post);
  if (!file) return null;
  if (current?.includes(file.name.replace(/\.\w+$/, ''))) return current;
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  form.set('purpose', 'image');
  form.set('ref', file.name);
  const response = await send(io, LABEL, `${adminBase(config.api_url)}/images/upload/`, {
    method: 'POST',
    headers: {
      authorization: `Ghost ${ghostToken(config.admin_api_key, io.now())}`,
      'accept-version': GHOST_ACCEPT_VERSION,
      accept: 'application/json',
    },
    body: form,
  });
  const parsed = await jsonOf(response);
  if (!response.ok) throw refusal(LABEL, response, ghostWords(parsed), io, HINTS);
  const url = (parsed as { images?: { url?: string }[] } | null)?.images?.[0]?.url;
  if (!url) throw new DestinationError('Ghost stored the cover but did not say where.', { retry: true });
  return url;
}

/** The post's fields as Ghost's Admin API takes them (limits of Ghost's schema respected). */
function fields(post: OutgoingPost, featureImage: string | null) {
  return {
    title: clip(post.title, 255),
    slug: post.slug,
    html: post.html,
    status: 'published',
    custom_excerpt: post.excerpt ? clip(post.excerpt, 300) : null,
    tags: post.tags.map((name) => ({ name: clip(name, 191) })),
    feature_image: featureImage,
    feature_image_alt: featureImage && post.cover?.alt ? clip(post.cover.alt, 191) : null,
    meta_title: post.meta_title ? clip(post.meta_title, 300) : null,
    meta_description: post.meta_description ? clip(post.meta_description, 500) : null,
    canonical_url: post.canonical_url,
    ...(post.published_at ? { published_at: post.published_at } : {}),
  };
}

/**
 * An edit of `id` with Ghost's collision rule: sent with the post's current updated_at; on 409 (someone saved in
 * Ghost meanwhile) the post is read again and the edit sent again, a few times at most. Null when the post is gone.
 */
async function edit(
  io: DestinationIo,
  config: Settings,
  id: string,
  change: (current: GhostPost) => Promise<Record<string, unknown>>,
): Promise<GhostPost | null> {
  for (let attempt = 0; ; attempt++) {
    const current = await readPost(io, config, id);
    if (!current) return null;
    const body = { posts: [{ ...(await change(current)), updated_at: current.updated_at }] };
    try {
      return postOf((await ghost(io, config, 'PUT', `/posts/${encodeURIComponent(id)}/?source=html`, body)).body);
    } catch (error) {
      const collided = error instanceof DestinationError && error.status === 409;
      if (!collided || attempt >= COLLISION_RETRIES) throw error;
    }
  }
}

async function test({ settings: config, io }: { settings: Settings; io: DestinationIo }): Promise<ConnectionCheck> {
  try {
    const site = (await ghost(io, config, 'GET', '/site/')).body as {
      site?: { title?: string; version?: string; url?: string };
    };
    // The site answers anyone; the key is checked by a read that needs it.
    await ghost(io, config, 'GET', '/posts/?limit=1&fields=id');
    const title = site.site?.title ?? 'your Ghost site';
    return {
      ok: true,
      message: `Connected to ${title}${site.site?.version ? ` (Ghost ${site.site.version})` : ''}.`,
      details: {
        site: title,
        ...(site.site?.url ? { url: site.site.url } : {}),
        ...(site.site?.version ? { version: site.site.version } : {}),
      },
    };
  } catch (error) {
    return failedCheck(error);
  }
}

/** Ghost through its Admin API. */
export const ghostAdapter: DestinationAdapter<typeof settings> = {
  kind: 'ghost',
  label: LABEL,
  settings,
  secrets: ['admin_api_key'],
  test,
  async publish({ settings: config, post, io }) {
    const featureImage = await uploadCover(io, config, post, null);
    const created = await ghost(io, config, 'POST', '/posts/?source=html', { posts: [fields(post, featureImage)] });
    return remoteOf(postOf(created.body));
  },
  async update({ settings: config, post, remote_id, io }) {
    const saved = await edit(io, config, remote_id, async (current) =>
      fields(post, await uploadCover(io, config, post, current.feature_image)),
    );
    if (!saved)
      throw new DestinationError(
        'The post is no longer in Ghost (it was deleted there). Publish it again to create it anew.',
        { retry: false, status: 404 },
      );
    return remoteOf(saved);
  },
  async unpublish({ settings: config, remote_id, io }) {
    await edit(io, config, remote_id, async () => ({ status: 'draft' }));
  },
  async modifiedAt({ settings: config, remote_id, io }) {
    return (await readPost(io, config, remote_id))?.updated_at ?? null;
  },
};
