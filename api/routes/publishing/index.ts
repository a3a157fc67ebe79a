import { z } from 'zod';
import { postPublishing } from '../../../src/lib/destinations/schema.ts';
import { errorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import {
  checkRemoteChanges,
  getPostPublishing,
  retryDelivery,
  setPostDestination,
} from '../../services/deliveries/verbs.ts';

const tag = 'Publishing';
const postParam = z.object({ id: z.uuid({ error: 'Post not found.' }) });
const noPost = { 404: { description: 'No such post in a project of the caller.', schema: errorBody } };
const viewers = { 403: { description: 'Viewers cannot change this project.', schema: errorBody } };
const answer = {
  description: "Where the post is published, its delivery log and IndexNow's state.",
  schema: postPublishing,
};

/** GET /api/blogs/posts/post/{id}/publishing: where the post is live and its delivery log (any member). */
export const postPublishingRoute = defineRoute({
  method: 'get',
  path: '/api/blogs/posts/post/{id}/publishing',
  tag,
  summary:
    "Where the post is published (each destination of its project: live or not, its address there, the latest delivery's state), its delivery log, newest first, and IndexNow's state (any member).",
  params: postParam,
  responses: { 200: answer, ...noPost },
  handler: async (c, { params }) =>
    c.json(await getPostPublishing({ ctx: c.get('ctx'), input: { postId: params.id } })),
});

/** POST /api/blogs/posts/post/{id}/publishing/check: asks the destinations whether the post changed there. */
export const checkPublishingRoute = defineRoute({
  method: 'post',
  path: '/api/blogs/posts/post/{id}/publishing/check',
  tag,
  summary:
    'Asks each destination where the post is live for its last-modified time, at most once a minute each, so changed_on_remote says whether someone edited it there since our last push (any member). No body.',
  params: postParam,
  responses: { 200: answer, ...noPost },
  handler: async (c, { params }) =>
    c.json(await checkRemoteChanges({ ctx: c.get('ctx'), input: { postId: params.id } })),
});

/** POST /api/blogs/posts/post/{id}/deliveries/{deliveryId}/retry: tries a failed delivery again (owners, editors). */
export const retryDeliveryRoute = defineRoute({
  method: 'post',
  path: '/api/blogs/posts/post/{id}/deliveries/{deliveryId}/retry',
  tag,
  summary:
    'Tries a failed delivery (or one waiting for its next attempt) again now, its attempts counted afresh (owners, editors). No body.',
  params: z.object({ id: z.uuid({ error: 'Post not found.' }), deliveryId: z.uuid({ error: 'Delivery not found.' }) }),
  responses: {
    200: answer,
    ...viewers,
    404: { description: 'No such post of the caller, or no such delivery of the post.', schema: errorBody },
    409: { description: 'The delivery was made, skipped or is being made: nothing to retry.', schema: errorBody },
  },
  handler: async (c, { params }) =>
    c.json(await retryDelivery({ ctx: c.get('ctx'), input: { postId: params.id, deliveryId: params.deliveryId } })),
});

/** PUT /api/blogs/posts/post/{id}/destinations/{destinationId}: sends the post to a destination or keeps it off. */
export const setPostDestinationRoute = defineRoute({
  method: 'put',
  path: '/api/blogs/posts/post/{id}/destinations/{destinationId}',
  tag,
  summary:
    'Sends the post to one destination of its project (publish true, the default) or keeps it off it (false), owners and editors; a live post is published there or taken down from there at once.',
  params: z.object({
    id: z.uuid({ error: 'Post not found.' }),
    destinationId: z.uuid({ error: 'Destination not found.' }),
  }),
  body: z.object({ publish: z.boolean({ error: 'publish is true or false.' }) }).strict(),
  responses: {
    200: answer,
    ...viewers,
    404: { description: 'No such post of the caller, or no such destination of its project.', schema: errorBody },
  },
  handler: async (c, { params, body }) =>
    c.json(
      await setPostDestination({
        ctx: c.get('ctx'),
        input: { postId: params.id, destinationId: params.destinationId, publish: body.publish },
      }),
    ),
});

/** A post's publishing (issue 28): where it is live, its delivery log, Retry, and its per-destination switch. */
export const publishingRoutes = [
  postPublishingRoute,
  checkPublishingRoute,
  retryDeliveryRoute,
  setPostDestinationRoute,
];
