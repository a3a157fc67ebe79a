import { searchConsoleConnection, searchConsoleProperties } from '../../../src/lib/search-console/schema.ts';
import { validationErrorBody } from '../../lib/openapi.ts';
import { defineRoute } from '../../lib/route.ts';
import {
  chooseSearchConsoleProperty,
  listSearchConsoleProperties,
  resubmitSearchConsoleSitemap,
} from '../../services/search-console/verbs.ts';
import { googleFailed, notMember, notReady, ownersOnly, projectParam, propertyBody, tag } from './schema.ts';

/** GET /api/projects/{id}/search-console/properties: the account's properties (owners). */
export const searchConsolePropertiesRoute = defineRoute({
  method: 'get',
  path: '/api/projects/{id}/search-console/properties',
  tag,
  summary:
    "The connected Google account's Search Console properties (sites.list; owners), those covering the blog's address first, each saying whether it can be picked.",
  params: projectParam,
  responses: {
    200: { description: 'The properties.', schema: searchConsoleProperties },
    ...ownersOnly,
    ...notMember,
    ...notReady,
    ...googleFailed,
  },
  handler: async (c, { params }) =>
    c.json(await listSearchConsoleProperties({ ctx: c.get('ctx'), input: { projectId: params.id } })),
});

/** PUT /api/projects/{id}/search-console/property: picks the property and submits the sitemap (owners). */
export const chooseSearchConsolePropertyRoute = defineRoute({
  method: 'put',
  path: '/api/projects/{id}/search-console/property',
  tag,
  summary:
    "Reads the blog through a property (owners): it must be in the account, readable and cover the blog's address. The blog's sitemap is submitted (sitemaps.submit) and indexing status and metrics are fetched at once.",
  params: projectParam,
  body: propertyBody,
  responses: {
    200: {
      description: "Saved, with whether the sitemap was submitted (or why not, in Google's words).",
      schema: searchConsoleConnection,
    },
    ...ownersOnly,
    ...notMember,
    ...notReady,
    422: { description: 'Not a property of the account, or it does not cover the blog.', schema: validationErrorBody },
    ...googleFailed,
  },
  handler: async (c, { params, body }) =>
    c.json(
      await chooseSearchConsoleProperty({
        ctx: c.get('ctx'),
        input: { projectId: params.id, siteUrl: body.site_url },
      }),
    ),
});

/** POST /api/projects/{id}/search-console/sitemap: submits the blog's sitemap again (owners). */
export const submitSearchConsoleSitemapRoute = defineRoute({
  method: 'post',
  path: '/api/projects/{id}/search-console/sitemap',
  tag,
  summary: "Submits the blog's sitemap again for the chosen property (owners).",
  params: projectParam,
  responses: {
    200: { description: 'The outcome, in the message.', schema: searchConsoleConnection },
    ...ownersOnly,
    ...notMember,
    ...notReady,
    ...googleFailed,
  },
  handler: async (c, { params }) =>
    c.json(await resubmitSearchConsoleSitemap({ ctx: c.get('ctx'), input: { projectId: params.id } })),
});
