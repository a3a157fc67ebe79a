import type { Post, PostEdit, PostPage, PostSort, PostStatusFilter } from '../../../src/lib/posts/types.ts';
import { slugFromTitle } from '../../../src/lib/posts/slug.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { authorize } from '../authorize.ts';
import {
  freeSlug,
  insertDraft,
  selectPost,
  selectPostPage,
  setPostStatus,
  slugTaken,
  updatePostFields,
} from './queries.ts';
import { renderPostHtml } from './render.ts';

const NOT_FOUND = 'Post not found.';
export const STALE_POST =
  'Someone else saved this post after you opened it, so your changes were not saved. Your text is still in the editor: copy what you need, reload the post and apply it again.';

/** The post if the caller may act on it; a missing post and one of a foreign project answer the same 404. */
async function loadPost(ctx: ServiceContext, id: string, action: 'read' | 'write'): Promise<Post> {
  const post = await selectPost(ctx.sql, id);
  if (!post) throw new NotFoundError(NOT_FOUND);
  await authorize(ctx, post.project_id, action, NOT_FOUND);
  return post;
}

function slugInUse(slug: string): ValidationError {
  return new ValidationError([
    {
      loc: ['body', 'slug'],
      msg: `Another post of this project already uses the slug "${slug}". Choose a different one.`,
      type: 'value_error.unique',
    },
  ]);
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

/** A new draft written by hand (owners and editors); its slug comes from the title and is made unique. */
export async function createPost({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; title: string; markdown: string };
}): Promise<Post> {
  await authorize(ctx, input.projectId, 'write');
  const title = input.title.trim();
  const html = await renderPostHtml(input.markdown);
  const id = await ctx.sql.begin(async (tx) => {
    // One writer at a time picks a slug in this project, so two drafts named alike never race for the same one.
    await tx`select pg_advisory_xact_lock(hashtext(${`blog_posts.slug:${input.projectId}`}))`;
    const slug = await freeSlug(tx, input.projectId, slugFromTitle(title));
    return insertDraft(tx, {
      projectId: input.projectId,
      title,
      slug,
      markdown: input.markdown,
      html,
      authorId: ctx.user.id,
    });
  });
  return (await selectPost(ctx.sql, id))!;
}

/**
 * Saves an edit made from `version`: refused with 409 (nothing written) when the post moved on since, so nobody's
 * newer save is overwritten. The stored html is always the server's rendering of the markdown.
 */
export async function updatePost({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: string; version: number; fields: Partial<PostEdit> };
}): Promise<Post> {
  const post = await loadPost(ctx, input.id, 'write');
  if (post.version !== input.version) throw new ConflictError(STALE_POST);
  const { fields } = input;
  if (
    fields.slug !== undefined &&
    fields.slug !== post.slug &&
    (await slugTaken(ctx.sql, post.project_id, fields.slug, post.id))
  )
    throw slugInUse(fields.slug);
  const stored = fields.markdown === undefined ? fields : { ...fields, html: await renderPostHtml(fields.markdown) };
  try {
    if (!(await updatePostFields(ctx.sql, post.id, input.version, stored))) throw new ConflictError(STALE_POST);
  } catch (error) {
    // Two saves choosing the same new slug at once: the unique index decides, the loser hears why.
    if ((error as { constraint_name?: string }).constraint_name === 'blog_posts_project_id_slug_key')
      throw slugInUse(fields.slug ?? '');
    throw error;
  }
  return (await selectPost(ctx.sql, post.id))!;
}

/** Puts a post on the project's blog (a title is needed); optionally only if it is still at `version`. */
export async function publishPost({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: string; version?: number | undefined };
}): Promise<Post> {
  return changeStatus(ctx, input, 'published');
}

/** Takes a post off the blog, back to draft. */
export async function unpublishPost({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: string; version?: number | undefined };
}): Promise<Post> {
  return changeStatus(ctx, input, 'draft');
}

async function changeStatus(
  ctx: ServiceContext,
  input: { id: string; version?: number | undefined },
  status: 'draft' | 'published',
): Promise<Post> {
  const post = await loadPost(ctx, input.id, 'write');
  if (input.version !== undefined && post.version !== input.version) throw new ConflictError(STALE_POST);
  if (post.status === status) return post; // already so: nothing changes, the version stays
  if (status === 'published' && !post.title.trim()) {
    throw new ValidationError([
      {
        loc: ['body'],
        msg: 'Add a title before publishing: the blog shows it as the heading and in search results.',
        type: 'value_error',
      },
    ]);
  }
  if (!(await setPostStatus(ctx.sql, post.id, status, post.version))) throw new ConflictError(STALE_POST);
  return (await selectPost(ctx.sql, post.id))!;
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
  await ctx.sql`delete from blog_posts where id = ${post.id}`;
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
