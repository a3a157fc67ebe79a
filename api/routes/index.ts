import type { Hono } from 'hono';
import type { AppEnv } from '../lib/hono.ts';
import type { BodyRule } from '../middleware/body.ts';
import { adminRoutes } from './admin/index.ts';
import { apiKeysRoutes } from './api-keys/index.ts';
import { billingRoutes } from './billing/index.ts';
import { planRoutes } from './blogs/plan.ts';
import { calendarRoutes } from './calendar/index.ts';
import { publicConfigRoutes } from './config/index.ts';
import { customDomainRoutes } from './custom-domains/index.ts';
import { domainsRoutes } from './domains/index.ts';
import { instaTranscriptionsRoutes } from './insta-transcriptions/index.ts';
import { invitesRoutes } from './invites/index.ts';
import { membersRoutes } from './members/index.ts';
import { openapiRoutes } from './openapi/index.ts';
import { blogsRoutes } from './blogs/index.ts';
import { mediaRoutes } from './media/index.ts';
import { projectsRoutes } from './projects/index.ts';
import { promptsRoutes } from './prompts/index.ts';
import { queueRoutes } from './queue/index.ts';
import { reelsRoutes } from './reels/index.ts';
import { usageRoutes } from './usage/index.ts';
import { usersRoutes } from './users/index.ts';
import { workflowsRoutes } from './workflows/index.ts';

/** Paths under /api that answer without sign-in. */
export const PUBLIC_API_PREFIXES = [
  '/api/health',
  '/api/public-config',
  '/api/reels/transcribe',
  '/api/insta-transcriptions',
  '/api/openapi.json',
  '/api/billing/stripe/webhook',
  '/api/media',
  '/api/domains/allowed',
];

/** Routes whose body is not small JSON (every other /api body must be application/json within API_BODY_MAX_BYTES). */
export const BODY_RULES: BodyRule[] = [
  {
    method: 'POST',
    path: '/api/prompts/generate-and-save-guide',
    type: 'multipart/form-data',
    maxBytes: (config) => config.UPLOAD_MAX_BYTES,
  },
  // Stripe signs the exact bytes it sent: the route reads them raw and verifies before parsing.
  {
    method: 'POST',
    path: '/api/billing/stripe/webhook',
    type: 'application/json',
    maxBytes: (config) => config.API_BODY_MAX_BYTES,
    raw: true,
  },
];

/** Mounts every resource router on the /api app; one line per resource. */
export function registerRoutes(api: Hono<AppEnv>): void {
  api.get('/health', (c) => c.json({ status: 'ok' }));
  api.route('/public-config', publicConfigRoutes);
  api.route('/users', usersRoutes);
  api.route('/openapi.json', openapiRoutes);
  api.route('/projects', customDomainRoutes);
  api.route('/projects', projectsRoutes);
  api.route('/projects', membersRoutes);
  api.route('/invites', invitesRoutes);
  api.route('/api-keys', apiKeysRoutes);
  api.route('/domains', domainsRoutes);
  api.route('/prompts', promptsRoutes);
  api.route('/blogs', blogsRoutes);
  api.route('/reels', reelsRoutes);
  api.route('/insta-transcriptions', instaTranscriptionsRoutes);
  api.route('/usage', usageRoutes);
  api.route('/billing', billingRoutes);
  api.route('/admin', adminRoutes);
  api.route('/blogs/posts/plan', planRoutes);
  api.route('/calendar', calendarRoutes);
  api.route('/workflows', workflowsRoutes);
  api.route('/queue', queueRoutes);
  api.route('/media', mediaRoutes);
}
