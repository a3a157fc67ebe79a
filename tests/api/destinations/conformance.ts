// One conformance suite for every publishing destination (issue 28): each adapter runs the same cases against its
// remote — a loopback fake that follows the service's documented API, or the real server where one runs here
// (WordPress). Adding a destination is its adapter file plus a test file that calls `destinationConformance` with a
// target: how to start its remote, good and bad settings, and how to read a post back through the remote's own API.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Config } from '../../../api/config.ts';
import { destinationIo } from '../../../api/services/destinations/io.ts';
import {
  type DestinationAdapter,
  DestinationError,
  type DestinationIo,
  type OutgoingPost,
} from '../../../api/destinations/types.ts';
import { pngSize, rasterCover } from '../../../api/providers/images/raster-cover.ts';
import { coloursFrom, svgCover } from '../../../api/providers/images/svg-cover.ts';

/** A post as the remote's own API shows it. */
export interface RemoteView {
  title: string;
  /** The body as the remote serves it (HTML). */
  html: string;
  slug: string | null;
  tags: string[];
  /** Whether readers see it on the remote's site. */
  live: boolean;
  /** The address of the cover the remote holds, or null. */
  image: string | null;
  /** SEO title and description where the remote keeps them (undefined: the remote has no such field). */
  meta_title?: string | null;
  meta_description?: string | null;
}

/** A failure the remote can be told to answer the next request with (a fake can; a real server may not). */
export type InjectedFailure = { status: 429; retryAfterSeconds: number } | { status: 500 | 502 | 503 };

/** A running remote and what the suite needs to drive and inspect it. */
export interface RemoteHarness<Settings> {
  settings: Settings;
  /** Settings the remote refuses for their credentials (a wrong key or token). */
  badCredentials: Settings;
  /** The remote's id for a post that does not exist there. */
  missingId: string;
  /** The post as the remote's own API shows it, or null when the remote no longer has it. */
  read(remoteId: string): Promise<RemoteView | null>;
  /** How many posts the remote holds (an update must not add one). */
  count(): Promise<number>;
  /** Someone edits the post on the remote (its modified time moves). */
  editRemotely(remoteId: string): Promise<void>;
  /** The bytes of an image the remote holds. */
  image(url: string): Promise<Uint8Array>;
  /** Makes the remote answer its next request with this failure; left out where the remote cannot be told. */
  failNext?(failure: InjectedFailure): Promise<void>;
  /** Extra configuration of the destination io (an API base for a fixed-host API). */
  apiBase?: DestinationIo['apiBase'];
  stop(): Promise<void>;
}

/** One destination under the suite. */
export interface ConformanceTarget<S extends z.ZodObject> {
  adapter: DestinationAdapter<S>;
  start(): Promise<RemoteHarness<z.infer<S>>>;
  /** Whether the remote can be told to fail (`failNext`): fakes can, a real server cannot. */
  injectsFailures: boolean;
}

