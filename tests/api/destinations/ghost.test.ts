import { describe, expect, it } from 'vitest';
import { ghostAdapter, ghostToken } from '../../../api/destinations/ghost.ts';
import { startFakeGhost } from '../../fixtures/fake-ghost/server.mjs';
import { destinationConformance, testIo } from './conformance.ts';

type FakeGhost = Awaited<ReturnType<typeof startFakeGhost>>;
type Recorded = { method: string; query: Record<string, string>; headers: Record<string, string> };

/** Ghost's Admin API reads a post back as it stores it. */
async function readBack(ghost: FakeGhost, id: string) {
  const response = await fetch(`${ghost.origin}/ghost/api/admin/posts/${id}/?formats=html`, {
    headers: { authorization: `Ghost ${ghostToken(ghost.adminKey, new Date())}`, 'accept-version': 'v5.0' },
  });
  if (response.status === 404) return null;
  const [post] = ((await response.json()) as { posts: any[] }).posts;
  return post;
}

destinationConformance({
  adapter: ghostAdapter,
  injectsFailures: true,
  async start() {
    const ghost = await startFakeGhost();
    return {
      settings: { api_url: ghost.origin, admin_api_key: ghost.adminKey },
      badCredentials: { api_url: ghost.origin, admin_api_key: `${ghost.adminKey.split(':')[0]}:${'ab'.repeat(32)}` },
      missingId: '0123456789abcdef01234567',
      async read(id) {
        const post = await readBack(ghost, id);
        if (!post) return null;
        return {
          title: post.title,
          html: post.html ?? '',
          slug: post.slug,
          tags: post.tags.map((tag: { name: string }) => tag.name),
          live: post.status === 'published',
          image: post.feature_image,
          meta_title: post.meta_title,
          meta_description: post.meta_description,
        };
      },
      count: async () => ghost.state.posts.size,
      editRemotely: async (id) => ghost.editRemotely(id),
      image: async (url) => new Uint8Array(await (await fetch(url)).arrayBuffer()),
      failNext: async (failure) =>
        ghost.fail(failure.status, 'retryAfterSeconds' in failure ? { retryAfter: failure.retryAfterSeconds } : {}),
      stop: ghost.stop,
    };
  },
});

describe('Ghost specifics', () => {
  const io = testIo();
  const post = (slug: string) => ({
    id: '00000000-0000-4000-8000-000000000001',
    title: 'Collisions',
    slug,
    html: '<p>Body</p>',
    markdown: 'Body',
    excerpt: '',
    meta_title: '',
    meta_description: '',
    tags: [],
    keywords: [],
    lang: 'en',
    published_at: null,
    updated_at: '2026-11-20T09:00:00.000Z',
    cover: null,
    canonical_url: null,
    blog_url: null,
  });

  it('signs each request with a 5-minute HS256 token for /admin/, kid the key id, and sends Accept-Version and ?source=html', async () => {
    const ghost = await startFakeGhost();
    try {
      await ghostAdapter.publish({
        settings: { api_url: ghost.origin, admin_api_key: ghost.adminKey },
        post: post('signed'),
        io,
      });

      const created = (ghost.state.requests as Recorded[]).find((request) => request.method === 'POST');
      const token = (created?.headers.authorization ?? '').replace(/^Ghost /, '') ?? '';
      const [head, payload] = token
        .split('.')
        .slice(0, 2)
        .map((part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()));
      expect(head).toEqual({ alg: 'HS256', typ: 'JWT', kid: ghost.adminKey.split(':')[0] });
      expect(payload.aud).toBe('/admin/');
      expect(payload.exp - payload.iat).toBe(300);
      expect(created?.headers['accept-version']).toBe('v5.0');
      expect(created?.query.source).toBe('html');
    } finally {
      await ghost.stop();
    }
  });

  it('an edit that collides with a save in Ghost is read again and sent with the new updated_at', async () => {
    const ghost = await startFakeGhost();
    const settings = { api_url: ghost.origin, admin_api_key: ghost.adminKey };
    try {
      const { remote_id } = await ghostAdapter.publish({ settings, post: post('collide'), io });
      ghost.collideNext(remote_id);

      const updated = await ghostAdapter.update({
        settings,
        post: { ...post('collide'), title: 'After the collision' },
        remote_id,
        io,
      });

      const puts = (ghost.state.requests as Recorded[]).filter((request) => request.method === 'PUT');
      expect(puts).toHaveLength(2); // the first met 409 UpdateCollisionError
      expect(updated.remote_id).toBe(remote_id);
      expect(ghost.state.posts.get(remote_id).title).toBe('After the collision');
    } finally {
      await ghost.stop();
    }
  });

  it('refuses a key that is not an Admin API key before any request, saying where to find one', () => {
    const parsed = ghostAdapter.settings.safeParse({
      api_url: 'https://example.ghost.io',
      admin_api_key: '22444f78447824223cefc48062',
    });

    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain('Settings → Integrations');
  });

  it('a private address is refused for good, never fetched', async () => {
    const guarded = testIo({ allowLoopback: false, timeoutMs: 5_000 });

    const check = await ghostAdapter.test({
      settings: { api_url: 'http://127.0.0.1:9', admin_api_key: `${'a'.repeat(24)}:${'b'.repeat(64)}` },
      io: guarded,
    });

    expect(check.ok).toBe(false);
    expect(check.message).toContain('not allowed');
  });
});
