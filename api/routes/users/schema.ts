import { z } from 'zod';
import { errorBody, messageBody, operation, validationErrorBody } from '../../lib/openapi.ts';
import { CONFIRM_EMAIL } from '../../services/privacy/delete-account.ts';

export const user = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_admin: z.boolean(),
  is_superuser: z.boolean(),
  avatar_url: z.string().nullable(),
  external_id: z.string(),
});

export const deleteAccountBody = z.object({
  confirm_email: z
    .string({ error: CONFIRM_EMAIL })
    .max(320, { error: CONFIRM_EMAIL })
    .describe("The account's email address, typed by the user to confirm (letter case and surrounding spaces aside)."),
});

const namedProject = z.object({ id: z.uuid(), name: z.string() });

export const deletionPreview = z.object({
  deleted_projects: z
    .array(namedProject)
    .describe('Projects the caller alone owns: deleted with the account, with everything in them.'),
  left_projects: z
    .array(namedProject.extend({ role: z.enum(['owner', 'editor', 'viewer']) }))
    .describe('Projects that stay (someone else owns them too): the caller only leaves them.'),
  cancels_subscription: z.boolean().describe('A paid Stripe subscription would be cancelled at once.'),
});

const stamp = z.iso.datetime();
export const accountExport = z
  .object({
    format: z.literal('inkpilot-export'),
    version: z.number().int(),
    exported_at: stamp,
    account: user.pick({ id: true, email: true, first_name: true, last_name: true, avatar_url: true }).extend({
      created_at: stamp,
      plan: z.object({ plan: z.string(), source: z.string(), status: z.string() }),
      api_keys: z.array(
        z.object({
          name: z.string(),
          prefix: z.string(),
          created_at: stamp,
          last_used_at: stamp.nullable(),
          revoked_at: stamp.nullable(),
        }),
      ),
    }),
    projects: z.array(
      z
        .object({
          id: z.uuid(),
          name: z.string(),
          role: z.enum(['owner', 'editor', 'viewer']),
          brand_guide: z.object({}).loose().describe('Website, brand content, status, logo and colour.'),
          blog: z.object({}).loose().describe('Address, slug, custom domain, base path, logo, accent colour.'),
          style_guides: z.array(z.object({}).loose()),
          plan: z.array(z.object({}).loose()).describe('Calendar entries, by day.'),
          autopilot: z.object({}).loose().nullable(),
          workflows: z.array(z.object({}).loose()),
          posts: z
            .array(z.object({ id: z.uuid(), title: z.string(), markdown: z.string() }).loose())
            .describe('Every post with its markdown and fields; url is set for published posts.'),
        })
        .loose(),
    ),
  })
  .describe('A JSON file (Content-Disposition: attachment) of everything of the caller the export covers.');

const ownSession = {
  403: { description: 'Sent with an API key, or while impersonating: only the account itself may.', schema: errorBody },
};

export const operations = [
  operation({
    method: 'get',
    path: '/api/users/me',
    tag: 'Users',
    summary: 'The signed-in user (also at /api/users/me/).',
    responses: { 200: { description: 'The caller.', schema: user } },
  }),
  operation({
    method: 'delete',
    path: '/api/users/me',
    tag: 'Users',
    summary:
      "Deletes the caller's account: projects they alone own go with everything in them, they leave the others; API keys, invite links, sessions and the sign-in account go; a paid subscription is cancelled at Stripe first.",
    body: deleteAccountBody,
    responses: {
      200: { description: 'Deleted; every token and key of the account is refused from now on.', schema: messageBody },
      ...ownSession,
      409: {
        description: 'A paid subscription exists and billing is not configured here. Nothing deleted.',
        schema: errorBody,
      },
      422: { description: "The typed email is not the account's. Nothing deleted.", schema: validationErrorBody },
      502: { description: 'Stripe or the sign-in provider refused. Nothing deleted.', schema: errorBody },
    },
  }),
  operation({
    method: 'get',
    path: '/api/users/me/deletion-preview',
    tag: 'Users',
    summary: 'What deleting the account would take with it, for the confirmation the user reads.',
    responses: { 200: { description: 'The projects deleted and left.', schema: deletionPreview } },
  }),
  operation({
    method: 'get',
    path: '/api/users/me/export',
    tag: 'Users',
    summary:
      "Downloads the caller's data as JSON: account fields, and for each of their projects its brand guide, style guides, plan, workflows and posts.",
    responses: { 200: { description: 'The export, as a file to save.', schema: accountExport } },
  }),
  operation({
    method: 'post',
    path: '/api/users/logout',
    tag: 'Users',
    summary: 'Signs the caller out everywhere (sign-in tokens; API keys stay).',
    responses: { 200: { description: 'Signed out.', schema: z.object({ detail: z.string() }) } },
  }),
];
