import { heldPostsRoute, postChecklistRoute } from './posts/checklist.ts';
import { createPostRoute } from './posts/create.ts';
import { deletePostRoute } from './posts/delete.ts';
import { getPostRoute } from './posts/get.ts';
import { listPostsRoute } from './posts/list.ts';
import { previewPostRoute } from './posts/preview.ts';
import { publishPostRoute, schedulePostRoute, unpublishPostRoute } from './posts/status.ts';
import { updatePostRoute } from './posts/update.ts';
import { postVersionsRoute, translatePostRoute, translationStatusRoute } from './posts/translate.ts';
import { planStatusRoute, startPlanRoute } from './plan.ts';

/**
 * /api/blogs/posts: the project's blog posts — list, read, write by hand, edit, publish, schedule (issues 13, 23),
 * translate (issue 24).
 */
export const postsRoutes = [
  listPostsRoute,
  heldPostsRoute,
  createPostRoute,
  previewPostRoute,
  getPostRoute,
  postChecklistRoute,
  updatePostRoute,
  publishPostRoute,
  unpublishPostRoute,
  schedulePostRoute,
  deletePostRoute,
  translatePostRoute,
  postVersionsRoute,
  translationStatusRoute,
];

/** /api/blogs/posts/plan: the 30-day plan task (spec §3 Plan task, §7), beside the posts. */
export const planRoutes = [startPlanRoute, planStatusRoute];
