import { searchConsoleAuthorization, searchConsoleConnection } from '../../../src/lib/search-console/schema.ts';
import { errorBody, validationErrorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import {
  completeSearchConsoleConnect,
  disconnectSearchConsole,
  getSearchConsole,
  setSearchConsoleVerification,
  startSearchConsoleConnect,
} from '../../services/search-console/verbs.ts';
import {
  callbackBody,
  googleFailed,
  notMember,
  notReady,
  ownersOnly,
  projectParam,
  tag,
  verificationBody,
} from './schema.ts';

/** GET /api/projects/{id}/search-console: the connection's state (any member). */
export const getSearchConsoleRoute = defineRoute({
  method: 'get',
  path: '/api/projects/{id}/search-console',
  tag,
  summary:
    "The project's Search Console connection (any member): configured or not (and what to set), connected, property, sitemap, metrics and the blog's verification tag. Never a token.",
  params: projectParam,
  responses: { 200: { description: 'The connection.', schema: searchConsoleConnection }, ...notMember },
  handler: async (c, { params }) =>
    c.json(await getSearchConsole({ ctx: c.get('ctx'), input: { projectId: params.id } })),
});

/** POST /api/projects/{id}/search-console/connect: starts Google's consent (owners, signed-in session). */
export const connectSearchConsoleRoute = defineRoute({
  method: 'post',
  path: '/api/projects/{id}/search-console/connect',
  tag,
  summary:
    "Starts Google's OAuth consent for Search Console (owners, from a signed-in session): answers the consent page's address, with a state bound to the caller and project, PKCE (S256), offline access. Google sends the browser back to /projects/search-console.",
  params: projectParam,
  responses: {
    200: { description: 'Where to send the browser.', schema: searchConsoleAuthorization },
    403: { description: 'Editors and viewers cannot connect; nor an API key.', schema: errorBody },
    ...notMember,
    ...notReady,
  },
  handler: async (c, { params }) => {
    const origin = new URL(c.req.url).origin;
    return c.json(await startSearchConsoleConnect({ ctx: c.get('ctx'), input: { projectId: params.id, origin } }));
  },
});

/** POST /api/projects/{id}/search-console/callback: finishes the consent with Google's answer (owners). */
export const searchConsoleCallbackRoute = defineRoute({
  method: 'post',
  path: '/api/projects/{id}/search-console/callback',
  tag,
  summary:
    "Finishes Google's consent (owners, from the signed-in session that started it): the state must be theirs for this project, unused and under 10 minutes old; the code is exchanged and the tokens are stored sealed.",
  params: projectParam,
  body: callbackBody,
  responses: {
    200: { description: 'Connected; next, pick the property.', schema: searchConsoleConnection },
    403: { description: 'Editors and viewers cannot connect; nor an API key.', schema: errorBody },
    ...notMember,
    ...notReady,
    422: {
      description:
        "The state is unknown, expired or someone else's; access was refused on Google's page; or Google did not accept the code. Nothing stored.",
      schema: validationErrorBody,
    },
    ...googleFailed,
  },
  handler: async (c, { params, body }) =>
    c.json(await completeSearchConsoleConnect({ ctx: c.get('ctx'), input: { projectId: params.id, ...body } })),
});

/** PUT /api/projects/{id}/search-console/verification: the blog's google-site-verification tag (owners). */
export const searchConsoleVerificationRoute = defineRoute({
  method: 'put',
  path: '/api/projects/{id}/search-console/verification',
  tag,
  summary:
    "Sets the google-site-verification meta tag every page of the hosted blog carries in <head> (owners), so Search Console can verify the blog's address; the token or the whole tag, empty to remove.",
  params: projectParam,
  body: verificationBody,
  responses: {
    200: { description: 'Saved; the blog shows it from its next request.', schema: searchConsoleConnection },
    ...ownersOnly,
    ...notMember,
    422: { description: 'Not a verification token; nothing changed.', schema: validationErrorBody },
  },
  handler: async (c, { params, body }) =>
    c.json(
      await setSearchConsoleVerification({ ctx: c.get('ctx'), input: { projectId: params.id, token: body.token } }),
    ),
});

/** DELETE /api/projects/{id}/search-console: disconnects (owners). */
export const disconnectSearchConsoleRoute = defineRoute({
  method: 'delete',
  path: '/api/projects/{id}/search-console',
  tag,
  summary:
    "Disconnects Search Console (owners): the grant is revoked at Google and the project's indexing statuses and search metrics are deleted. The verification tag stays.",
  params: projectParam,
  responses: {
    200: { description: 'Disconnected (also when it was not connected).', schema: searchConsoleConnection },
    ...ownersOnly,
    ...notMember,
  },
  handler: async (c, { params }) =>
    c.json(await disconnectSearchConsole({ ctx: c.get('ctx'), input: { projectId: params.id } })),
});
