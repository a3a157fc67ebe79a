import { heldPost, postChecklist } from '../../../../src/lib/quality/schema.ts';
import { z } from 'zod';
import { defineRoute } from '../../../lib/route.ts';
import { getPostChecklist, listHeldPosts } from '../../../services/quality/verbs.ts';
import { noPost, noPostsProject, postIdParam, postsTag, projectIdParam } from '../schema.ts';

/** GET /api/blogs/posts/post/{id}/checklist: the on-page checklist of the saved post (issue 27). */
export const postChecklistRoute = defineRoute({
  method: 'get',
  path: '/api/blogs/posts/post/{id}/checklist',
  tag: postsTag,
  summary:
    "The on-page checklist of the saved post: each rule's state and what to do, the 0–100 score, the project's quality gate verdict, and what the editor needs to run the same checklist as the writer types.",
  params: postIdParam,
  responses: { 200: { description: 'The checklist.', schema: postChecklist }, ...noPost },
  handler: async (c, { params }) => c.json(await getPostChecklist({ ctx: c.get('ctx'), input: { id: params.id } })),
});

/** GET /api/blogs/posts/project/{projectId}/held: drafts the quality gate kept from going live (issue 27). */
export const heldPostsRoute = defineRoute({
  method: 'get',
  path: '/api/blogs/posts/project/{projectId}/held',
  tag: postsTag,
  summary:
    "The project's drafts the quality gate held back (the autopilot or a run asked to publish them), each with why, most recent first.",
  params: projectIdParam,
  responses: {
    200: { description: 'The held drafts (none: an empty list).', schema: z.object({ items: z.array(heldPost) }) },
    ...noPostsProject,
  },
  handler: async (c, { params }) =>
    c.json(await listHeldPosts({ ctx: c.get('ctx'), input: { projectId: params.projectId } })),
});
