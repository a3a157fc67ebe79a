// IndexNow for hosted blogs (issue 28): each change of a live post is one submission of the blog's changed addresses
// (the post's, its old one when the slug moved, and the home page) to INDEXNOW_ENDPOINT, proven by the key file the
// blog serves at /{key}.txt (the fake engine reads it from the blog, as the real ones do); the answer is in the
// post's delivery log. Off unless SITE_URL is a public host or the endpoint is set, and never for a local blog host.
// On a verified custom domain the domain is submitted (a pending one is not the blog's address yet), and in subpath
// mode every address, the key file's included, is under the base path: the fake engine, like a real one, takes a key
// file in a folder only for URLs under that folder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { startFakeIndexNow } from '../fixtures/indexnow/server.mjs';
import { testSql } from './helpers.ts';
import { client, deliveriesUntil, newProject, publishingServer, settled } from './publishing-support.ts';

let runner: JobRunner;
let app: Awaited<ReturnType<typeof publishingServer>>['app'];
let engine: Awaited<ReturnType<typeof startFakeIndexNow>>;

/** What the blog serves at an address, read by its Host as a search engine would. */
async function fromBlog(address: string): Promise<{ status: number; text: string; type: string | null }> {
  const url = new URL(address);
  const answer = await app.request(`${url.pathname}${url.search}`, { headers: { host: url.host } });
  return { status: answer.status, text: await answer.text(), type: answer.headers.get('content-type') };
}

beforeAll(async () => {
  engine = await startFakeIndexNow({
    readKey: async (location) => {
      const file = await fromBlog(location);
      return file.status === 200 ? file.text : null;
    },
  });
  ({ app, runner } = await publishingServer({ INDEXNOW_ENDPOINT: engine.url }));
});
afterAll(async () => {
  await runner.stop();
  await engine.stop();
});

const submissionsFor = (host: string) => engine.received.filter((submission) => submission.host === host);

