import { Hono, type Context } from 'hono';
import { NotFoundError } from '../../lib/errors.ts';
import type { AppEnv } from '../../lib/hono.ts';
import { parseJson, parseWith } from '../../lib/validate.ts';
import {
  createPost,
  deletePost,
  getPost,
  listPosts,
  previewPost,
  publishPost,
  schedulePost,
  unpublishPost,
  updatePost,
} from '../../services/posts/verbs.ts';
import {
  createPostBody,
  listPostsQuery,
  postIdParam,
  previewPostBody,
  projectIdParam,
  scheduleBody,
  statusBody,
  updatePostBody,
} from './schema.ts';

function postId(param: Record<string, string>): string {
  const parsed = postIdParam.safeParse(param);
  if (!parsed.success) throw new NotFoundError('Post not found.');
  return parsed.data.id;
}

function projectId(param: Record<string, string>): string {
  const parsed = projectIdParam.safeParse(param);
  if (!parsed.success) throw new NotFoundError('Project not found.');
  return parsed.data.projectId;
}

/** A body that may be left out entirely (publish, unpublish): none means {}. */
async function optionalJson<S extends typeof statusBody>(c: Context<AppEnv>, schema: S) {
  const raw = await c.req.text(); // Hono's cached reader: the JSON parse after it reads the same text
  return raw.trim() ? parseJson(c, schema) : parseWith(schema, {}, 'body');
}

/** /api/blogs/posts: the project's blog posts — list, read, write by hand, edit, publish, schedule (issues 13, 23). */
export const postsRoutes = new Hono<AppEnv>()
  .get('/project/:projectId', async (c) => {
    const query = parseWith(listPostsQuery, c.req.query(), 'query');
    const input = {
      projectId: projectId(c.req.param()),
      status: query.status,
      q: query.q,
      sort: query.sort,
      page: query.page,
      pageSize: query.page_size,
    };
    return c.json(await listPosts({ ctx: c.get('ctx'), input }));
  })
  .post('/project/:projectId', async (c) => {
    const id = projectId(c.req.param());
    const body = await parseJson(c, createPostBody);
    return c.json(
      await createPost({ ctx: c.get('ctx'), input: { projectId: id, title: body.title, markdown: body.markdown } }),
      201,
    );
  })
  .post('/project/:projectId/preview', async (c) => {
    const id = projectId(c.req.param());
    const body = await parseJson(c, previewPostBody);
    return c.json(await previewPost({ ctx: c.get('ctx'), input: { projectId: id, markdown: body.markdown } }));
  })
  .get('/post/:id', async (c) => c.json(await getPost({ ctx: c.get('ctx'), input: { id: postId(c.req.param()) } })))
  .patch('/post/:id', async (c) => {
    const id = postId(c.req.param());
    const { version, ...fields } = await parseJson(c, updatePostBody);
    return c.json(await updatePost({ ctx: c.get('ctx'), input: { id, version, fields } }));
  })
  .post('/post/:id/publish', async (c) => {
    const id = postId(c.req.param());
    const { version } = await optionalJson(c, statusBody);
    return c.json(await publishPost({ ctx: c.get('ctx'), input: { id, version } }));
  })
  .post('/post/:id/unpublish', async (c) => {
    const id = postId(c.req.param());
    const { version } = await optionalJson(c, statusBody);
    return c.json(await unpublishPost({ ctx: c.get('ctx'), input: { id, version } }));
  })
  .post('/post/:id/schedule', async (c) => {
    const id = postId(c.req.param());
    const { at, version } = await parseJson(c, scheduleBody);
    return c.json(await schedulePost({ ctx: c.get('ctx'), input: { id, at, version } }));
  })
  .delete('/post/:id', async (c) =>
    c.json(await deletePost({ ctx: c.get('ctx'), input: { id: postId(c.req.param()) } })),
  );
