import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/hono.ts';
import { parseWith } from '../../lib/validate.ts';
import { getTranscription, listTagTranscriptions } from '../../services/transcriptions/read.ts';
import { getTagIndexJson } from '../../services/transcriptions/tag-index.ts';

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** /api/insta-transcriptions: the public gallery (tag index, tag pages, one transcript by slug). */
export const instaTranscriptionsRoutes = new Hono<AppEnv>()
  .get('/tags', async (c) => {
    c.header('Content-Type', 'application/json; charset=UTF-8');
    c.header('Cache-Control', 'public, max-age=5');
    return c.body(await getTagIndexJson(c.get('deps').sql));
  })
  .get('/tags/:tag', async (c) => {
    const { page, limit } = parseWith(pageQuery, c.req.query(), 'query');
    const data = await listTagTranscriptions({ sql: c.get('deps').sql, tag: c.req.param('tag'), page, limit });
    return c.json({ data });
  })
  .get('/:slug', async (c) => c.json({ data: await getTranscription({ sql: c.get('deps').sql, slug: c.req.param('slug') }) }));
