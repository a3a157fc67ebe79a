// Shared by the publishing tests (issue 28): a server with its job runner (outbox consumer and delivery job working,
// quick retries), a project and its posts through the routes, destinations, and the post's delivery log.
import { expect } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import type { PostPublishing } from '../../src/lib/destinations/schema.ts';
import type { Post } from '../../src/lib/posts/types.ts';
import { call, signInUser, testApp, testJobs, testQueuePrefix, type TestUser } from './helpers.ts';

type App = ReturnType<typeof testApp>;

let servers = 0;

/** An app with its own job runner (its own queues), destinations reachable on loopback, retries after 100 ms. */
export async function publishingServer(env: Record<string, string> = {}): Promise<{ app: App; runner: JobRunner }> {
  const settings = {
    JOBS_QUEUE_PREFIX: `${testQueuePrefix()}pub${++servers}.`,
    FETCH_ALLOW_LOOPBACK: 'true',
    DELIVERY_RETRY_DELAY_MS: '100',
    DELIVERY_TIMEOUT_MS: '5000',
    ...env,
  };
  const runner = await testJobs(settings);
  return { app: testApp(settings, runner), runner };
}

/** A signed-in owner and a new project of theirs. */
export async function newProject(app: App, name = 'Publishing'): Promise<{ owner: TestUser; projectId: string }> {
  const owner = await signInUser({ name: 'Pat Publisher' });
  const created = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name } });
  if (created.status !== 201) throw new Error(`project create failed: ${created.status}`);
  return { owner, projectId: created.body.id as string };
}

/** A client of one user in one project. */
export function client(app: App, token: string) {
  const request = async (method: string, path: string, body?: unknown) => {
    const answer = await call(app, method, path, { token, ...(body === undefined ? {} : { body }) });
    return answer;
  };
  const ok = async (method: string, path: string, body?: unknown) => {
    const answer = await request(method, path, body);
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  return {
    request,
    ok,
    /** A new draft with these fields (PATCHed after creation). */
    async draft(projectId: string, fields: Record<string, unknown> & { title: string }): Promise<Post> {
      const { title, ...rest } = fields;
      const made = (await ok('POST', `/api/blogs/posts/project/${projectId}`, { title, markdown: 'Hello.' })) as Post;
      if (!Object.keys(rest).length) return made;
      return (await ok('PATCH', `/api/blogs/posts/post/${made.id}`, { version: made.version, ...rest })) as Post;
    },
    publish: async (post: Post) => (await ok('POST', `/api/blogs/posts/post/${post.id}/publish`, {})) as Post,
    unpublish: async (post: Post) => (await ok('POST', `/api/blogs/posts/post/${post.id}/unpublish`, {})) as Post,
    edit: async (post: Post, fields: Record<string, unknown>) =>
      (await ok('PATCH', `/api/blogs/posts/post/${post.id}`, { version: post.version, ...fields })) as Post,
    remove: (post: Post) => ok('DELETE', `/api/blogs/posts/post/${post.id}`),
    publishing: async (postId: string) =>
      (await ok('GET', `/api/blogs/posts/post/${postId}/publishing`)) as PostPublishing,
    destination: (projectId: string, body: Record<string, unknown>) =>
      ok('POST', `/api/projects/${projectId}/destinations`, body),
  };
}

/** Waits until the post's delivery log satisfies `check` (the delivery job works in the background). */
export async function deliveriesUntil<T = PostPublishing>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeout = 30_000,
): Promise<T> {
  let last: T | undefined;
  await expect
    .poll(
      async () => {
        last = await read();
        return check(last);
      },
      { timeout, interval: 100 },
    )
    .toBe(true);
  return last as T;
}

/** Every delivery of the log is finished (delivered, failed or skipped) and there are `count` of them. */
export const settled = (count: number) => (publishing: PostPublishing) =>
  publishing.deliveries.length === count &&
  publishing.deliveries.every((entry) => ['delivered', 'failed', 'skipped'].includes(entry.state));
