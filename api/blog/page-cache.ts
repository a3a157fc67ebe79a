import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ChangeFeed } from '../db/change-feed.ts';
import type { CountedPage } from './analytics/counter.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** One answer ready to write: the bytes in each encoding and the headers of each, built once at fill time. */
export interface ReadyPage {
  projectId: string;
  status: number;
  /** A page whose answer is a page view (a post, the home page, a tag page): what the view counter records. */
  view?: CountedPage;
  etag: string;
  identity: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
  headers: {
    identity: Record<string, string>;
    gzip: Record<string, string> | null;
    br: Record<string, string> | null;
    notModified: Record<string, string>;
  };
}

/** Builds a ReadyPage: ETag from the bytes, gzip and brotli copies for text worth compressing. */
export async function preparePage(input: {
  projectId: string;
  status: number;
  body: string | Buffer;
  headers: Record<string, string>;
  compress: boolean;
  view?: CountedPage;
}): Promise<ReadyPage> {
  const identity = typeof input.body === 'string' ? Buffer.from(input.body) : input.body;
  const etag = `W/"${createHash('sha1').update(identity).digest('base64url').slice(0, 22)}"`;
  const compress = input.compress && identity.length >= 512;
  const [gz, br] = compress
    ? await Promise.all([
        gzipAsync(identity, { level: 9 }),
        brotliAsync(identity, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
        }),
      ])
    : [null, null];
  const common = { ...input.headers, ETag: etag, ...(input.compress ? { Vary: 'Accept-Encoding' } : {}) };
  const withBody = (bytes: Buffer, encoding?: string) => ({
    ...common,
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    'Content-Length': String(bytes.length),
  });
  const notModified: Record<string, string> = { ETag: etag };
  for (const name of [
    'Cache-Control',
    'Vary',
    'Content-Security-Policy',
    'X-Content-Type-Options',
    'Referrer-Policy',
  ]) {
    const value = common[name as keyof typeof common];
    if (value) notModified[name] = value;
  }
  return {
    projectId: input.projectId,
    status: input.status,
    ...(input.view ? { view: input.view } : {}),
    etag,
    identity,
    gzip: gz,
    br,
    headers: {
      identity: withBody(identity),
      gzip: gz ? withBody(gz, 'gzip') : null,
      br: br ? withBody(br, 'br') : null,
      notModified,
    },
  };
}

/**
 * Rendered blog answers kept in this process by host + path while the change feed is live. A 'blog' change of a
 * project (a post written, published, unpublished or deleted; its domain or brand) drops that project's pages in
 * every process at commit; a page rendered while its project changed is not kept (it may show the old content).
 */
export class BlogPageCache {
  private readonly entries = new Map<string, ReadyPage>();
  /** Per project: bumped by every drop, so a render that started before one can tell. */
  private readonly versions = new Map<string, number>();
  private epoch = 0;
  private readonly feed: ChangeFeed;
  private readonly limit: number;

  constructor(feed: ChangeFeed, limit = 5_000) {
    this.feed = feed;
    this.limit = limit;
    feed.subscribe((change) => {
      if (change.kind === 'blog' || change.kind === 'project') this.dropProject(change.key);
      else if (change.kind === 'reset') this.clear();
    });
  }

  /** The kept page for host + path, when the feed is live. */
  get(key: string): ReadyPage | undefined {
    return this.feed.live ? this.entries.get(key) : undefined;
  }

  /** The content version a render must quote when it offers its page back (see put). */
  version(projectId: string): string {
    return `${this.epoch}:${this.versions.get(projectId) ?? 0}`;
  }

  /** Keeps a page unless its project changed since `version` was read or the feed is not live. */
  put(key: string, page: ReadyPage, version: string): void {
    if (!this.feed.live || version !== this.version(page.projectId)) return;
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, page);
  }

  dropProject(projectId: string): void {
    this.versions.set(projectId, (this.versions.get(projectId) ?? 0) + 1);
    for (const [key, page] of this.entries) if (page.projectId === projectId) this.entries.delete(key);
  }

  clear(): void {
    this.epoch++;
    this.versions.clear();
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
