import type { Hono } from 'hono';
import type { AppEnv } from '../lib/hono.ts';
import { type ApiRoute, routeHandler, routingPath } from '../lib/route.ts';
import { bodyRules, publicPrefixes } from '../lib/route-tables.ts';
import { adminRoutes } from './admin/index.ts';
import { analyticsRoutes } from './analytics/index.ts';
import { apiKeysRoutes } from './api-keys/index.ts';
import { billingRoutes } from './billing/index.ts';
import { planRoutes, postsRoutes } from './blogs/index.ts';
import { calendarRoutes } from './calendar/index.ts';
import { getPublicConfig } from './config/index.ts';
import { customDomainRoutes } from './custom-domains/index.ts';
import { destinationsRoutes } from './destinations/index.ts';
import { domainsRoutes } from './domains/index.ts';
import { instaTranscriptionsRoutes } from './insta-transcriptions/index.ts';
import { invitesRoutes } from './invites/index.ts';
import { mediaRoutes } from './media/index.ts';
import { mcpRoutes } from './mcp/index.ts';
import { membersRoutes } from './members/index.ts';
import { health, openapiDocument } from './openapi/index.ts';
import { projectsRoutes } from './projects/index.ts';
import { publishingRoutes } from './publishing/index.ts';
import { promptsRoutes } from './prompts/index.ts';
import { queueRoutes } from './queue/index.ts';
import { reelsRoutes } from './reels/index.ts';
import { searchConsoleRoutes } from './search-console/index.ts';
import { usageRoutes } from './usage/index.ts';
import { usersRoutes } from './users/index.ts';
import { workflowsRoutes } from './workflows/index.ts';

/**
 * Every route of /api, declared once in its folder (path, sign-in, body, schemas, handler); one line per resource.
 * The router, /api/openapi.json and /docs/api, the public paths and the body rules below all come from this list.
 * Within a resource, a static path comes before the parameter it would otherwise match (/workflows/blocks, /{id}).
 */
export const API_ROUTES: readonly ApiRoute[] = [
  health,
  openapiDocument(() => API_ROUTES),
  getPublicConfig,
  ...usersRoutes,
  ...projectsRoutes,
  ...membersRoutes,
  ...invitesRoutes,
  ...promptsRoutes,
  ...apiKeysRoutes,
  ...reelsRoutes,
  ...instaTranscriptionsRoutes,
  ...usageRoutes,
  ...billingRoutes,
  ...adminRoutes,
  ...postsRoutes,
  ...planRoutes,
  ...calendarRoutes,
  ...workflowsRoutes,
  ...queueRoutes,
  ...mediaRoutes,
  ...customDomainRoutes,
  ...domainsRoutes,
  ...destinationsRoutes,
  ...publishingRoutes,
  ...analyticsRoutes,
  ...mcpRoutes,
  ...searchConsoleRoutes,
];

/** Paths under /api that answer without sign-in: those of the routes declared public. */
export const PUBLIC_API_PREFIXES = publicPrefixes(API_ROUTES);

/** Routes whose body is not small JSON (every other /api body must be application/json within API_BODY_MAX_BYTES). */
export const BODY_RULES = bodyRules(API_ROUTES);

/** Mounts every declared route on the app (full paths: /api/…). */
export function registerRoutes(app: Hono<AppEnv>): void {
  for (const route of API_ROUTES) app.on(route.method.toUpperCase(), routingPath(route), routeHandler(route));
}