/** A PNG cover 1200×630 served on loopback, as the hosted blog serves a post's raster cover. */
async function serveCover(): Promise<{ url: string; bytes: Uint8Array; stop: () => Promise<void> }> {
  const bytes = new Uint8Array(
    await rasterCover(svgCover('Proofing sourdough in a cold kitchen', coloursFrom('#0f766e'))),
  );
  const server = createServer((request, response) => {
    if (request.url !== '/media/cover.png') return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': bytes.length }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/media/cover.png`,
    bytes,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let counter = 0;

/** A post as the outbox hands it to an adapter, unique per call (slug, a marker sentence in the body). */
function samplePost(
  cover: { url: string; bytes: Uint8Array } | null,
  change: Partial<OutgoingPost> = {},
): OutgoingPost {
  counter += 1;
  const marker = `Marker sentence ${counter}-${Date.now()}.`;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    title: `Proofing sourdough in a cold kitchen ${counter}`,
    slug: `proofing-sourdough-${counter}-${Date.now().toString(36)}`,
    html: `<h2>Why the cold slows it</h2><p>${marker}</p><ul><li>Warm water</li><li>A closed oven</li></ul>`,
    markdown: `## Why the cold slows it\n\n${marker}\n\n- Warm water\n- A closed oven\n`,
    excerpt: 'How to keep a starter lively when the kitchen is cold.',
    meta_title: 'Proofing sourdough in a cold kitchen',
    meta_description: 'Warm water, a closed oven and patience: proofing sourdough when the kitchen is cold.',
    tags: ['sourdough', 'baking tips'],
    keywords: ['proofing sourdough', 'cold kitchen'],
    lang: 'en',
    published_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-20T09:00:00.000Z',
    cover: cover
      ? { url: cover.url, alt: 'A loaf on a cold counter', content_type: 'image/png', bytes: async () => cover.bytes }
      : null,
    canonical_url: 'https://acme.blogs.example.com/proofing-sourdough',
    blog_url: 'https://acme.blogs.example.com/proofing-sourdough',
    ...change,
  };
}

const plain = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** Runs the suite against one destination. */
export function destinationConformance<S extends z.ZodObject>(target: ConformanceTarget<S>): void {
  const { adapter } = target;
  describe(`${adapter.label} (${adapter.kind}) conformance`, () => {
    let remote: RemoteHarness<z.infer<S>>;
    let cover: Awaited<ReturnType<typeof serveCover>>;
    let io: DestinationIo;
    const settings = () => remote.settings;

    beforeAll(async () => {
      [remote, cover] = await Promise.all([target.start(), serveCover()]);
      io = {
        ...testIo(),
        ...(remote.apiBase ? { apiBase: remote.apiBase } : {}),
      };
    }, 60_000);
    afterAll(async () => {
      await Promise.all([remote?.stop(), cover?.stop()]);
    });

    it('declares settings whose secrets are fields of the schema, and takes the good settings', () => {
      expect(adapter.secrets.length).toBeGreaterThan(0);
      for (const name of adapter.secrets) expect(Object.keys(adapter.settings.shape)).toContain(name);
      expect(adapter.settings.safeParse(remote.settings).success).toBe(true);
    });

    it('Test connection passes with good credentials', async () => {
      const check = await adapter.test({ settings: settings(), io });

      expect(check).toMatchObject({ ok: true });
      expect(check.message).toMatch(/\S/);
    });

    it("Test connection fails with bad credentials, in the remote's own words", async () => {
      const check = await adapter.test({ settings: remote.badCredentials, io });

      expect(check.ok).toBe(false);
      if (check.ok) return;
      expect(check.remote_message).toMatch(/\S/);
      expect(check.message).toContain(check.remote_message);
    });

    it('publishes a post that reads back from the remote with its body, tags, SEO fields and raster cover', async () => {
      const post = samplePost(cover);

      const published = await adapter.publish({ settings: settings(), post, io });
      const seen = await remote.read(published.remote_id);

      expect(published.remote_id).toMatch(/\S/);
      expect(published.modified_at).not.toBeNull();
      expect(seen).not.toBeNull();
      expect(seen?.live).toBe(true);
      expect(seen?.title).toBe(post.title);
      expect(plain(seen?.html ?? '')).toContain(post.html.match(/Marker sentence [^<]+/)?.[0]);
      expect(seen?.tags).toEqual(expect.arrayContaining(post.tags));
      if (seen?.meta_title !== undefined) expect(seen.meta_title).toBe(post.meta_title);
      if (seen?.meta_description !== undefined) expect(seen.meta_description).toBe(post.meta_description);
      expect(seen?.image).toBeTruthy();
      const image = await remote.image(seen?.image ?? '');
      expect(pngSize(image)).toEqual({ width: 1200, height: 630 });
    });

    it('updates the same remote post: same id, no duplicate, the new text shown', async () => {
      const post = samplePost(cover);
      const first = await adapter.publish({ settings: settings(), post, io });
      const before = await remote.count();
      const edited = { ...post, title: `${post.title} (revised)`, html: `${post.html}<p>Added later.</p>` };

      const updated = await adapter.update({ settings: settings(), post: edited, remote_id: first.remote_id, io });
      const again = await adapter.update({ settings: settings(), post: edited, remote_id: first.remote_id, io });
      const seen = await remote.read(first.remote_id);

      expect(updated.remote_id).toBe(first.remote_id);
      expect(again.remote_id).toBe(first.remote_id);
      expect(await remote.count()).toBe(before);
      expect(seen?.title).toBe(edited.title);
      expect(plain(seen?.html ?? '')).toContain('Added later.');
      expect(seen?.live).toBe(true);
    });

    it('unpublishes (twice is fine), then republishes the same remote post', async () => {
      const post = samplePost(cover);
      const { remote_id } = await adapter.publish({ settings: settings(), post, io });
      const before = await remote.count();

      await adapter.unpublish({ settings: settings(), remote_id, io });
      await adapter.unpublish({ settings: settings(), remote_id, io });
      const down = await remote.read(remote_id);
      const back = await adapter.update({ settings: settings(), post, remote_id, io });
      const up = await remote.read(remote_id);

      expect(down?.live ?? false).toBe(false);
      expect(back.remote_id).toBe(remote_id);
      expect(up?.live).toBe(true);
      expect(await remote.count()).toBe(before);
    });

    it('unpublishing a post the remote no longer has is fine', async () => {
      await expect(
        adapter.unpublish({ settings: settings(), remote_id: remote.missingId, io }),
      ).resolves.toBeUndefined();
    });

    it('notices an edit made on the remote: modifiedAt moves, and is null for a post the remote does not have', async () => {
      if (!adapter.modifiedAt) throw new Error(`${adapter.label} has no modifiedAt`);
      const { remote_id, modified_at } = await adapter.publish({ settings: settings(), post: samplePost(cover), io });

      const unchanged = await adapter.modifiedAt({ settings: settings(), remote_id, io });
      await remote.editRemotely(remote_id);
      const moved = await adapter.modifiedAt({ settings: settings(), remote_id, io });
      const missing = await adapter.modifiedAt({ settings: settings(), remote_id: remote.missingId, io });

      expect(unchanged).toBe(modified_at);
      expect(moved).not.toBeNull();
      expect(Date.parse(moved ?? '')).toBeGreaterThan(Date.parse(unchanged ?? ''));
      expect(missing).toBeNull();
    });

    it("refuses for good with bad credentials, in the remote's words (no retry)", async () => {
      const error = await adapter.publish({ settings: remote.badCredentials, post: samplePost(cover), io }).then(
        () => null,
        (caught: unknown) => caught,
      );

      expect(error).toBeInstanceOf(DestinationError);
      expect((error as DestinationError).retry).toBe(false);
      expect((error as DestinationError).remoteMessage).toMatch(/\S/);
    });

    it('updating a post the remote no longer has is a final error', async () => {
      const error = await adapter
        .update({ settings: settings(), post: samplePost(cover), remote_id: remote.missingId, io })
        .then(
          () => null,
          (caught: unknown) => caught,
        );

      expect(error).toBeInstanceOf(DestinationError);
      expect((error as DestinationError).retry).toBe(false);
    });

    it('a remote that cannot be reached is worth retrying', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as AddressInfo;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const unreachable: DestinationIo = {
        ...io,
        fetch: (input, init) => {
          const url = new URL(input instanceof Request ? input.url : String(input));
          url.host = `127.0.0.1:${port}`;
          return io.fetch(url, init);
        },
      };

      const error = await adapter.publish({ settings: settings(), post: samplePost(null), io: unreachable }).then(
        () => null,
        (caught: unknown) => caught,
      );

      expect(error).toBeInstanceOf(DestinationError);
      expect((error as DestinationError).retry).toBe(true);
    });

    if (!target.injectsFailures) return;
    it('a rate limit is retried after the Retry-After the remote asked for; a server error is retried', async () => {
      if (!remote.failNext) throw new Error('this remote says it injects failures but has no failNext');
      await remote.failNext({ status: 429, retryAfterSeconds: 7 });
      const limited = await adapter.publish({ settings: settings(), post: samplePost(null), io }).then(
        () => null,
        (caught: unknown) => caught,
      );
      await remote.failNext({ status: 503 });
      const down = await adapter.publish({ settings: settings(), post: samplePost(null), io }).then(
        () => null,
        (caught: unknown) => caught,
      );

      expect(limited).toBeInstanceOf(DestinationError);
      expect(limited).toMatchObject({ retry: true, afterMs: 7000 });
      expect(down).toBeInstanceOf(DestinationError);
      expect(down).toMatchObject({ retry: true });
    });
  });
}

/** The io the delivery job gives adapters (production's guarded fetch and clock), set up as the tests need it. */
export function testIo({ allowLoopback = true, timeoutMs = 10_000 } = {}): DestinationIo {
  return destinationIo({ FETCH_ALLOW_LOOPBACK: allowLoopback, DELIVERY_TIMEOUT_MS: timeoutMs } as Config);
}
