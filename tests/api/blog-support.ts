// Shared by the hosted-blog tests: a project with a blog, posts written straight to the table (html through the one
// renderer, as every writer must), requests by Host, and a fake DNS the verification reads.
import { request } from 'node:http';
import { createApp } from '../../api/app.ts';
import { renderPostHtml } from '../../api/services/posts/render.ts';
import type { DomainResolver } from '../../api/services/domains/verbs.ts';
import { call, signInUser, testSql, type TestUser } from './helpers.ts';

type App = ReturnType<typeof createApp>;

/** TXT records by name; a missing name answers like NXDOMAIN. */
export function fakeDns(): DomainResolver & { records: Map<string, string[][]> } {
  const records = new Map<string, string[][]>();
  return {
    records,
    resolveTxt: async (name) => {
      const found = records.get(name);
      if (!found) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      return found;
    },
  };
}

export interface Blog {
  owner: TestUser;
  projectId: string;
  slug: string;
  host: string;
}

/** A new project (through the API) and its blog's subdomain host. */
export async function newBlog(app: App, name = 'Acme Bakery'): Promise<Blog> {
  const owner = await signInUser({ name: 'Ada Baker' });
  const created = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name } });
  if (created.status !== 201) throw new Error(`project create failed: ${created.status}`);
  const [row] = await testSql()`select slug from projects where id = ${created.body.id}`;
  return { owner, projectId: created.body.id, slug: row!.slug as string, host: `${row!.slug}.blogs.localhost:4321` };
}

let counter = 0;

/** Inserts a post as the editor would store it; published unless told otherwise. Returns its slug. */
export async function addPost(
  blog: Blog,
  input: {
    title?: string;
    slug?: string;
    markdown?: string;
    tags?: string[];
    status?: 'draft' | 'published';
    lang?: string;
    cover?: string | null;
    publishedAt?: Date;
    description?: string;
  },
): Promise<{ id: string; slug: string }> {
  counter += 1;
  const slug = input.slug ?? `post-${counter}-${Date.now()}`;
  const markdown = input.markdown ?? `Hello **world** ${counter}.`;
  const status = input.status ?? 'published';
  const [row] = await testSql()`
    insert into blog_posts (project_id, title, slug, markdown, html, excerpt, meta_description, tags, lang, status, published_at,
                            cover_image_url, cover_image_alt, author_id)
    values (${blog.projectId}, ${input.title ?? `Post ${counter}`}, ${slug}, ${markdown}, ${await renderPostHtml(markdown)}, ${'A short excerpt.'},
            ${input.description ?? `About post ${counter}.`}, ${input.tags ?? []}, ${input.lang ?? 'en'}, ${status},
            ${status === 'published' ? (input.publishedAt ?? new Date()) : null}, ${input.cover ?? null}, ${'A cover'},
            (select id from users where external_id = ${blog.owner.uid}))
    returning id`;
  return { id: row!.id as string, slug };
}

/** Connects a custom domain (and base path) and verifies it with its TXT record in the fake DNS, as the workspace does. */
export async function verifiedDomain(
  app: App,
  dns: ReturnType<typeof fakeDns>,
  blog: Blog,
  domain: string,
  basePath?: string,
) {
  const saved = await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain`, {
    token: blog.owner.token,
    body: { domain, ...(basePath ? { base_path: basePath } : {}) },
  });
  const txt = saved.body.records.find((record: { type: string }) => record.type === 'TXT');
  dns.records.set(txt.name, [[txt.value]]);
  const verified = await call(app, 'POST', `/api/projects/${blog.projectId}/custom-domain/verify`, {
    token: blog.owner.token,
  });
  if (verified.body.status !== 'verified')
    throw new Error(`${domain} did not verify: ${JSON.stringify(verified.body)}`);
  return verified.body;
}

/** A GET as a browser on that host sends it. */
export async function visit(app: App, host: string, path: string, headers: Record<string, string> = {}) {
  const response = await app.request(path, { headers: { host, ...headers } });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}

/**
 * One request over real HTTP with any Host (fetch cannot set one), from 127.0.0.1 unless `from` names another
 * loopback address: what a browser or a proxy on that address sends.
 */
export function httpRequest(
  origin: string,
  host: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; from?: string } = {},
) {
  const { hostname, port } = new URL(origin);
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    bytes: Buffer;
    text: string;
  }>((resolve, reject) => {
    const sent = request(
      {
        host: hostname,
        port,
        path,
        method: options.method ?? 'GET',
        localAddress: options.from ?? '127.0.0.1',
        headers: { host, ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: response.statusCode!, headers: response.headers, bytes, text: bytes.toString('utf8') });
        });
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}
