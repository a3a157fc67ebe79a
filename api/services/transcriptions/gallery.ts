import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TranscriptGallery } from '../../../src/lib/transcripts/types.ts';
import type { Sql } from '../../db/sql.ts';
import type { AppDeps } from '../../lib/hono.ts';
import { findBySlug } from './queries.ts';
import { listTagTranscriptions } from './read.ts';

const PAGE_SIZE = 20;

/** The read side of the gallery for on-demand pages: the same queries as the API, without an HTTP hop. */
export function createGallery(sql: Sql): TranscriptGallery {
  return {
    getBySlug: async (slug) => (await findBySlug(sql, slug.toLowerCase())) ?? null,
    listByTag: (tag, page) => listTagTranscriptions({ sql, tag, page, limit: PAGE_SIZE }),
  };
}

type LocalsHandler = (req: IncomingMessage, res: ServerResponse, next: undefined, locals: object) => Promise<void>;

/** Wraps Astro's Node handler so every on-demand page finds the gallery in Astro.locals.transcripts. */
export function withGalleryLocals(handler: AppDeps['astroHandler'], sql: Sql): AppDeps['astroHandler'] {
  if (!handler) return undefined;
  const locals = { transcripts: createGallery(sql) };
  return (req, res) => (handler as unknown as LocalsHandler)(req, res, undefined, locals);
}
