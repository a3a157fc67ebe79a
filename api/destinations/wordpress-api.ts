// The WordPress REST API as the adapter uses it: every route through `?rest_route=` (it works with and without pretty
// permalinks), Basic auth with an Application Password, WordPress's `{ code, message }` errors kept in its words.
import { createHash } from 'node:crypto';
import { ensureOk, excerpt, send, type RemoteAnswer } from './remote.ts';
import { DestinationError, type DestinationIo, type OutgoingPost } from './types.ts';

export const SERVICE = 'WordPress';

export interface WordPressSettings {
  site_url: string;
  username: string;
  application_password: string;
  category?: string | undefined;
}

/** The site's address without a trailing slash. */
export const siteOf = (settings: WordPressSettings) => settings.site_url.replace(/\/+$/, '');

/** WordPress's own words from an error answer (`{ code, message }`), else a bit of the body. */
export function wordsOf(answer: RemoteAnswer): string {
  const body = answer.json as { message?: unknown; code?: unknown } | undefined;
  if (body && typeof body.message === 'string') {
    const message = body.message.replace(/<[^>]*>/g, '');
    return typeof body.code === 'string' ? `${message} (${body.code})` : message;
  }
  return excerpt(answer.text.replace(/<[^>]*>/g, ' '));
}

/** One REST call as the Application Password's user; `query` is added after `rest_route`. */
export async function call(
  io: DestinationIo,
  settings: WordPressSettings,
  route: string,
  init: {
    method?: string;
    query?: Record<string, string>;
    json?: unknown;
    body?: Uint8Array;
    headers?: Record<string, string>;
  } = {},
): Promise<RemoteAnswer> {
  const query = new URLSearchParams({ rest_route: route, ...init.query });
  const auth = Buffer.from(`${settings.username}:${settings.application_password.replace(/\s+/g, '')}`).toString(
    'base64',
  );
  const headers: Record<string, string> = {
    authorization: `Basic ${auth}`,
    accept: 'application/json',
    ...init.headers,
  };
  let body: string | Uint8Array | undefined = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  return send(io, SERVICE, `${siteOf(settings)}/?${query}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    ...(body === undefined ? {} : { body: body as BodyInit }),
  });
}

/** The call's JSON answer, or the DestinationError its refusal means. */
export async function callOk<T>(
  io: DestinationIo,
  settings: WordPressSettings,
  route: string,
  init: Parameters<typeof call>[3] = {},
): Promise<T> {
  const answer = await call(io, settings, route, init);
  ensureOk(answer, SERVICE, wordsOf(answer), io.now());
  if (answer.json === undefined)
    throw new DestinationError(`${SERVICE} at ${siteOf(settings)} did not answer with JSON: is it a WordPress site?`, {
      retry: false,
    });
  return answer.json as T;
}

/** Which SEO plugin the site runs, from its REST index's namespaces. */
export type SeoPlugin = 'yoast' | 'rank_math' | null;

export function seoPluginOf(namespaces: readonly string[]): SeoPlugin {
  if (namespaces.some((name) => name.startsWith('yoast/'))) return 'yoast';
  if (namespaces.some((name) => name.startsWith('rankmath/'))) return 'rank_math';
  return null;
}

export const SEO_PLUGIN_NAME = { yoast: 'Yoast SEO', rank_math: 'Rank Math' } as const;

/** The meta fields each SEO plugin reads for the title, description and canonical address. */
export const SEO_KEYS = {
  yoast: { title: '_yoast_wpseo_title', description: '_yoast_wpseo_metadesc', canonical: '_yoast_wpseo_canonical' },
  rank_math: { title: 'rank_math_title', description: 'rank_math_description', canonical: 'rank_math_canonical_url' },
} as const;

/** The SEO plugin's meta for a post: its title, description and (when the hosted blog is canonical) canonical. */
export function seoMeta(plugin: SeoPlugin, post: OutgoingPost): Record<string, string> {
  if (!plugin) return {};
  const keys = SEO_KEYS[plugin];
  return {
    [keys.title]: post.meta_title || post.title,
    [keys.description]: post.meta_description || post.excerpt,
    ...(post.canonical_url ? { [keys.canonical]: post.canonical_url } : {}),
  };
}

/** Whether the site kept the SEO fields we sent (it ignores meta keys no plugin opened to the REST API). */
export function seoKept(plugin: SeoPlugin, meta: unknown): boolean {
  if (!plugin) return true;
  return Boolean(meta && typeof meta === 'object' && SEO_KEYS[plugin].title in meta);
}

interface Term {
  id: number;
  name: string;
  slug: string;
}

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#0?39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** The id of the tag or category with this name: matched case-insensitively, created when the site has none. */
export async function termId(
  io: DestinationIo,
  settings: WordPressSettings,
  taxonomy: 'tags' | 'categories',
  name: string,
): Promise<number> {
  const found = await callOk<Term[]>(io, settings, `/wp/v2/${taxonomy}`, {
    query: { search: name, per_page: '100', _fields: 'id,name,slug' },
  });
  const wanted = name.trim().toLowerCase();
  const match = found.find((term) => decode(term.name).trim().toLowerCase() === wanted);
  if (match) return match.id;
  const created = await call(io, settings, `/wp/v2/${taxonomy}`, { json: { name } });
  // Created meanwhile by someone else (or hidden from search by its slug): WordPress names the one that exists.
  const existing = (created.json as { code?: string; data?: { term_id?: number } } | undefined) ?? {};
  if (created.status === 400 && existing.code === 'term_exists' && existing.data?.term_id) return existing.data.term_id;
  ensureOk(created, SERVICE, wordsOf(created), io.now());
  return (created.json as Term).id;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
};

/**
 * The media id of the post's cover on the site: the one uploaded before when its bytes are the same (its slug names
 * their hash), else a new upload (raw body, Content-Disposition) with the cover's alt text.
 */
export async function coverId(
  io: DestinationIo,
  settings: WordPressSettings,
  cover: NonNullable<OutgoingPost['cover']>,
): Promise<number> {
  const bytes = await cover.bytes();
  const slug = `inkpilot-cover-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}`;
  const [kept] = await callOk<{ id: number }[]>(io, settings, '/wp/v2/media', {
    query: { slug, _fields: 'id' },
  });
  if (kept) return kept.id;
  const extension = EXTENSIONS[cover.content_type] ?? 'png';
  const answer = await call(io, settings, '/wp/v2/media', {
    method: 'POST',
    body: bytes,
    headers: {
      'content-type': cover.content_type,
      'content-disposition': `attachment; filename="${slug}.${extension}"`,
    },
  });
  // WordPress answers a file it will not take (an SVG, by default) with a 500 and a rest_upload_* code: a refusal, not
  // an outage, so it is not tried again.
  const code = (answer.json as { code?: string } | undefined)?.code;
  if (code?.startsWith('rest_upload_'))
    throw new DestinationError(`WordPress refused the cover image (${cover.content_type}): ${wordsOf(answer)}`, {
      retry: false,
      status: answer.status,
      remoteMessage: wordsOf(answer),
    });
  ensureOk(answer, SERVICE, wordsOf(answer), io.now());
  const uploaded = answer.json as { id: number };
  await callOk(io, settings, `/wp/v2/media/${uploaded.id}`, {
    json: { slug, alt_text: cover.alt, title: cover.alt || slug },
  });
  return uploaded.id;
}
