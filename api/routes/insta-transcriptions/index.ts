import type { Context } from 'hono';
import type { AppEnv } from '../../lib/hono.ts';
import { errorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { type CachedJson, cachedJson } from '../../services/transcriptions/cache.ts';
import { getTranscription, listTagTranscriptions, normalizeTag } from '../../services/transcriptions/read.ts';
import { getTagIndex } from '../../services/transcriptions/tag-index.ts';
import { pageQuery, slugParam, tagParam } from './schema.ts';

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

/** GET /api/insta-transcriptions/tags: the gallery's tag index. */
export const tagIndexRoute = defineRoute({
  method: 'get',
  path: '/api/insta-transcriptions/tags',
  tag: 'Transcriber',
  public: true,
  summary: 'The gallery tag index.',
  responses: { 200: { description: 'Tags with counts.' } },
  handler: async (c) => {
    const sql = c.get('deps').sql;
    return sendCached(c, await cachedJson('tags', () => getTagIndex(sql)));
  },
});

/** GET /api/insta-transcriptions/tags/{tag}: one page of a tag. */
export const tagPageRoute = defineRoute({
  method: 'get',
  path: '/api/insta-transcriptions/tags/{tag}',
  tag: 'Transcriber',
  public: true,
  summary: 'One page of a tag.',
  params: tagParam,
  query: pageQuery,
  responses: { 200: { description: 'Transcripts of the tag.' } },
  handler: async (c, { params, query: { page, limit } }) => {
    const tag = normalizeTag(params.tag);
    const sql = c.get('deps').sql;
    const entry = await cachedJson(`tag:${tag}:${page}:${limit}`, async () => ({
      data: await listTagTranscriptions({ sql, tag, page, limit }),
    }));
    return sendCached(c, entry);
  },
});

/** GET /api/insta-transcriptions/{slug}: one transcript. */
export const transcriptRoute = defineRoute({
  method: 'get',
  path: '/api/insta-transcriptions/{slug}',
  tag: 'Transcriber',
  public: true,
  summary: 'One transcript by its slug.',
  params: slugParam,
  responses: {
    200: { description: 'The transcript.' },
    404: { description: 'No such transcript.', schema: errorBody },
  },
  handler: async (c, { params }) =>
    c.json({ data: await getTranscription({ sql: c.get('deps').sql, slug: params.slug }) }),
});

/** /api/insta-transcriptions: the public gallery (tag index, tag pages, one transcript by slug). */
export const instaTranscriptionsRoutes = [tagIndexRoute, tagPageRoute, transcriptRoute];
