import type { Post, PostEdit, PostPage, PostSort, PostStatusFilter } from '../../../src/lib/posts/types.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { instantOf, type WallTime } from '../../../src/lib/posts/zoned-time.ts';
import { projectTimeZone } from '../plan/queries.ts';
import { authorize } from '../authorize.ts';
import type { PostActor } from './events.ts';
import * as lifecycle from './lifecycle.ts';
import { inOneStatement, inTransition, type Transition } from './outbox.ts';
import { type PostWriting, selectPost, selectPostAndWriting, selectPostPage } from './queries/read.ts';
import { publishAt } from './schedule.ts';
import { renderPostHtml } from './render.ts';
import { creditedUserId } from '../actor.ts';
import { checkMarkdown } from '../claims/check.ts';
import { personOf } from '../../lib/context.ts';
import { withTitleFollowers } from './title-follow.ts';

const NOT_FOUND = 'Post not found.';

/** The post if the caller may act on it; a missing post and one of a foreign project answer the same 404. */
async function loadPost(ctx: ServiceContext, id: string, action: 'read' | 'write'): Promise<Post> {
  return (await loadPostAndWriting(ctx, id, action)).post;
}

/** loadPost, with the writing state an edit of the body needs read in the same statement. */
async function loadPostAndWriting(
  ctx: ServiceContext,
  id: string,
  action: 'read' | 'write',
): Promise<{ post: Post; writing: PostWriting }> {
  const found = await selectPostAndWriting(ctx.sql, id);
  if (!found) throw new NotFoundError(NOT_FOUND);
  await authorize(ctx, found.post.project_id, action, NOT_FOUND);
  return found;
}

/** The caller as the lifecycle records it: the person acting (signed in or by API key), or the system for a project. */
const actorOf = ({ actor }: ServiceContext): PostActor =>
  actor.kind === 'system' ? { kind: 'system', project_id: actor.projectId } : { kind: 'user', user_id: actor.user.id };

/**
 * One transition of the lifecycle in a transaction of its own, as the caller. When the post is or goes live, this
 * process drops the project's cached blog pages at once, so the writer's own next look at the blog shows the change;
 * other processes learn it from the outbox (subscribers/blog-cache.ts).
 */
async function transition<T>(
  ctx: ServiceContext,
  blog: { projectId: string; live: boolean },
  run: (transition: Transition) => Promise<T>,
  writes: typeof inTransition = inTransition,
) {
  const result = await writes(ctx, actorOf(ctx), run);
  if (blog.live) ctx.caches.blogPages.dropProject(blog.projectId);
  return result;
}

/** The blog a change of the post touches: live when the post is on the blog now or the change puts it there. */
const blogOf = (post: Post, publishes = false) => ({
  projectId: post.project_id,
  live: publishes || post.status === 'published',
});

/** The post as it is now (after a transition). */
async function reread(ctx: ServiceContext, id: string): Promise<Post> {
  const post = await selectPost(ctx.sql, id);
  if (!post) throw new NotFoundError(NOT_FOUND);
  return post;
}

/** One full post for any member of its project (the editor, the post page, a run's result). */
export async function getPost({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<Post> {
  return loadPost(ctx, input.id, 'read');
}

/** A page of the project's posts for the blog list: filtered by status and search, sorted, without bodies. */
export async function listPosts({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; status: PostStatusFilter; q: string; sort: PostSort; page: number; pageSize: number };
}): Promise<PostPage> {
  await authorize(ctx, input.projectId, 'read');
  const { items, total } = await selectPostPage(ctx.sql, { ...input, q: input.q.trim() });
  return { items, total, page: input.page, page_size: input.pageSize };
}

/**
 * A new draft written by hand (owners and editors), in the project's language; its slug comes from the title and is
 * made unique.
 */
export async function createPost({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; title: string; markdown: string };
}): Promise<Post> {
  const project = await authorize(ctx, input.projectId, 'write');
  const html = await renderPostHtml(input.markdown); // before the transaction: a render may take a while
  const id = await transition(ctx, { projectId: input.projectId, live: false }, (t) =>
    lifecycle.saveDraft({
      ...t,
      projectId: input.projectId,
      title: input.title.trim(),
      markdown: input.markdown,
      html,
      authorId: creditedUserId(ctx),
      lang: project.language,
    }),
  );
  return reread(ctx, id);
}

