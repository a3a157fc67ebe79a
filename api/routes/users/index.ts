import { z } from 'zod';
import { user } from '../../../src/lib/users/schema.ts';
import { errorBody, messageBody, validationErrorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import { textStream } from '../../lib/text-stream.ts';
import { deleteAccount } from '../../services/privacy/delete-account.ts';
import { previewAccountDeletion } from '../../services/privacy/deletion-preview.ts';
import { exportAccountData } from '../../services/privacy/export.ts';
import { logoutUser } from '../../services/users/logout.ts';
import { presentUser } from '../../services/users/present.ts';
import { accountExport, deleteAccountBody, deletionPreview, ownSession } from './schema.ts';

/** GET /api/users/me: the signed-in user. */
export const getMe = defineRoute({
  method: 'get',
  path: '/api/users/me',
  tag: 'Users',
  summary: 'The signed-in user (also at /api/users/me/).',
  responses: { 200: { description: 'The caller.', schema: user } },
  handler: (c) => c.json(presentUser(c.get('user'))),
});

/** DELETE /api/users/me: the account and the projects its user alone owns (issue 22, privacy). */
export const deleteMe = defineRoute({
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
  handler: async (c, { body }) =>
    c.json(
      await deleteAccount({
        ctx: c.get('ctx'),
        verifier: c.get('deps').verifier,
        input: { confirmEmail: body.confirm_email },
      }),
    ),
});

/** GET /api/users/me/deletion-preview: what deleting the account would take with it. */
export const deletionPreviewRoute = defineRoute({
  method: 'get',
  path: '/api/users/me/deletion-preview',
  tag: 'Users',
  summary: 'What deleting the account would take with it, for the confirmation the user reads.',
  responses: { 200: { description: 'The projects deleted and left.', schema: deletionPreview } },
  handler: async (c) => c.json(await previewAccountDeletion({ ctx: c.get('ctx') })),
});

/** GET /api/users/me/export: the caller's data as a JSON file, streamed. */
export const exportMe = defineRoute({
  method: 'get',
  path: '/api/users/me/export',
  tag: 'Users',
  summary:
    "Downloads the caller's data as JSON: account fields, and for each of their projects its brand guide, style guides, plan, workflows and posts.",
  responses: { 200: { description: 'The export, as a file to save.', schema: accountExport } },
  handler: async (c) => {
    const data = await exportAccountData({ ctx: c.get('ctx') });
    return new Response(textStream(data.chunks), {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="${data.filename}"`,
        'Cache-Control': 'no-store',
      },
    });
  },
});

/** POST /api/users/logout: signs the caller out everywhere. */
export const logout = defineRoute({
  method: 'post',
  path: '/api/users/logout',
  tag: 'Users',
  summary: 'Signs the caller out everywhere (sign-in tokens; API keys stay).',
  responses: { 200: { description: 'Signed out.', schema: z.object({ detail: z.string() }) } },
  handler: async (c) => {
    await logoutUser({ ctx: c.get('ctx'), verifier: c.get('deps').verifier });
    return c.json({ detail: 'Logged out.' });
  },
});

/** /api/users: the signed-in user, sign-out, the export of their data and the deletion of their account. */
export const usersRoutes = [getMe, deleteMe, deletionPreviewRoute, exportMe, logout];
