// Renders the pages Astro builds on demand (transcript detail and tag pages) through the built server handler
// (dist/server/entry.mjs), the one the app mounts, with a gallery over fixture data in its locals, as api/app.ts does
// with the database's.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TagPageData, TranscriptGallery, Transcription } from '../../../src/lib/transcripts/types.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, next: undefined, locals: object) => Promise<void>;

/** A gallery over fixed records, paged like the real one; `failing` makes every tag page fail as a database outage would. */
export function fixtureGallery(records: Transcription[], { pageSize = 20, failing = false } = {}): TranscriptGallery {
  return {
    getBySlug: async (slug) => records.find((record) => record.slug === slug) ?? null,
    listByTag: async (tag, page): Promise<TagPageData> => {
      if (failing) throw new Error('fixture gallery is down');
      const tagged = records.filter((record) => record.tags.includes(tag));
      const totalPages = Math.max(1, Math.ceil(tagged.length / pageSize));
      return {
        transcriptions: tagged.slice((page - 1) * pageSize, page * pageSize),
        pagination: {
          current_page: page,
          total_pages: totalPages,
          total_count: tagged.length,
          has_next: page < totalPages,
          has_previous: page > 1,
        },
      };
    },
  };
}

/** The status and HTML the built handler answers for each path, with `gallery` as Astro.locals.transcripts. */
export async function renderOnDemand(
  dist: string,
  gallery: TranscriptGallery,
  paths: string[],
): Promise<{ url: string; status: number; html: string }[]> {
  const entry = pathToFileURL(resolve(join(dist, 'server', 'entry.mjs'))).href;
  const { handler } = (await import(/* @vite-ignore */ entry)) as { handler: Handler };
  const server = createServer((req, res) => void handler(req, res, undefined, { transcripts: gallery }));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return await Promise.all(
      paths.map(async (path) => {
        const answer = await fetch(`${origin}${path}`);
        return { url: path, status: answer.status, html: await answer.text() };
      }),
    );
  } finally {
    await new Promise((done) => server.close(done));
  }
}