/**
 * Saves an edit made from `version`: refused with 409 (nothing written) when the post moved on since, so nobody's
 * newer save is overwritten. The stored html is always the server's rendering of the markdown. A new title carries
 * the fields still made from the old one (withTitleFollowers).
 */
export async function updatePost({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: string; version: number; fields: Partial<PostEdit> };
}): Promise<Post> {
  const { post, writing } = await loadPostAndWriting(ctx, input.id, 'write');
  // The version first: a stale tab must not draw a cover for a title it will not save.
  lifecycle.assertVersion(post, input.version);
  const fields = await withTitleFollowers(ctx.sql, post, input.fields);
  const stored = await lifecycle.prepareEdit(ctx.sql, {
    post,
    version: input.version,
    fields,
    body: fields.markdown === undefined ? undefined : bodyEdit(ctx, post, writing),
  });
  // The edit and its event are one statement; a live post's edit also keeps its old address, so it takes a transaction.
  return transition(
    ctx,
    blogOf(post),
    (t) => lifecycle.saveEdit({ ...t, post, version: input.version, stored }),
    post.status === 'published' ? inTransition : inOneStatement,
  );
}

/** The person an edit's changed parts name. */
function editorName(ctx: ServiceContext): string {
  const person = personOf(ctx);
  if (!person) return 'Inkpilot';
  return [person.first_name, person.last_name].filter(Boolean).join(' ').trim() || person.email;
}

/** What an edit of the post's body needs besides the text: the post's writing state, the editor, the claim check. */
function bodyEdit(ctx: ServiceContext, post: Post, writing: PostWriting): lifecycle.BodyEdit {
  return {
    writing,
    editor: editorName(ctx),
    check: (markdown) =>
      checkMarkdown({ sql: ctx.sql, config: ctx.config, projectId: post.project_id }, markdown, { fetch: true }),
  };
}

/** Puts a post on the project's blog (a title is needed); optionally only if it is still at `version`. */
export async function publishPost({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: string; version?: number | undefined };
}): Promise<Post> {
  const post = await loadPost(ctx, input.id, 'write');
  const changed = await transition(ctx, blogOf(post), (t) => lifecycle.publish({ ...t, post, version: input.version }));
  return changed ? reread(ctx, post.id) : post; // already live: nothing changed, the version stays
}

/** Takes a post off the blog (or out of the schedule), back to draft. */
export async function unpublishPost({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: string; version?: number | undefined };
}): Promise<Post> {
  const post = await loadPost(ctx, input.id, 'write');
  const changed = await transition(ctx, blogOf(post), (t) =>
    lifecycle.unpublish({ ...t, post, version: input.version }),
  );
  return changed ? reread(ctx, post.id) : post;
}

/**
 * Sets when a draft goes live on the blog; the schedule job publishes it then. The time is an instant (`at`), or a
 * date and time on the project's wall clock (its time zone), stored as the one UTC instant they are there.
 */
export async function schedulePost({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: string; when: { at: Date } | WallTime; version?: number | undefined };
}): Promise<Post> {
  const post = await loadPost(ctx, input.id, 'write');
  const at = 'at' in input.when ? input.when.at : await projectInstant(ctx, post.project_id, input.when);
  await transition(ctx, blogOf(post), (t) => lifecycle.schedule({ ...t, post, at, version: input.version }));
  await publishAt(ctx.jobs, at);
  return reread(ctx, post.id);
}

/** The instant a date and time on the project's wall clock is; a time the clocks skip there is refused (422). */
async function projectInstant(ctx: ServiceContext, projectId: string, wall: WallTime): Promise<Date> {
  const zone = await projectTimeZone(ctx.sql, projectId);
  const at = instantOf(wall, zone);
  if (at) return at;
  throw new ValidationError([
    {
      loc: ['body', 'time'],
      msg: `${wall.time} does not exist on ${wall.date} in ${zone}: the clocks go forward then. Choose another time.`,
      type: 'value_error',
    },
  ]);
}

/** Deletes a post for good (owners and editors). */
export async function deletePost({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: string };
}): Promise<{ message: string }> {
  const post = await loadPost(ctx, input.id, 'write');
  await transition(ctx, blogOf(post), (t) => lifecycle.remove({ ...t, post }));
  return { message: 'Post deleted.' };
}

/** The editor's live preview: exactly the HTML a save would store, nothing stored. */
export async function previewPost({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; markdown: string };
}): Promise<{ html: string }> {
  await authorize(ctx, input.projectId, 'read');
  return { html: await renderPostHtml(input.markdown) };
}
