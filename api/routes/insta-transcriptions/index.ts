import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../lib/hono.ts';
import { parseWith } from '../../lib/validate.ts';
import { cachedJson, type CachedJson } from '../../services/transcriptions/cache.ts';
import { getTranscription, listTagTranscriptions, normalizeTag } from '../../services/transcriptions/read.ts';
import { getTagIndex } from '../../services/transcriptions/tag-index.ts';
import { pageQuery } from './schema.ts';

/** Sends a cached gallery answer, gzipped when the client accepts it; shared caches may keep it 5 s. */
function sendCached(c: Context<AppEnv>, entry: CachedJson): Response {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=UTF-8',
    'Cache-Control': 'public, max-age=5',
    Vary: 'Accept-Encoding',
  };
  if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
    return c.body(entry.gzip() as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Encoding': 'gzip' });
  }
  return c.body(entry.bytes as Uint8Array<ArrayBuffer>, 200, headers); // written straight to the socket by @hono/node-server
}

/** /api/insta-transcriptions: the public gallery (tag index, tag pages, one transcript by slug). */
export const instaTranscriptionsRoutes = new Hono<AppEnv>()
  .get('/tags', async (c) => {
    const sql = c.get('deps').sql;
    return sendCached(c, await cachedJson('tags', () => getTagIndex(sql)));
  })
  .get('/tags/:tag', async (c) => {
    const { page, limit } = parseWith(pageQuery, c.req.query(), 'query');
    const tag = normalizeTag(c.req.param('tag'));
    const sql = c.get('deps').sql;
    const entry = await cachedJson(`tag:${tag}:${page}:${limit}`, async () => ({
      data: await listTagTranscriptions({ sql, tag, page, limit }),
    }));
    return sendCached(c, entry);
  })
  .get('/:slug', async (c) =>
    c.json({ data: await getTranscription({ sql: c.get('deps').sql, slug: c.req.param('slug') }) }),
  );