describe('IndexNow', () => {
  it('serves the key file on the blog host and submits each change of a live post once, with its result logged', async () => {
    const { owner, projectId } = await newProject(app, 'Index me');
    const api = client(app, owner.token);
    const [project] = await testSql()`select slug, indexnow_key from projects where id = ${projectId}`;
    const origin = `http://${project!.slug}.blogs.localhost:4321`;
    const host = `${project!.slug}.blogs.localhost`;
    let post = await api.draft(projectId, { title: 'Fresh bread daily' });

    const keyFile = await fromBlog(`${origin}/${project!.indexnow_key}.txt`);
    post = await api.publish(post);
    const published = await deliveriesUntil(() => api.publishing(post.id), settled(1));
    post = await api.edit(post, { slug: 'fresh-bread-every-day' });
    await deliveriesUntil(() => api.publishing(post.id), settled(2));
    post = await api.unpublish(post);
    const last = await deliveriesUntil(() => api.publishing(post.id), settled(3));

    expect(keyFile).toEqual({ status: 200, text: project!.indexnow_key, type: 'text/plain; charset=utf-8' });
    expect(published.indexnow).toEqual({ enabled: true, reason: 'IndexNow is on (INDEXNOW_ENDPOINT).' });
    expect(published.deliveries[0]).toMatchObject({
      target_name: 'IndexNow',
      target_kind: 'indexnow',
      action: 'submit',
      state: 'delivered',
      result: '200 URLs submitted (2 addresses)',
    });
    expect(submissionsFor(host)).toEqual([
      {
        host,
        key: project!.indexnow_key,
        keyLocation: `${origin}/${project!.indexnow_key}.txt`,
        urlList: [`${origin}/fresh-bread-daily`, `${origin}/`],
      },
      {
        host,
        key: project!.indexnow_key,
        keyLocation: `${origin}/${project!.indexnow_key}.txt`,
        urlList: [`${origin}/fresh-bread-every-day`, `${origin}/fresh-bread-daily`, `${origin}/`],
      },
      {
        host,
        key: project!.indexnow_key,
        keyLocation: `${origin}/${project!.indexnow_key}.txt`,
        urlList: [`${origin}/fresh-bread-every-day`, `${origin}/`],
      },
    ]);
    expect(last.deliveries.map((entry) => entry.event_kind)).toEqual(['unpublished', 'updated', 'published']);
  });

  it('submits on a verified custom domain, under the base path in subpath mode, with the key file there', async () => {
    const stamp = crypto.randomUUID().slice(0, 8);
    const cases = [
      { name: 'pending', domain: `pending-${stamp}.acme-test.com`, status: 'pending', basePath: '' },
      { name: 'domain', domain: `www-${stamp}.acme-test.com`, status: 'verified', basePath: '' },
      { name: 'subpath', domain: `shop-${stamp}.acme-test.com`, status: 'verified', basePath: '/blog' },
    ];
    const seen: Record<string, unknown> = {};
    for (const { name, domain, status, basePath } of cases) {
      const { owner, projectId } = await newProject(app, `Index ${name}`);
      const api = client(app, owner.token);
      await testSql()`
        update projects set custom_blog_domain = ${domain}, custom_blog_domain_status = ${status},
          blog_base_path = ${basePath} where id = ${projectId}`;
      const [project] = await testSql()`select slug, indexnow_key from projects where id = ${projectId}`;
      const key = project!.indexnow_key as string;
      const post = await api.publish(await api.draft(projectId, { title: `Bread on ${name}` }));
      const log = await deliveriesUntil(() => api.publishing(post.id), settled(1));
      const host = status === 'verified' ? domain : `${project!.slug}.blogs.localhost`;
      seen[name] = {
        submissions: submissionsFor(host),
        result: log.deliveries[0]!.result,
        keyAtBase: (await fromBlog(`https://${domain}${basePath}/${key}.txt`)).text,
        keyAtRoot: (await fromBlog(`https://${domain}/${key}.txt`)).status,
        key,
        slug: project!.slug,
      };
    }
    const { pending, domain, subpath } = seen as Record<
      string,
      { submissions: unknown[]; result: string; keyAtBase: string; keyAtRoot: number; key: string; slug: string }
    >;

    // A domain not verified yet is not the blog's address: the project subdomain is submitted.
    const subdomain = `http://${pending!.slug}.blogs.localhost:4321`;
    expect(pending!.submissions).toEqual([
      {
        host: `${pending!.slug}.blogs.localhost`,
        key: pending!.key,
        keyLocation: `${subdomain}/${pending!.key}.txt`,
        urlList: [`${subdomain}/bread-on-pending`, `${subdomain}/`],
      },
    ]);
    const www = `https://${cases[1]!.domain}`;
    expect(domain!.submissions).toEqual([
      {
        host: cases[1]!.domain,
        key: domain!.key,
        keyLocation: `${www}/${domain!.key}.txt`,
        urlList: [`${www}/bread-on-domain`, `${www}/`],
      },
    ]);
    expect(domain!.result).toBe('200 URLs submitted (2 addresses)'); // the engine read the key file on the domain
    expect(domain!.keyAtBase).toBe(domain!.key);
    const shop = `https://${cases[2]!.domain}/blog`;
    expect(subpath!.submissions).toEqual([
      {
        host: cases[2]!.domain,
        key: subpath!.key,
        keyLocation: `${shop}/${subpath!.key}.txt`,
        urlList: [`${shop}/bread-on-subpath`, `${shop}/`],
      },
    ]);
    expect(subpath!.result).toBe('200 URLs submitted (2 addresses)');
    // The key file is the blog's, at {base}/{key}.txt; the root of the customer's site is not ours to answer.
    expect(subpath!.keyAtBase).toBe(subpath!.key);
    expect(subpath!.keyAtRoot).toBe(404);
  });

  it('submits nothing for drafts, retries a 429 and records a refusal in IndexNow’s words', async () => {
    const { owner, projectId } = await newProject(app, 'Index refusals');
    const api = client(app, owner.token);
    const draft = await api.draft(projectId, { title: 'Not yet' });
    await api.edit(draft, { title: 'Still not yet' });

    engine.answers.push(429);
    const first = await api.publish(await api.draft(projectId, { title: 'Busy engine' }));
    const retried = await deliveriesUntil(() => api.publishing(first.id), settled(1));
    engine.answers.push(403);
    const second = await api.publish(await api.draft(projectId, { title: 'Bad key' }));
    const refused = await deliveriesUntil(() => api.publishing(second.id), settled(1));

    expect((await api.publishing(draft.id)).deliveries).toEqual([]);
    expect(retried.deliveries[0]).toMatchObject({ state: 'delivered', attempts: 2 });
    expect(refused.deliveries[0]).toMatchObject({ state: 'failed', attempts: 1 });
    expect(refused.deliveries[0]!.last_error).toBe(
      'IndexNow answered 403: Forbidden: the key is not valid (the key file was not found on the blog, or its content does not match)',
    );
  });

  it('is off without INDEXNOW_ENDPOINT for a blog on a local host, and says why', async () => {
    const local = await publishingServer({ SITE_URL: 'http://localhost:4321' });
    const publicSite = await publishingServer();
    try {
      for (const { app: server, reason } of [
        {
          app: local.app,
          reason: 'IndexNow is off: SITE_URL (localhost) is not a public host and INDEXNOW_ENDPOINT is not set.',
        },
        { app: publicSite.app, reason: 'IndexNow is off for this blog: its host is not public.' },
      ]) {
        const { owner, projectId } = await newProject(server, 'Quiet blog');
        const api = client(server, owner.token);
        const post = await api.publish(await api.draft(projectId, { title: 'Local only' }));
        await expect
          .poll(async () => {
            const [event] =
              await testSql()`select consumed_at from post_events where post_id = ${post.id} order by id desc limit 1`;
            return event?.consumed_at ?? null;
          })
          .not.toBeNull();

        const publishing = await api.publishing(post.id);

        expect(publishing.indexnow).toEqual({ enabled: false, reason });
        expect(publishing.deliveries).toEqual([]);
      }
    } finally {
      await local.runner.stop();
      await publicSite.runner.stop();
    }
  });
});
