import { z } from 'zod';
import { errorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { listUsers, setAccountPlan, startImpersonation } from '../../services/admin/verbs.ts';
import {
  adminUserIdParam,
  adminUserResponse,
  admins,
  impersonateResponse,
  listUsersQuery,
  noUser,
  setPlanBody,
  setPlanResponse,
} from './schema.ts';

/** GET /api/admin/users?q=: admins find accounts by email or name. */
export const listUsersRoute = defineRoute({
  method: 'get',
  path: '/api/admin/users',
  tag: 'Admin',
  summary: 'Admins find accounts by email or name, newest first, each with its plan.',
  query: listUsersQuery,
  responses: { 200: { description: 'Matching users.', schema: z.array(adminUserResponse) }, ...admins },
  handler: async (c, { query }) => c.json(await listUsers({ ctx: c.get('ctx'), input: query })),
});

/** PUT /api/admin/users/{id}/plan: admins put an account on a plan, whatever Stripe says. */
export const setPlanRoute = defineRoute({
  method: 'put',
  path: '/api/admin/users/{id}/plan',
  tag: 'Admin',
  summary: 'Admins put an account on a plan, whatever Stripe says; null goes back to the Stripe plan or Free.',
  params: adminUserIdParam,
  body: setPlanBody,
  responses: { 200: { description: "The account's plan now.", schema: setPlanResponse }, ...admins, ...noUser },
  handler: async (c, { params, body }) =>
    c.json(await setAccountPlan({ ctx: c.get('ctx'), input: { userId: params.id, plan: body.plan } })),
});

/** POST /api/admin/users/{id}/impersonate: admins start acting as a user (every request of it is audited). */
export const impersonateRoute = defineRoute({
  method: 'post',
  path: '/api/admin/users/{id}/impersonate',
  tag: 'Admin',
  summary:
    'Admins start acting as a user: a custom token for that user (every request of the session is audited) and one to sign back in as the admin. No body.',
  params: adminUserIdParam,
  responses: {
    200: { description: 'Custom tokens to sign in with.', schema: impersonateResponse },
    403: {
      description:
        'Only admins can do this, from their own sign-in (never with an API key); superusers cannot be impersonated.',
      schema: errorBody,
    },
    ...noUser,
    422: { description: 'You cannot impersonate yourself.', schema: errorBody },
  },
  handler: async (c, { params }) =>
    c.json(
      await startImpersonation({ ctx: c.get('ctx'), verifier: c.get('deps').verifier, input: { userId: params.id } }),
    ),
});
